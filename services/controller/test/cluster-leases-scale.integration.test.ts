// Issue 19: a replica driving many agents renewed each lease on a timer of
// its own (one KV write per agent four times a TTL) and listed the replica
// set with a new consumer every driver tick, which piled up to nats-server's
// limit of 1,000 consumers per stream. What a replica costs the server must
// not grow with its agents: leases stand on one heartbeat, and the replica
// set is read from one watch.
import { connectNats, type NatsTransport } from "@boyd/bus";
import { startNats, waitFor, type NatsServer } from "@boyd/testkit";
import { jetstreamManager } from "@nats-io/jetstream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openKvCluster, type AgentLease, type Cluster } from "../src/index.js";

const TTL_MS = 1_000;
const AGENTS = 300;

let nats: NatsServer;
const connections: NatsTransport[] = [];

beforeAll(async () => {
  nats = await startNats();
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.close().catch(() => {})));
  await nats?.stop();
});

async function replica(id: string): Promise<Cluster> {
  const transport = await connectNats({ servers: nats.url });
  connections.push(transport);
  return openKvCluster({ connection: transport.connection, replicaId: id, ttlMs: TTL_MS });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("controller cluster over JetStream KV at scale", () => {
  it(`${AGENTS} leases held over 3 TTLs: no write per lease, no consumer per tick; a dead holder's leases go to another replica, also when it comes back under the same id`, async () => {
    const a = await replica("scale-a");
    const b = await replica("scale-b");
    const agents = Array.from({ length: AGENTS }, (_, i) => `agent-${i}`);
    const leases = (await Promise.all(agents.map((id) => a.leases.acquire(id)))) as AgentLease[];
    expect(leases.every((l) => l?.held())).toBe(true);

    const observer = await connectNats({ servers: nats.url });
    connections.push(observer);
    const jsm = await jetstreamManager(observer.connection);
    const writes = async () => (await jsm.streams.info("KV_boyd_controller_leases")).state.last_seq;
    const before = await writes();
    // The driver reads the replica set every tick (250 ms by default; here as fast as it goes).
    const until = Date.now() + 3 * TTL_MS;
    let reads = 0;
    while (Date.now() < until) {
      expect(await b.replicas.live()).toEqual(["scale-a", "scale-b"]);
      reads++;
      await sleep(10);
    }
    expect(reads).toBeGreaterThan(50);
    expect(await writes(), "writes to the lease bucket while the leases were held").toBe(before);
    expect(leases.every((l) => l.held()), "every lease still held on the heartbeat alone").toBe(true);
    const account = await jsm.getAccountInfo();
    expect(account.consumers, "consumers on the server (a watch per bucket per replica)").toBeLessThanOrEqual(8);

    expect(await b.leases.acquire(agents[0]!), "held by a live replica").toBeUndefined();
    expect(await b.leases.owner(agents[0]!)).toBe("scale-a");
    // a's link goes, as after a kill -9 (no goodbye): it stops trusting its leases, its heartbeat runs out, b takes its agents.
    await connections[0]!.close();
    await waitFor(() => leases.every((l) => !l.held()), 5_000, () => "a still trusts its leases without a heartbeat");
    let taken: AgentLease | undefined;
    await waitFor(async () => (taken = await b.leases.acquire(agents[0]!)) !== undefined, 5_000, () => "b never took a dead replica's lease");
    expect(taken!.held()).toBe(true);
    expect(await b.leases.owner(agents[0]!)).toBe("scale-b");
    // a back under the same id is a new incarnation: its predecessor's leases are nobody's, and b takes one at once.
    const a2 = await replica("scale-a");
    expect(await a2.leases.owner(agents[1]!)).toBeUndefined();
    expect((await b.leases.acquire(agents[1]!))?.held()).toBe(true);
    await a2.close();
    await b.close();
  }, 60_000);
});
