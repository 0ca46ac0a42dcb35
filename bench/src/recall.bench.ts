// Recall benchmark: what one Memory.Recall (episodes and facts) costs as
// the agent ages, in milliseconds and (on JetStream KV) NATS requests, on
// both stores: JetStream KV on a real nats-server with two replicas of the
// memory handlers over one bucket, and the embedded files store. An agent
// of age N has N episodes and N facts (what N cycles leave behind),
// written through the service as the controller does (RecordFacts;
// Remember then Consolidate). Then:
//   cold     the first recall of the agent by a replica that never read it
//            (KV: a second replica; files: the store reopened, as by a
//            restarted process, so its log is loaded too). The writer
//            recalled the agent once after growing it, as observe does
//            every cycle, so the logs' recall snapshots are written (the
//            files store writes none by default; the bench has it write them; in
//            the background; waited for here) and the cold recall loads
//            them and reads the changes after them (none here).
//   full     the same as cold by a replica that does not load snapshots:
//            it reads every record, as recall did before them (the
//            baseline, measured in the same run)
//   dropped  the same replica's recall after its recall indexes were
//            dropped (new handlers over the same open store), as when a
//            replica keeping the indexes of 128 agents recalls a 129th:
//            the snapshot again, without the files store's log load
//   warm     recalls with nothing changed since
//   bound    the same, bound to the position of the agent's last write
//            (after_position, as the controller's cycle asks; KV: the
//            reader's watch of the bucket says its cache is current)
//   changed  a recall after one more fact was recorded (KV: by the other
//            replica)
//   writes   RecordFacts (one fact) with a recall after each, as a cycle
//            does, one after the other in the same run: by a replica
//            writing no snapshots, and by one writing them as by default
//            (every min(1,024, max(64, records / 2)) changes), enough
//            writes for one snapshot of the facts (median, p99, max ms);
//            and 2 x BENCH_CALLS writes by one writing a snapshot every 8
//            changes, the worst case (median, p90)
// Requests are the messages the reader's store connection sends
// (nats.js stats().outMsgs). Ratios are against age 10, in the same run.
//
//   pnpm bench:recall
//   BENCH_AGES=10,1000,10000   agent ages
//   BENCH_CALLS=30             measured warm and changed recalls per age
//   BENCH_STORES=kv,files      stores to measure
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { connectNats, type CallContext, type NatsTransport } from "@boyd/bus";
import { createMemoryHandlers, openFileStore, openKvStore, type MemoryHandlerOptions, type MemoryStore, type SnapshotPolicy } from "@boyd/memory";
import { ConsolidationTrigger, Fact, WorkingMemoryKind } from "@boyd/proto";
import { startNats } from "@boyd/testkit";
import { summarize } from "./stats.js";

const ages = (process.env["BENCH_AGES"] ?? "10,1000,10000").split(",").map(Number);
const calls = Number(process.env["BENCH_CALLS"] ?? 30);
const storeNames = (process.env["BENCH_STORES"] ?? "kv,files").split(",");
const bucket = "bench_recall";
const ctx = {} as CallContext;
const QUERY = "crater far side";
// Working-memory entries consolidated at a time: under the pressure that
// would consolidate them on its own (0.8 of the default capacity of 100).
const EPISODES_PER_ROUND = 50;

type Handlers = ReturnType<typeof createMemoryHandlers>;

interface Replica {
  store: MemoryStore;
  handlers: Handlers;
  /** Messages sent on the replica's NATS connection so far (undefined: the store uses none). */
  sent: () => Promise<number | undefined>;
  close: () => Promise<void>;
}

/** Where an agent is grown and then recalled from. */
interface Backend {
  name: string;
  /** A replica that has read nothing yet. */
  replica: (options?: MemoryHandlerOptions) => Promise<Replica>;
  /** Makes `writer`'s writes visible to a new replica (files: the writer closes, as one process owns the directory). */
  handOver: (writer: Replica) => Promise<void>;
  /** Who records the fact of a "changed" recall. */
  changer: (writer: Replica, reader: Replica) => Replica;
  stop: () => Promise<void>;
}

/** Cost of one kind of recall at one age. */
interface Cost {
  /** NATS requests per recall (the same for every call of the kind); undefined without NATS. */
  requests: number | undefined;
  /** Median milliseconds per recall. */
  ms: number;
}

async function kvBackend(): Promise<Backend> {
  const server = await startNats();
  const transports: NatsTransport[] = [];
  return {
    name: "JetStream KV, two replicas",
    replica: async (options) => {
      const transport = await connectNats({ servers: server.url });
      transports.push(transport);
      const store = await openKvStore({ connection: transport.connection, bucket });
      const sent = async () => {
        await transport.connection.flush();
        return transport.connection.stats().outMsgs;
      };
      return { store, handlers: createMemoryHandlers(store, options), sent, close: () => Promise.resolve() };
    },
    handOver: () => Promise.resolve(),
    changer: (writer) => writer,
    stop: async () => {
      await Promise.all(transports.map((t) => t.close()));
      await server.stop();
    },
  };
}

function filesBackend(): Backend {
  const dir = mkdtempSync(join(os.tmpdir(), "bench-recall-"));
  return {
    name: "embedded files store",
    replica: async (options) => {
      const store = await openFileStore({ dir });
      return { store, handlers: createMemoryHandlers(store, options), sent: () => Promise.resolve(undefined), close: () => store.close() };
    },
    handOver: (writer) => writer.close(),
    changer: (_writer, reader) => reader,
    stop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  };
}

/** N cycles' worth of facts and episodes, written through the service. */
async function grow(h: Handlers, agentId: string, age: number): Promise<void> {
  const chunk = 500;
  for (let from = 0; from < age; from += chunk) {
    const ids = Array.from({ length: Math.min(chunk, age - from) }, (_, i) => from + i);
    await h.recordFacts({ agentId, facts: ids.map((i) => Fact.fromPartial({ agentId, content: `Crater ${i} lies on the far side of the moon`, source: "tool:kg_query" })) }, ctx);
  }
  let episodes = 0;
  for (let round = 0; episodes < age; round++) {
    const count = Math.min(EPISODES_PER_ROUND, age - episodes);
    const entries = Array.from({ length: count }, (_, i) => entryOf(`cycle ${episodes + i} looked at crater ${episodes + i}`, [`goal:craters`, `topic:crater_${episodes + i}`]));
    await h.remember({ afterPosition: 0, includeRules: false, agentId, session: undefined, provenance: [], save: undefined, cycle: 2 * round + 1, touchIds: [], entries }, ctx);
    const made = await h.consolidate({ agentId, cycle: 2 * round + 2, trigger: ConsolidationTrigger.MANUAL, goalIds: ["goal:craters"], config: undefined }, ctx);
    if (made.episodes.length === 0) throw new Error(`consolidation of ${agentId} made no episode from ${count} entries`);
    episodes += made.episodes.length;
  }
}

function entryOf(content: string, symbols: string[]) {
  return { id: 0, content, symbols, kind: WorkingMemoryKind.INFERENCE, timestampUnixMs: 0, relevance: 0.9, sourceCycle: 0, referenceCount: 0, accessCycles: [], toolName: "" };
}

/** Waits until both ranked logs of the agent have a recall snapshot (written in the background after a recall). */
async function snapshotsWritten(store: MemoryStore, agentId: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    const [episodes, facts] = await Promise.all([store.getIndexDoc(agentId, "episodes"), store.getIndexDoc(agentId, "facts")]);
    if (episodes && facts) {
      process.stderr.write(`  recall snapshots of ${agentId}: episodes ${(episodes.value.length / 1e6).toFixed(2)} MB, facts ${(facts.value.length / 1e6).toFixed(2)} MB\n`);
      return;
    }
  }
  throw new Error(`no recall snapshots of ${agentId} after 60 s`);
}

/** Runs one recall (bound to memory position `afterPosition`, 0: none, as any client but the controller asks); its requests and milliseconds. */
async function recall(r: Replica, agentId: string, afterPosition = 0): Promise<{ requests: number | undefined; ms: number }> {
  const before = await r.sent();
  const start = process.hrtime.bigint();
  const reply = await r.handlers.recall({ afterPosition, agentId, query: QUERY, symbols: [], topK: 5, includeFacts: true }, ctx);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (reply.facts.length === 0 || reply.episodes.length === 0) throw new Error(`recall of ${agentId} found ${reply.facts.length} facts and ${reply.episodes.length} episodes`);
  const after = await r.sent();
  return { requests: before === undefined || after === undefined ? undefined : after - before, ms };
}

/** Runs `count` recalls (each after `before`, unmeasured); the request count must not vary. */
async function repeated(r: Replica, agentId: string, count: number, before: (i: number) => Promise<unknown>, afterPosition = 0): Promise<Cost> {
  const ms: number[] = [];
  const requests = new Set<number | undefined>();
  for (let i = 0; i < count; i++) {
    await before(i);
    const one = await recall(r, agentId, afterPosition);
    ms.push(one.ms);
    requests.add(one.requests);
  }
  const counted = [...requests].filter((n): n is number => n !== undefined);
  return { requests: counted.length ? Math.max(...counted) : undefined, ms: summarize(ms).p50 };
}

type Row = { age: number; grownS: number; cold: Cost; full: Cost; dropped: Cost; warm: Cost; bound: Cost; changed: Cost; writes: { off: Latency; byDefault: Latency; every8Off: Latency; every8: Latency } };
type Latency = { p50: number; p90: number; p99: number; max: number };

const NO_SNAPSHOTS = { minChanges: Infinity, maxChanges: Infinity, load: false, write: false };
/** Snapshots written as by default on KV, on both stores (the files store writes none unless told, see SnapshotPolicy.write). */
const WRITE_SNAPSHOTS = { write: true };

/** RecordFacts latency with a recall after each write, by handlers over `store` writing snapshots as `snapshots` says. */
async function writeCost(store: MemoryStore, agentId: string, snapshots: Partial<SnapshotPolicy>, tag: string, count: number): Promise<Latency> {
  const handlers = createMemoryHandlers(store, { recallSnapshots: snapshots });
  const query = { agentId, query: QUERY, symbols: [], topK: 5, includeFacts: true, afterPosition: 0 };
  await handlers.recall(query, ctx);
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    await handlers.recordFacts({ agentId, facts: [Fact.fromPartial({ agentId, content: `Crater ${tag} ${i} was mapped from orbit`, source: "user" })] }, ctx);
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
    await handlers.recall(query, ctx);
  }
  const { p50, p90, p99, max } = summarize(ms);
  return { p50, p90, p99, max };
}

/** RecordFacts latency without snapshots and with them as by default (enough writes for one) or every 8 changes. */
async function writeCosts(store: MemoryStore, agentId: string, age: number): Promise<Row["writes"]> {
  const forOne = Math.min(1024, Math.max(64, age / 2)) + 16;
  return {
    off: await writeCost(store, agentId, NO_SNAPSHOTS, "off", forOne),
    byDefault: await writeCost(store, agentId, WRITE_SNAPSHOTS, "default", forOne),
    every8Off: await writeCost(store, agentId, NO_SNAPSHOTS, "off8", 2 * calls),
    every8: await writeCost(store, agentId, { minChanges: 8, maxChanges: 8, write: true }, "every8", 2 * calls),
  };
}

async function measure(backend: Backend): Promise<Row[]> {
  const rows: Row[] = [];
  const open: Replica[] = [];
  try {
    // Unmeasured: the first recall of a process also compiles and sets up
    // (JIT, the WebAssembly kernel), which is no cost of the agent's age.
    const warmup = await backend.replica();
    open.push(warmup);
    await grow(warmup.handlers, "warmup", 10);
    await recall(warmup, "warmup");
    await warmup.close();
    for (const age of ages) {
      const agentId = `aged-${age}`;
      const writer = await backend.replica({ recallSnapshots: WRITE_SNAPSHOTS });
      open.push(writer);
      const grown = Date.now();
      await grow(writer.handlers, agentId, age);
      const grownS = (Date.now() - grown) / 1000;
      process.stderr.write(`${backend.name}, age ${age}: grown in ${grownS.toFixed(1)} s\n`);
      await recall(writer, agentId);
      // Logs under 64 records get no snapshot (read whole, cheaply).
      if (age >= 64) await snapshotsWritten(writer.store, agentId);
      await backend.handOver(writer);
      const reader = await backend.replica();
      open.push(reader);
      const cold = await recall(reader, agentId);
      const dropped = await recall({ ...reader, handlers: createMemoryHandlers(reader.store) }, agentId);
      const warm = await repeated(reader, agentId, calls, () => Promise.resolve());
      // As the controller's cycle asks: bound to the position of the agent's last write (KV: the reader's watch says its cache is current).
      const bound = await repeated(reader, agentId, calls, () => Promise.resolve(), writer.store.position(agentId));
      const changer = backend.changer(writer, reader);
      const changed = await repeated(reader, agentId, calls, async (i) =>
        changer.handlers.recordFacts({ agentId, facts: [Fact.fromPartial({ agentId, content: `Crater extra ${i} was mapped from orbit`, source: "user" })] }, ctx),
      );
      // The baseline: a replica that reads every record (files: the store reopened again).
      await backend.handOver(reader);
      const fullReader = await backend.replica({ recallSnapshots: NO_SNAPSHOTS });
      open.push(fullReader);
      const full = await recall(fullReader, agentId);
      const writes = await writeCosts(fullReader.store, agentId, age);
      rows.push({ age, grownS, cold, full, dropped, warm, bound, changed, writes });
      await fullReader.close();
    }
  } finally {
    await Promise.all(open.map((r) => r.close().catch(() => undefined)));
  }
  return rows;
}

async function main(): Promise<void> {
  const reports: string[] = [];
  for (const name of storeNames) {
    const backend = name === "kv" ? await kvBackend() : name === "files" ? filesBackend() : undefined;
    if (!backend) throw new Error(`BENCH_STORES: unknown store ${JSON.stringify(name)} (kv or files)`);
    try {
      reports.push(report(backend.name, await measure(backend)));
    } finally {
      await backend.stop();
    }
  }
  console.log(reports.join("\n\n"));
}

function report(name: string, rows: Row[]): string {
  const base = rows[0]!;
  // 0 of 0 (a read bound to a position that asks nothing at any age) is flat: 1.00x.
  const ratio = (v: number, b: number): string => `${(b === 0 ? (v === 0 ? 1 : Infinity) : v / b).toFixed(2)}x`;
  const cell = (c: Cost, b: Cost): string =>
    c.requests === undefined || b.requests === undefined
      ? `${c.ms.toFixed(2).padStart(8)} ms (${ratio(c.ms, b.ms)})`
      : `${String(c.requests).padStart(3)} req ${c.ms.toFixed(2).padStart(8)} ms (${ratio(c.requests, b.requests)} req, ${ratio(c.ms, b.ms)} ms)`;
  const lines = [
    `recall on ${name} (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}); requests per recall, median ms, ratios to age ${base.age}`,
    `${"age".padStart(6)}  ${"cold (first read of the agent)".padEnd(44)}  ${"cold, full read (no snapshot: as before)".padEnd(44)}  ${"cold, indexes dropped (store open)".padEnd(44)}  ${"warm (unchanged)".padEnd(44)}  ${"warm, bound to the last write's position".padEnd(44)}  changed (1 fact recorded since)`,
    ...rows.map(
      (r) =>
        `${String(r.age).padStart(6)}  ${cell(r.cold, base.cold).padEnd(44)}  ${cell(r.full, base.full).padEnd(44)}  ${cell(r.dropped, base.dropped).padEnd(44)}  ${cell(r.warm, base.warm).padEnd(44)}  ${cell(r.bound, base.bound).padEnd(44)}  ${cell(r.changed, base.changed)}`,
    ),
    `cold with the snapshot / full read, same age: ${rows.map((r) => `${r.age}: ${ratio(r.cold.ms, r.full.ms)}`).join(", ")}`,
    `writes (RecordFacts of one fact, a recall after each): no snapshots vs snapshots by default, median / p99 / max ms; no snapshots vs one every 8 changes, median / p90 ms`,
    ...rows.map((r) => {
      const { off, byDefault, every8Off, every8 } = r.writes;
      const ms = (l: Latency, tail: "p99" | "p90") => `${l.p50.toFixed(2)} / ${l[tail].toFixed(2)}${tail === "p99" ? ` / ${l.max.toFixed(1)}` : ""}`;
      return `${String(r.age).padStart(6)}  off ${ms(off, "p99")}  default ${ms(byDefault, "p99")} (${ratio(byDefault.p50, off.p50)}, ${ratio(byDefault.p99, off.p99)} p99)   off ${ms(every8Off, "p90")}  every 8 ${ms(every8, "p90")} (${ratio(every8.p50, every8Off.p50)}, ${ratio(every8.p90, every8Off.p90)} p90)`;
    }),
  ];
  return lines.join("\n");
}

await main();
