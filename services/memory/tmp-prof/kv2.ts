import { connectNats } from "@boyd/bus";
import { startNats } from "@boyd/testkit";
import { Kvm } from "@nats-io/kv";
const server = await startNats();
const t = await connectNats({ servers: server.url });
const kv = await new Kvm(t.connection).create("c", { history: 1 });
const chunk = new Uint8Array(1024 * 1024 - 4096).fill(7);
await Promise.all(Array.from({ length: 16 }, (_, n) => kv.put(`x.${n}`, chunk)));
const { getKvIndexDoc } = await import("../src/store/kv-feeds.js");
for (let k = 0; k < 4; k++) {
  let t0 = performance.now();
  const got = await Promise.all(Array.from({ length: 16 }, (_, n) => kv.get(`x.${n}`)));
  console.log("parallel gets", (performance.now() - t0).toFixed(1), got.reduce((a, g) => a + g!.value.length, 0));
  t0 = performance.now();
  const r = await kv.get(`x.3`);
  console.log("one get", (performance.now() - t0).toFixed(1), r!.value.length);
}
process.exit(0);
