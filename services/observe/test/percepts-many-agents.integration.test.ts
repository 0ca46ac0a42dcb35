// Issue 19: creating agents stalled at about 1,000 in bench:scale, each
// agent's first Observe adding a durable JetStream consumer on the percept
// stream (one per agent, kept for good). The server's consumers must not
// grow with the agents, and every agent must still get its own percepts,
// oldest first, exactly once, whichever replica observes it.
import { connectNats, type NatsTransport } from "@boyd/bus";
import { startNats, type NatsServer } from "@boyd/testkit";
import { jetstreamManager } from "@nats-io/jetstream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openJetStreamPerceptInbox, PERCEPTS, publishPercept, type PerceptInbox } from "../src/index.js";

const AGENTS = 300;
const AT_ONCE = 16;

let nats: NatsServer;
let sender: NatsTransport;
const connections: NatsTransport[] = [];

beforeAll(async () => {
  nats = await startNats();
  sender = await connectNats({ servers: nats.url });
});
afterAll(async () => {
  await Promise.all([sender, ...connections].map((c) => c?.close()));
  await nats?.stop();
});

async function replica(): Promise<PerceptInbox> {
  const transport = await connectNats({ servers: nats.url });
  connections.push(transport);
  return openJetStreamPerceptInbox(transport, { memory: true });
}

/** Runs `fn` for 0..count-1, `limit` at a time. */
async function pooled(count: number, limit: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < count) await fn(next++);
  }));
}

/** One observation's worth of percepts for `agent`, committed. */
async function observeOnce(inbox: PerceptInbox, agent: string): Promise<string[]> {
  const batch = await inbox.take(agent, { limit: 100, deadline: Date.now() + 10_000 });
  await batch.commit();
  return batch.percepts.map((p) => `${p.agentId}/${p.id}`);
}

describe("percepts - many agents over a real nats-server", () => {
  it(`${AGENTS} agents observed through two replicas leave O(1) consumers on the server; each agent's percepts arrive once, oldest first`, async () => {
    const replicas = [await replica(), await replica()];
    const agents = Array.from({ length: AGENTS }, (_, i) => `many-${i}`);
    // Every agent observed once with nothing waiting (its first cycle), then sent two percepts.
    await pooled(AGENTS, AT_ONCE, async (i) => expect(await observeOnce(replicas[i % 2]!, agents[i]!)).toEqual([]));
    for (const agent of agents) for (const id of ["p1", "p2"]) await publishPercept(sender, { agentId: agent, id, content: `${id} for ${agent}` });

    // Each agent observed by both replicas at once: what one takes the other does not.
    const delivered = new Map<string, string[]>();
    await pooled(AGENTS, AT_ONCE, async (i) => {
      const agent = agents[i]!;
      const [a, b] = await Promise.all(replicas.map((r) => observeOnce(r, agent)));
      const again = await observeOnce(replicas[(i + 1) % 2]!, agent);
      delivered.set(agent, [...a!, ...b!, ...again]);
    });
    for (const agent of agents) expect(delivered.get(agent), agent).toEqual([`${agent}/p1`, `${agent}/p2`]);

    const jsm = await jetstreamManager(sender.connection);
    const stream = await jsm.streams.info(PERCEPTS.defaultStream);
    expect(stream.state.messages, "committed percepts are removed from the stream").toBe(0);
    expect(stream.state.consumer_count, "consumers on the percept stream").toBeLessThanOrEqual(2);
    const account = await jsm.getAccountInfo();
    expect(account.consumers, "consumers on the whole server").toBeLessThanOrEqual(4);
    expect(account.streams, "streams on the whole server").toBeLessThanOrEqual(4);
  }, 60_000);
});
