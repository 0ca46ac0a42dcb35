import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connectNats, type NatsTransport } from "@boyd/bus";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./fixtures/harness.js";

// Issue 17 item 3: one content_ingest call of a hostile document kept act
// from answering ListTools for 20-30 s. Each attack is a 2 MB page served
// over loopback (fetched documents may be 2 MB); while it is ingested, a concurrent ListTools must still be
// answered quickly, and the ingest must end (done or a clear error).
const SIZE = 2_000_000;
// `text`: whether any text is left once the markup is read (an unclosed
// comment or script hides the rest of the page, as in a browser).
const ATTACKS: Array<{ file: string; unit: string; text: boolean }> = [
  { file: "stars.md", unit: " *a", text: true },
  { file: "links.md", unit: "[", text: true },
  { file: "images.md", unit: "![a", text: true },
  { file: "comments.html", unit: "<!--", text: false },
  { file: "anchors.html", unit: "<a ", text: true },
  { file: "scripts.html", unit: "<script>", text: false },
];

let nats: NatsServer;
let transport: NatsTransport;
let h: Harness;
let web: Server;
let base: string;
const body = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

beforeAll(async () => {
  nats = await startNats();
  transport = await connectNats({ servers: nats.url });
  web = createServer((req, res) => {
    const attack = ATTACKS.find((a) => req.url === `/${a.file}`);
    if (!attack) return void res.writeHead(404).end();
    res.setHeader("content-type", attack.file.endsWith(".html") ? "text/html" : "text/markdown");
    res.end(body(attack.unit));
  });
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  const host = `127.0.0.1:${(web.address() as AddressInfo).port}`;
  base = `http://${host}`;
  h = await startHarness(transport, { config: { http: { allowHosts: [host] } } });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await transport?.close();
  await nats?.stop();
  await new Promise((r) => web?.close(r));
});

describe("act - content_ingest under attack", () => {
  for (const attack of ATTACKS) {
    it(`act - 2 MB of ${JSON.stringify(attack.unit)} ingests in bounded time while ListTools answers within 1 s`, async () => {
      const started = Date.now();
      const ingest = h.call("content_ingest", { source: `${base}/${attack.file}` });
      // Ask while the ingest is under way.
      await new Promise((r) => setTimeout(r, 20));
      const asked = Date.now();
      const { tools } = await h.client.listTools({});
      const listLatency = Date.now() - asked;
      const { result } = await ingest;
      const took = Date.now() - started;
      expect(tools.some((t) => t.name === "content_ingest")).toBe(true);
      expect(listLatency).toBeLessThan(1_000);
      expect(took).toBeLessThan(15_000);
      const output = result!.output!;
      if (attack.text) {
        expect(output.error?.message ?? "").toBe("");
        expect(output.content).toMatch(/^ingested .*: \d+ passage/);
      } else expect(output.error?.message).toBe(`source: "${base}/${attack.file}" holds no text`);
    }, 60_000);
  }
});
