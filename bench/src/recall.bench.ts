// Recall benchmark: what one Memory.Recall (episodes and facts) costs on the
// JetStream KV store as the agent ages, in NATS requests and milliseconds,
// on a real nats-server with two replicas of the memory handlers over one
// bucket. An agent of age N has N episodes and N facts (what N cycles
// leave behind). A writer replica grows each agent; a reader replica then
// recalls:
//   cold     its first recall of the agent (every record fetched once)
//   warm     recalls with nothing changed since (the cache validated)
//   changed  a recall after the writer recorded one more fact (the cache
//            brought up to date with that change only)
// Requests are the messages the reader's store connection sends
// (nats.js stats().outMsgs). Ratios are against age 10, in the same run.
//
//   pnpm bench:recall
//   BENCH_AGES=10,1000,10000   agent ages
//   BENCH_CALLS=30             measured warm and changed recalls per age
import os from "node:os";
import { connectNats, type CallContext, type NatsTransport } from "@boyd/bus";
import { createMemoryHandlers, openKvStore, type MemoryStore } from "@boyd/memory";
import { EpisodicEntry, Fact } from "@boyd/proto";
import { startNats } from "@boyd/testkit";
import { summarize } from "./stats.js";

const ages = (process.env["BENCH_AGES"] ?? "10,1000,10000").split(",").map(Number);
const calls = Number(process.env["BENCH_CALLS"] ?? 30);
const bucket = "bench_recall";
const ctx = {} as CallContext;
const QUERY = "crater far side";

interface Replica {
  transport: NatsTransport;
  store: MemoryStore;
  handlers: ReturnType<typeof createMemoryHandlers>;
}

/** Cost of one kind of recall at one age. */
interface Cost {
  /** NATS requests per recall (the same for every call of the kind). */
  requests: number;
  /** Median milliseconds per recall. */
  ms: number;
}

const bytes = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));

async function replica(url: string): Promise<Replica> {
  const transport = await connectNats({ servers: url });
  const store = await openKvStore({ connection: transport.connection, bucket });
  return { transport, store, handlers: createMemoryHandlers(store) };
}

/** N cycles' worth of episodes and facts, written in chunks (one KV create per record, as the service does). */
async function grow(store: MemoryStore, agentId: string, age: number): Promise<void> {
  const chunk = 500;
  for (let from = 0; from < age; from += chunk) {
    const ids = Array.from({ length: Math.min(chunk, age - from) }, (_, i) => from + i);
    await Promise.all([
      store.addRecords(agentId, "episodes", ids.map((i) => ({
        id: `episode:${agentId}:${i}`,
        value: bytes(EpisodicEntry.toJSON(EpisodicEntry.fromPartial({ symbolId: `episode:${agentId}:${i}`, summary: `cycle ${i} looked at crater ${i}`, learnings: [`topic:crater_${i}`], timestampUnixMs: 1_000 + i }))),
      }))),
      store.addRecords(agentId, "facts", ids.map((i) => ({
        id: `fact:${i}`,
        value: bytes(Fact.toJSON(Fact.fromPartial({ id: `fact:${i}`, agentId, content: `Crater ${i} lies on the far side of the moon`, source: "tool:kg_query", createdAtUnixMs: 1_000 + i }))),
      }))),
    ]);
  }
}

/** Runs one recall; its requests and milliseconds. */
async function recall(r: Replica, agentId: string): Promise<{ requests: number; ms: number }> {
  await r.transport.connection.flush();
  const before = r.transport.connection.stats().outMsgs;
  const start = process.hrtime.bigint();
  const reply = await r.handlers.recall({ agentId, query: QUERY, symbols: [], topK: 5, includeFacts: true }, ctx);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (reply.facts.length === 0) throw new Error(`recall of ${agentId} found no facts`);
  return { requests: r.transport.connection.stats().outMsgs - before, ms };
}

/** Runs `count` recalls (each after `before`, unmeasured); the request count must not vary. */
async function repeated(r: Replica, agentId: string, count: number, before: (i: number) => Promise<unknown>): Promise<Cost> {
  const ms: number[] = [];
  const requests = new Set<number>();
  for (let i = 0; i < count; i++) {
    await before(i);
    const one = await recall(r, agentId);
    ms.push(one.ms);
    requests.add(one.requests);
  }
  return { requests: Math.max(...requests), ms: summarize(ms).p50 };
}

async function main(): Promise<void> {
  const server = await startNats();
  const replicas: Replica[] = [];
  try {
    const writer = await replica(server.url);
    replicas.push(writer);
    const rows: { age: number; cold: Cost; warm: Cost; changed: Cost }[] = [];
    for (const age of ages) {
      const agentId = `aged-${age}`;
      const grown = Date.now();
      await grow(writer.store, agentId, age);
      process.stderr.write(`age ${age}: grown in ${((Date.now() - grown) / 1000).toFixed(1)} s\n`);
      const reader = await replica(server.url);
      replicas.push(reader);
      const cold = await recall(reader, agentId);
      const warm = await repeated(reader, agentId, calls, () => Promise.resolve());
      const changed = await repeated(reader, agentId, calls, async (i) =>
        writer.handlers.recordFacts({ agentId, facts: [Fact.fromPartial({ agentId, content: `Crater extra ${i} was mapped from orbit`, source: "user" })] }, ctx),
      );
      rows.push({ age, cold, warm, changed });
    }
    console.log(report(rows));
  } finally {
    await Promise.all(replicas.map((r) => r.transport.close()));
    await server.stop();
  }
}

function report(rows: { age: number; cold: Cost; warm: Cost; changed: Cost }[]): string {
  const base = rows[0]!;
  const ratio = (v: number, b: number): string => `${(v / b).toFixed(2)}x`;
  const cell = (c: Cost, b: Cost): string => `${String(c.requests).padStart(3)} req ${c.ms.toFixed(2).padStart(8)} ms (${ratio(c.requests, b.requests)} req, ${ratio(c.ms, b.ms)} ms)`;
  const lines = [
    `recall on JetStream KV, two replicas (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}); requests per recall, median ms, ratios to age ${base.age}`,
    `${"age".padStart(6)}  ${"cold (first read of the agent)".padEnd(44)}  ${"warm (unchanged)".padEnd(44)}  changed (another replica wrote 1 fact)`,
    ...rows.map((r) => `${String(r.age).padStart(6)}  ${cell(r.cold, base.cold).padEnd(44)}  ${cell(r.warm, base.warm).padEnd(44)}  ${cell(r.changed, base.changed)}`),
  ];
  return lines.join("\n");
}

await main();
