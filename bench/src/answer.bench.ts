/**
 * `pnpm bench:answer`: what Orient costs a cycle after the graph changed,
 * by graph size. An agent's goal is answered from the graph every cycle;
 * a write (a fact the agent learnt, which memory links into the graph)
 * used to make orient read every triple again for its vocabulary. Graphs
 * of the example's 43 triples, and of 10,000 and 100,000 more, in one
 * embedded stack each: per round, one new triple is written (Mutate), then
 * the goal is oriented on; the p50 of that Orient call against the
 * smallest graph's, in this run.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@boyd/bus";
import { GoalStatus, IngestFormat, OrientServiceDefinition } from "@boyd/proto";
import { startStack } from "@boyd/stack";
import { summarize } from "./stats.js";

const SIZES = [0, 10_000, 100_000];
const ROUNDS = 30;
const EXAMPLE = new URL("../../examples/solar-system.csv", import.meta.url);
const goal = { symbolId: "goal:mars", description: "Find the moons that orbit Mars", successCriteria: "phobos, deimos", status: GoalStatus.ACTIVE };

async function measure(extra: number): Promise<{ triples: number; p50: number; p99: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), "boyd-bench-answer-"));
  const stack = await startStack({ dataDir });
  try {
    const orient = createClient(stack.transport, OrientServiceDefinition, { timeoutMs: 600_000 });
    const rows = Array.from({ length: extra / 2 }, (_, i) => `thing_${i},related_to,thing_${(i * 7_919) % (extra / 2)},1\nthing_${i},is_a,kind_${i % 97},1`);
    const csv = `${await readFile(EXAMPLE, "utf8")}\n${rows.join("\n")}`;
    const ingested = await orient.ingest({ agentId: "bench", format: IngestFormat.CSV, source: { $case: "content", value: Buffer.from(csv) } });
    const request = { agentId: "bench", observation: { agentId: "bench", cycle: 1, goals: [goal], workingMemoryCapacity: 100 } };
    const times: number[] = [];
    for (let round = -3; round < ROUNDS; round++) {
      await orient.mutate({ agentId: "bench", add: [{ subject: `learnt_${round + 3}`, predicate: "observed_near", object: "mars", confidence: 1, source: "bench" }] });
      const t0 = performance.now();
      const { orientation } = await orient.orient(request);
      if (round >= 0) times.push((performance.now() - t0) * 1_000);
      const found = orientation?.goals[0]?.answers?.answers.map((a) => a.symbolId).sort();
      if (found?.join() !== "deimos,phobos") throw new Error(`graph of ${ingested.triplesAdded}: the goal's answers were ${JSON.stringify(found)}`);
    }
    const { p50, p99 } = summarize(times);
    return { triples: ingested.triplesAdded, p50, p99 };
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const extra of SIZES) results.push(await measure(extra));
const base = results[0]!.p50;
process.stdout.write(`Orient after a one-triple write, embedded, ${ROUNDS} rounds per graph (3 warm-up); ratio against the smallest graph's p50, this run\n`);
process.stdout.write(`${"triples".padStart(9)} ${"p50 ms".padStart(9)} ${"p99 ms".padStart(9)} ${"vs smallest".padStart(12)}\n`);
for (const r of results) {
  process.stdout.write(`${r.triples.toLocaleString("en").padStart(9)} ${(r.p50 / 1_000).toFixed(2).padStart(9)} ${(r.p99 / 1_000).toFixed(2).padStart(9)} ${`${(r.p50 / base).toFixed(2)}x`.padStart(12)}\n`);
}
