// What similarity_search's profiles cost over NATS, one Query per symbol (as
// the tool asked before) against one OrientService.QueryBatch of the same
// queries (as it asks now), in one run: the distributed stack of
// `pnpm bench:cycle` (every service in this process, a real nats-server),
// the solar-system graph, and the symbol sets similarity_search profiles
// (a target and its two-hop neighbourhood, up to 41 symbols). Reported per
// profile set: wall p50, CPU of this process + the nats-server, and the
// ratio batch / one-each. The two ways alternate in rounds (ABBA) so drift in
// machine load lands on both.
//
//   pnpm --filter @boyd/bench run query-batch     (BENCH_QB_SETS=<n> profile sets per way, default 2000)
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@boyd/bus";
import { IngestFormat, OrientServiceDefinition, type QueryRequest, type QueryResponse } from "@boyd/proto";
import { startStack } from "@boyd/stack";
import { startNats } from "@boyd/testkit";
import { cpuSpent, natsServerPid, sampleCpu, type ChildProcessRef } from "./cycle/cpu.js";
import { KNOWLEDGE_FILE } from "./cycle/workload.js";
import { summarize } from "./stats.js";

const AGENT = "bench-query-batch";
const TARGETS = ["jupiter", "saturn", "earth", "sun", "mars"];
const SETS = positive(process.env.BENCH_QB_SETS, 2_000);
const ROUNDS = 4;

type Way = "one Query each" | "one QueryBatch";
interface Tally {
  wallUs: number[];
  self: number;
  nats: number;
  sets: number;
  requests: number;
}

function positive(text: string | undefined, fallback: number): number {
  const n = text === undefined ? fallback : Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`BENCH_QB_SETS must be a positive integer, got ${JSON.stringify(text)}`);
  return n;
}

const say = (text: string): void => void process.stdout.write(text);

async function main(): Promise<void> {
  say(`@boyd/orient QueryBatch benchmark: node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}\n`);
  const nats = await startNats({ jetstream: true });
  const dataDir = await mkdtemp(join(tmpdir(), "boyd-bench-qb-"));
  const stack = await startStack({ dataDir, nats: nats.url, onError: (err, where) => say(`stack, ${where}: ${String(err)}\n`) });
  try {
    const orient = createClient(stack.transport, OrientServiceDefinition, { timeoutMs: 60_000 });
    await orient.ingest({ agentId: AGENT, format: IngestFormat.CSV, source: { $case: "content", value: await readFile(KNOWLEDGE_FILE) } });
    // The sets similarity_search profiles: each target and its two-hop neighbourhood (top 40).
    const sets: QueryRequest[][] = [];
    for (const target of TARGETS) {
      const { activations } = await orient.activate({ agentId: AGENT, seeds: [target], params: { maxDepth: 2, topK: 40, predicateFilter: [], includeBookkeeping: false } });
      const ids = [target, ...activations.flatMap((a) => (a.symbol && a.symbol.id !== target ? [a.symbol.id] : []))];
      sets.push(ids.map((id) => ({ agentId: AGENT, subject: id, predicate: "", object: "", termsAreLabels: false, minConfidence: 0, limit: 30, pageToken: "" })));
    }
    const ways: Record<Way, (queries: QueryRequest[]) => Promise<QueryResponse[]>> = {
      "one Query each": (queries) => Promise.all(queries.map((q) => orient.query(q))),
      "one QueryBatch": async (queries) => (await orient.queryBatch({ agentId: AGENT, queries })).results,
    };
    for (const queries of sets) {
      const [each, batch] = [await ways["one Query each"](queries), await ways["one QueryBatch"](queries)];
      if (JSON.stringify(each) !== JSON.stringify(batch)) throw new Error(`QueryBatch answered ${queries[0]!.subject}'s profiles differently from one Query each`);
    }
    say(`profile sets: ${sets.map((s) => `${s[0]!.subject} ${s.length}`).join(", ")} symbols; answers equal both ways\n`);

    const natsChild: ChildProcessRef = { name: "nats-server", pid: natsServerPid(nats.dir) };
    const tallies = new Map<Way, Tally>((Object.keys(ways) as Way[]).map((w) => [w, { wallUs: [], self: 0, nats: 0, sets: 0, requests: 0 }]));
    for (const way of Object.keys(ways) as Way[]) for (let i = 0; i < 100; i++) await ways[way](sets[i % sets.length]!); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      const order = (round % 2 === 0 ? Object.keys(ways) : Object.keys(ways).reverse()) as Way[];
      for (const way of order) {
        const tally = tallies.get(way)!;
        const before = sampleCpu([natsChild]);
        for (let i = 0; i < SETS / ROUNDS; i++) {
          const queries = sets[i % sets.length]!;
          const start = process.hrtime.bigint();
          await ways[way](queries);
          tally.wallUs.push(Number(process.hrtime.bigint() - start) / 1_000);
          tally.requests += way === "one QueryBatch" ? 1 : queries.length;
          tally.sets++;
        }
        const spent = cpuSpent(before, sampleCpu([natsChild]));
        tally.self += spent.self;
        tally.nats += spent.children["nats-server"] ?? 0;
      }
    }
    report(tallies);
  } finally {
    await stack.stop();
    await nats.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(tallies: ReadonlyMap<Way, Tally>): void {
  const row = (way: Way) => {
    const t = tallies.get(way)!;
    const cpu = ((t.self + t.nats) * 1_000) / t.sets;
    return { way, p50: summarize(t.wallUs).p50, cpu, self: (t.self * 1_000) / t.sets, nats: (t.nats * 1_000) / t.sets, requests: t.requests / t.sets };
  };
  const [each, batch] = [row("one Query each"), row("one QueryBatch")];
  say(`\n${"per profile set".padEnd(18)}${"NATS requests".padStart(15)}${"wall p50 µs".padStart(13)}${"CPU µs".padStart(10)}   (this process + nats-server)\n`);
  for (const r of [each, batch]) say(`${r.way.padEnd(18)}${r.requests.toFixed(1).padStart(15)}${r.p50.toFixed(0).padStart(13)}${r.cpu.toFixed(0).padStart(10)}   (${r.self.toFixed(0)} + ${r.nats.toFixed(0)})\n`);
  say(`batch / one each: wall p50 ${(batch.p50 / each.p50).toFixed(2)}x, CPU ${(batch.cpu / each.cpu).toFixed(2)}x (this process ${(batch.self / each.self).toFixed(2)}x, nats-server ${(batch.nats / each.nats).toFixed(2)}x); ${SETS} sets per way in ${ROUNDS} alternating rounds\n`);
}

await main();
