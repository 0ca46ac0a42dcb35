// A take reads the stream, then the claims, then writes its claim against
// the revision it read. The write must fail when anything was written to
// the agent's claims key since, including a claim that was made, committed
// and dropped in between (the key deleted): the percepts that take read may
// be delivered by then. The CI run of 2026-11-28 delivered an agent's two
// percepts twice this way (nats.js `create` writes over a delete marker).
import { connectNats, type NatsTransport } from "@boyd/bus";
import { startNats, type NatsServer } from "@boyd/testkit";
import { Kvm, type KV } from "@nats-io/kv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PerceptClaims } from "../src/percepts/claims.js";

let nats: NatsServer;
let transport: NatsTransport;
let kv: KV;

beforeAll(async () => {
  nats = await startNats();
  transport = await connectNats({ servers: nats.url });
  kv = await new Kvm(transport.connection).create("claims_test", { history: 1 });
});
afterAll(async () => {
  await transport?.close();
  await nats?.stop();
});

describe("percept claims", () => {
  it("a claim written against a stale read fails though the claim made meanwhile was dropped", async () => {
    const claims = new PerceptClaims(kv);
    const stale = await claims.read("agent-a");
    expect(stale.revision).toBe(0);

    // Another replica claims the same percepts, commits and drops its claim (the key is deleted).
    const other = await claims.claim("agent-a", await claims.read("agent-a"), [1, 2], 30_000);
    expect(other).toBeDefined();
    await claims.drop("agent-a", other!);
    expect((await claims.read("agent-a")).claims).toEqual([]);

    expect(await claims.claim("agent-a", stale, [1, 2], 30_000), "a claim on a stale read").toBeUndefined();
    const fresh = await claims.read("agent-a");
    expect(await claims.claim("agent-a", fresh, [3], 30_000), "a claim on a fresh read").toBeDefined();
  });

  it("a claim against a stale read fails while another claim is live", async () => {
    const claims = new PerceptClaims(kv);
    const stale = await claims.read("agent-b");
    expect(await claims.claim("agent-b", await claims.read("agent-b"), [1], 30_000)).toBeDefined();
    expect(await claims.claim("agent-b", stale, [1], 30_000)).toBeUndefined();
  });
});
