// Decide benchmark. Part 1: ns per similarity of two 10,000-bit hypervectors,
// plain JS against WebAssembly, pairwise (hammingJs / hammingWasm) and as a
// batch scan of one query against N stored vectors (nsPerDistance), with the
// kernel defaultKernelKind() picked. Part 2: latency of the decide handler
// with 10, 100 and 1,000 tools in the catalog (the 15 built-in tools plus
// synthetic ones with random keywords), warm (same goal text, so the goal
// vector is cached and the profiles are synced) and cold (new goal text each
// call, so the goal is encoded every time). The floor is one batch scan of the
// goal vector against the N profile vectors.
//
//   pnpm bench:decide
//   BENCH_TOOLS=10,100,1000   catalog sizes (fewer than 15 takes the first built-ins)
//   BENCH_CALLS=500           measured decide calls per size and mode
//   BENCH_WARMUP=50           unmeasured calls before them
//   BENCH_ROUNDS=20           rounds of the kernel measurements (best round counts)
import os from "node:os";
import type { CallContext } from "@boyd/bus";
import { createDecideHandlers, profileText } from "@boyd/decide";
import { Archetype, DangerLevel, Goal, GoalStatus, Observation, ScoringMethod, type DecideRequest, type ToolDescriptor } from "@boyd/proto";
import { BUILTIN_TOOLS } from "@boyd/tools";
import {
  createKernel, defaultKernelKind, hammingJs, hammingWasm, nsPerDistance, Prng, randomVector, TextEncoder, VectorTable, wasmAvailable, type Hypervector,
} from "@boyd/vsa";
import { summarize } from "./stats.js";

const sizes = (process.env["BENCH_TOOLS"] ?? "10,100,1000").split(",").map(Number);
const calls = Number(process.env["BENCH_CALLS"] ?? 500);
const warmup = Number(process.env["BENCH_WARMUP"] ?? 50);
const rounds = Number(process.env["BENCH_ROUNDS"] ?? 20);
const BATCH = 1_000; // vectors per batch scan in part 1
const PAIRS = 20_000; // pairwise distances per timed round
const GOAL = "download the quarterly report from the finance website and summarise it";
const TARGET_US = 500;

// ~300 ordinary words the synthetic tools' keywords are drawn from.
const VOCABULARY = (
  "account address agenda alarm album answer apple archive area article audio author backup balance bank banner basket battery " +
  "bill bird board book border bottle box brand bridge browser budget bug building button cable cache calendar camera campaign " +
  "card career carpet cart catalog category chart chat check chef circle city class clock cloud coach code coffee coin collect " +
  "color column comment company compare compile contact contract convert cookie copy count country course cover credit crop " +
  "customer cycle daily dashboard data date deal debt delete delivery design desk detail device diagram dictionary diet digest " +
  "direction discount disk display document domain draft drawing driver email engine entry error estimate event exam export " +
  "factory family farm feed fence field figure file filter finance flight floor flower folder font food forecast form format " +
  "frame friend fuel game garden gate gift glass graph group guide habit hardware health history holiday home hotel hour house " +
  "image import inbox index invoice island item job journal key kitchen label language laptop layer lesson letter library " +
  "license light limit line link list loan lock log machine mail map market match meal measure media meeting memory menu " +
  "merge message meter method metric minute mobile model money monitor month movie music network news note number office " +
  "order owner package page paint panel paper parcel park password payment people photo picture pipeline plan planet plant " +
  "player policy poll portal post poster price print printer process product profile project prompt queue quiz radio rate " +
  "recipe record region rent repair reply request review reward river road room route rule salary sale sample schedule school " +
  "score screen script search season seat sector server service session share sheet shift shop signal site size sketch skill " +
  "slide software song sound source space speaker speed sport spreadsheet staff stage station status stock storage store story " +
  "stream street student study style subject summary supply survey table target task team template tenant test ticket timer " +
  "title token topic total tour town track trade traffic train travel trend trip update upload user value vendor version video " +
  "village visit voice volume wallet watch water weather website week window winter word worker year zone"
).split(" ");

/** Catalog of `count` tools: the built-ins (at most `count` of them), then synthetic VSA-scored tools. */
function catalog(count: number): ToolDescriptor[] {
  const template = BUILTIN_TOOLS.find((t) => t.scoring === ScoringMethod.VSA_SEMANTIC)!;
  const rng = new Prng(0xdec1de);
  const tools = BUILTIN_TOOLS.slice(0, count);
  for (let i = tools.length; i < count; i++) {
    const keywords = new Set<string>();
    const want = 6 + (rng.nextU32() % 5); // 6-10 distinct keywords
    while (keywords.size < want) keywords.add(VOCABULARY[rng.nextU32() % VOCABULARY.length]!);
    tools.push({
      ...template,
      name: `tool_${String(i).padStart(4, "0")}`,
      description: `Generic tool working with ${[...keywords].slice(0, 3).join(", ")}.`,
      keywords: [...keywords],
      scoring: ScoringMethod.VSA_SEMANTIC,
      vsaThreshold: 0.55,
      vsaMultiplier: 0.75,
      danger: DangerLevel.SAFE,
      requiredParams: [],
      capabilities: [],
      hasSideEffects: false,
      archetype: Archetype.UNSPECIFIED,
    });
  }
  return tools;
}

/** A decide request for one active goal with 2 triples and 2 activated symbols (the shape of the test fixtures). */
function request(description: string, tools: ToolDescriptor[]): DecideRequest {
  const goal = Goal.fromPartial({ symbolId: "goal:1", description, priority: 128, status: GoalStatus.ACTIVE, stallThreshold: 5 });
  const triple = (subject: string, predicate: string, object: string) =>
    ({ subject, predicate, object, confidence: 0.9, source: "bench", createdAtUnixMs: 0, temporal: undefined, subjectLabel: subject, predicateLabel: predicate, objectLabel: object });
  const activated = (id: string, activation: number) => ({ symbol: { id, label: id, kind: 1, type: "entity" }, activation, provenance: undefined });
  return {
    agentId: "agent-1",
    orientation: {
      agentId: "agent-1",
      cycle: 3,
      observation: Observation.fromPartial({ agentId: "agent-1", cycle: 3, goals: [goal], activeGoalIds: [goal.symbolId], workingMemoryCapacity: 100 }),
      goals: [{
        goalId: goal.symbolId,
        triples: [triple("finance_site", "publishes", "quarterly_report"), triple("quarterly_report", "format", "pdf")],
        inferences: [activated("quarterly_report", 0.8), activated("finance_site", 0.6)],
        supportingTriples: [],
        answers: undefined,
      }],
      episodeKnowledge: [], memoryPressure: 0, graphTripleCount: 0, summary: "",
    },
    history: [], plan: undefined, psyche: undefined, tools, rules: [], catalogVersion: "", excludedTools: [],
  };
}

/** Best-of-`rounds` ns per call of a pairwise distance function over 64 random vectors. */
function pairwiseNs(distance: (a: Hypervector, b: Hypervector) => number): number {
  const rng = new Prng(7);
  const vs = Array.from({ length: 64 }, () => randomVector(rng));
  let best = Infinity;
  let sink = 0; // consumed below so the calls cannot be optimised away
  for (let r = 0; r <= rounds; r++) {
    const t0 = performance.now();
    for (let i = 0; i < PAIRS; i++) sink += distance(vs[i & 63]!, vs[(i + 1) & 63]!);
    if (r > 0) best = Math.min(best, performance.now() - t0); // round 0 warms the JIT
  }
  if (sink < 0) console.log(sink);
  return (best * 1e6) / PAIRS;
}

/** ns per distance of a batch scan; a first unmeasured pass lets the JIT settle (the JS loop runs ~1.6x slower before it does). */
function batchNs(kind: "js" | "wasm"): number {
  const kernel = createKernel(kind);
  nsPerDistance(kernel, BATCH, rounds);
  return nsPerDistance(kernel, BATCH, rounds);
}

/** Decide latencies in µs; `goalFor(i)` gives the goal text of call i. */
async function decideLatencies(tools: ToolDescriptor[], goalFor: (i: number) => string): Promise<number[]> {
  const handlers = createDecideHandlers();
  const ctx: CallContext = { service: "boyd.v1.DecideService", method: "Decide", deadline: Date.now() + 3_600_000, signal: new AbortController().signal };
  const samples: number[] = [];
  for (let i = 0; i < warmup + calls; i++) {
    const req = request(goalFor(i), tools); // built outside the timed span
    const t0 = performance.now();
    const { decision } = await handlers.decide(req, ctx);
    if (i >= warmup) samples.push((performance.now() - t0) * 1_000);
    if (!decision?.call) throw new Error(`decide chose no tool with ${tools.length} tools`);
  }
  return samples;
}

/** µs of one batch similarity scan of the goal vector against the catalog's profile vectors (median of many). */
function floorUs(tools: ToolDescriptor[]): number {
  const encoder = new TextEncoder();
  const table = new VectorTable();
  for (const t of tools) table.add(encoder.encode(profileText(t)));
  const goal = encoder.encode(GOAL);
  const samples: number[] = [];
  for (let i = 0; i < warmup + calls; i++) {
    const t0 = performance.now();
    table.similarities(goal);
    if (i >= warmup) samples.push((performance.now() - t0) * 1_000);
  }
  return summarize(samples).p50;
}

async function main(): Promise<void> {
  const num = (v: number, d = 1): string => v.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
  console.log(`decide benchmark: node ${process.version}, ${os.cpus()[0]?.model ?? "?"} x${os.cpus().length}; ${calls} calls after ${warmup} warm-up\n`);

  // Part 1: the similarity kernels.
  const wasm = wasmAvailable();
  const pairJs = pairwiseNs(hammingJs);
  const pairWasm = wasm ? pairwiseNs(hammingWasm) : NaN;
  const batchJs = batchNs("js");
  const batchWasm = wasm ? batchNs("wasm") : NaN;
  const kind = defaultKernelKind();
  console.log("== similarity of 10,000-bit vectors, ns each (best of rounds)");
  console.log(`${"".padEnd(24)}${"js".padStart(10)}${"wasm".padStart(10)}${"js/wasm".padStart(10)}`);
  console.log(`${"pairwise".padEnd(24)}${num(pairJs).padStart(10)}${num(pairWasm).padStart(10)}${`${num(pairJs / pairWasm, 2)}x`.padStart(10)}`);
  console.log(`${`batch scan of ${BATCH}`.padEnd(24)}${num(batchJs).padStart(10)}${num(batchWasm).padStart(10)}${`${num(batchJs / batchWasm, 2)}x`.padStart(10)}`);
  console.log(`defaultKernelKind(): ${kind} (${num(kind === "js" ? batchJs : batchWasm)} ns per distance in the batch scan)\n`);

  // Part 2: decide latency against catalog size.
  console.log("== decide latency, µs (handler call, request built outside the timing)");
  console.log(
    `${"tools".padStart(6)}${"warm p50".padStart(11)}${"warm p99".padStart(11)}${"cold p50".padStart(11)}${"cold p99".padStart(11)}${"floor".padStart(9)}${"warm/floor".padStart(12)}`,
  );
  let targetP50: number | undefined;
  for (const size of sizes) {
    const tools = catalog(size);
    const warm = summarize(await decideLatencies(tools, () => GOAL));
    const cold = summarize(await decideLatencies(tools, (i) => `${GOAL} batch${i}`));
    const floor = floorUs(tools);
    if (size === 1_000) targetP50 = warm.p50;
    console.log(
      `${String(size).padStart(6)}${[warm.p50, warm.p99, cold.p50, cold.p99].map((v) => num(v).padStart(11)).join("")}` +
        `${num(floor).padStart(9)}${`${num(warm.p50 / floor)}x`.padStart(12)}`,
    );
  }
  if (targetP50 !== undefined) {
    const met = targetP50 < TARGET_US;
    console.log(`\ntarget "1,000 tools scored under 0.5 ms (warm p50)": ${met ? "MET" : "NOT MET"} (${num(targetP50)} µs)`);
  }
}

await main();
