import { connectNats } from "@boyd/bus";
import { startNats } from "@boyd/testkit";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { Kvm } from "@nats-io/kv";
import { getKvIndexDoc, putKvIndexDoc } from "../src/store/kv-feeds.js";
const server = await startNats();
const t = await connectNats({ servers: server.url });
const kv = await new Kvm(t.connection).create("c", { history: 1 });
const parts = { kv, bucket: "c", js: jetstream(t.connection), jsm: await jetstreamManager(t.connection) };
const value = new Uint8Array(16 * 1024 * 1024).fill(7);
let t0 = performance.now();
await putKvIndexDoc(parts, "a", "facts", value);
console.log("put", (performance.now() - t0).toFixed(1));
for (let k = 0; k < 4; k++) {
  t0 = performance.now();
  const d = await getKvIndexDoc(parts, "a", "facts");
  console.log("consumer get", (performance.now() - t0).toFixed(1), d?.value.length);
  t0 = performance.now();
  const head = JSON.parse(new TextDecoder().decode((await kv.get("a.idx.facts"))!.value));
  const got = await Promise.all(Array.from({ length: head.chunks }, (_, n) => kv.get(`a.idxc.facts.${head.id}.${n}`)));
  console.log("parallel gets", (performance.now() - t0).toFixed(1), got.reduce((a, g) => a + g!.value.length, 0));
}
process.exit(0);
