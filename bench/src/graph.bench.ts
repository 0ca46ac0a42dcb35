// Knowledge-graph benchmark: ingest rate and spreading activation at depth
// 1-3 on generated graphs, embedded vs Neo4j, printed side by side with the
// ratio Neo4j/embedded measured in the same run. Neo4j is measured twice on
// the same data: "neo4j" with its neighbourhood cache (the measured
// activations repeat, the graph does not change between them, so after the
// first they cost one round trip), and "neo4j-cold" with the cache off, as
// every activation after a write is. The embedded store also reads every
// triple of one predicate a page at a time, reported per triple against the
// smallest graph of the run (a page must not cost more the further it is).
//
//   pnpm bench:graph                      all sizes, both backends
//   BENCH_SIZES=10000,100000 pnpm bench:graph
//   BENCH_NEO4J_MAX=100000                largest graph loaded into Neo4j (its ingest is the slow part)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GraphStore, openEmbeddedBackend, openNeo4jBackend, type TripleInput } from "@boyd/graph";
import { seededRandom, startNeo4j } from "@boyd/testkit";
import { generateTriples, PREDICATES, seedsFor, type GraphShape } from "./graph/generate.js";
import { summarize } from "./stats.js";

const sizes = (process.env["BENCH_SIZES"] ?? "10000,100000,1000000").split(",").map(Number);
const neo4jMax = Number(process.env["BENCH_NEO4J_MAX"] ?? 1_000_000);
const runs = Number(process.env["BENCH_RUNS"] ?? 30);
// Neo4j's JIT needs a few thousand queries to settle (a RETURN 1 goes from
// ~4 ms to ~0.6 ms); both backends get the same warm-up before measuring.
const warmup = Number(process.env["BENCH_WARMUP"] ?? 400);
const shapes: GraphShape[] = ["uniform", "hub-heavy"];
const BATCH = 1_000;

interface Row {
  size: number;
  shape: GraphShape;
  backend: string;
  ingestPerSec: number;
  depthMs: number[]; // median ms at depth 1, 2, 3
}

/** Reading every triple of one predicate, a page of 10,000 at a time (declarations, functional facts, a query by predicate). */
interface Scan {
  size: number;
  shape: GraphShape;
  triples: number;
  /** Median µs per triple read, first pass after the writes and passes after it. */
  firstUs: number;
  againUs: number;
}

const SCAN_PAGE = 10_000;

/** Every triple of the first predicate, page by page: ms of the first pass, and the median of the passes after it. */
async function predicateScan(store: GraphStore): Promise<{ triples: number; firstMs: number; againMs: number }> {
  const pass = async (): Promise<{ n: number; ms: number }> => {
    const started = performance.now();
    let n = 0;
    for (let offset = 0; ; offset += SCAN_PAGE) {
      const page = await store.query({ predicate: PREDICATES[0]! }, { limit: SCAN_PAGE, offset });
      n += page.length;
      if (page.length < SCAN_PAGE) break;
    }
    return { n, ms: performance.now() - started };
  };
  const first = await pass();
  const again: number[] = [];
  for (let i = 0; i < 5; i++) again.push((await pass()).ms);
  return { triples: first.n, firstMs: first.ms, againMs: summarize(again.map((ms) => ms * 1_000)).p50 / 1_000 };
}

async function ingest(store: GraphStore, triples: Iterable<TripleInput>): Promise<number> {
  const started = performance.now();
  let batch: TripleInput[] = [];
  let n = 0;
  for (const t of triples) {
    batch.push(t);
    if (batch.length === BATCH) {
      await store.addTriples(batch);
      n += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await store.addTriples(batch);
  n += batch.length;
  return n / ((performance.now() - started) / 1_000);
}

/**
 * Median activation ms at depth 1, 2 and 3 for each store. The stores take
 * turns, sample by sample, so a burst of load on the (shared) machine falls
 * on all of them alike and their ratios stay meaningful.
 */
async function activationMs(stores: readonly GraphStore[], size: number): Promise<number[][]> {
  const seeds = seedsFor(size);
  const random = seededRandom(7);
  const nodes = Math.floor(size / 10);
  for (let i = 0; i < warmup; i++) {
    // Other seeds than the measured ones, so no answer is merely cached.
    const query = { seeds: [`n${Math.floor(random() * nodes)}`], maxDepth: 1 + (i % 3), topK: 10, fanOutCap: 64 };
    for (const store of stores) await store.activate(query);
  }
  const out: number[][] = stores.map(() => []);
  for (const depth of [1, 2, 3]) {
    const samples: number[][] = stores.map(() => []);
    for (let i = 0; i < runs + 3; i++) {
      for (const [s, store] of stores.entries()) {
        const started = performance.now();
        await store.activate({ seeds, maxDepth: depth, topK: 10, fanOutCap: 64 });
        if (i >= 3) samples[s]!.push((performance.now() - started) * 1_000); // µs; first runs warm up
      }
    }
    samples.forEach((ms, s) => out[s]!.push(summarize(ms).p50 / 1_000));
  }
  return out;
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const scans: Scan[] = [];
  const neo4j = await startNeo4j({ heap: "2g" });
  let labelNo = 0;
  try {
    for (const size of sizes) {
      for (const shape of shapes) {
        const dir = mkdtempSync(join(tmpdir(), "boyd-bench-graph-"));
        const { backend } = await openEmbeddedBackend({ dir, compactAfterRecords: 1_000_000 });
        const embedded = new GraphStore(backend);
        const embeddedIngest = await ingest(embedded, generateTriples(size, shape));
        const scan = await predicateScan(embedded);
        scans.push({ size, shape, triples: scan.triples, firstUs: (scan.firstMs * 1_000) / scan.triples, againUs: (scan.againMs * 1_000) / scan.triples });
        if (size <= neo4jMax) {
          const label = `Bench${++labelNo}`;
          const neo = await openNeo4jBackend({ uri: neo4j.uri, label });
          const store = new GraphStore(neo);
          const neoIngest = await ingest(store, generateTriples(size, shape));
          // The same graph, read through a second backend without the cache.
          const cold = new GraphStore(await openNeo4jBackend({ uri: neo4j.uri, label, cacheEdges: 0 }));
          const [e, n, c] = await activationMs([embedded, store, cold], size);
          rows.push({ size, shape, backend: "embedded", ingestPerSec: embeddedIngest, depthMs: e! });
          rows.push({ size, shape, backend: "neo4j", ingestPerSec: neoIngest, depthMs: n! });
          rows.push({ size, shape, backend: "neo4j-cold", ingestPerSec: neoIngest, depthMs: c! });
          await cold.close();
          await neo.clear();
          await neo.dropSchema();
          await store.close();
        } else {
          const [e] = await activationMs([embedded], size);
          rows.push({ size, shape, backend: "embedded", ingestPerSec: embeddedIngest, depthMs: e! });
        }
        await embedded.close();
        rmSync(dir, { recursive: true, force: true });
        print(rows.filter((r) => r.size === size && r.shape === shape));
      }
    }
  } finally {
    await neo4j.dispose();
  }
  console.log("\n== summary");
  print(rows);
  printScans(scans);
  const target = rows.find((r) => r.size === 1_000_000 && r.shape === "hub-heavy" && r.backend === "embedded");
  if (target) {
    const ms = target.depthMs[2]!;
    console.log(`target "embedded 3-hop activation on 1M edges (hub-heavy) under 50 ms": ${ms < 50 ? "MET" : "NOT MET"} (${ms.toFixed(2)} ms)`);
  }
  // Issue 19: Neo4j activation within 10x of embedded at 100k edges, at
  // depth 3 (depth 1 takes the embedded store ~20 µs, under one Bolt round
  // trip); the worst ratio over all depths is printed beside it.
  for (const backend of ["neo4j", "neo4j-cold"]) {
    const at100k = rows.filter((r) => r.size === 100_000);
    const depth3 = neo4jRatios(at100k, backend, [2]);
    if (depth3.length === 0) continue;
    const worst = Math.max(...depth3);
    const anyDepth = Math.max(...neo4jRatios(at100k, backend, [0, 1, 2]));
    console.log(
      `target "${backend} 3-hop activation within 10x of embedded at 100k edges": ${worst <= 10 ? "MET" : "NOT MET"} ` +
        `(worst ratio ${worst.toFixed(1)}x; at any depth ${anyDepth.toFixed(1)}x)`,
    );
  }
}

/** `backend`/embedded activation time at the given depth indexes, for each of its rows against its embedded twin. */
function neo4jRatios(rows: Row[], backend: string, depths: number[]): number[] {
  return rows
    .filter((r) => r.backend === backend)
    .map((n) => ({ n, e: rows.find((e) => e.backend === "embedded" && e.size === n.size && e.shape === n.shape)! }))
    .flatMap(({ n, e }) => depths.map((i) => n.depthMs[i]! / e.depthMs[i]!));
}

/** The embedded predicate scans, per triple, each size against the smallest of its shape in this run (flat: the cost of a page does not grow with the pages before it). */
function printScans(scans: Scan[]): void {
  console.log(`\nembedded: every triple of one predicate, ${SCAN_PAGE.toLocaleString("en-US")} a page, µs per triple (first pass after the writes; passes after it)`);
  console.log(`${"edges".padStart(9)}  ${"shape".padEnd(9)}  ${"triples".padStart(9)}  ${"first µs".padStart(9)}  ${"again µs".padStart(9)}  ${"vs smallest".padStart(12)}`);
  for (const s of scans) {
    const smallest = scans.find((x) => x.shape === s.shape)!;
    console.log(
      `${String(s.size).padStart(9)}  ${s.shape.padEnd(9)}  ${String(s.triples).padStart(9)}  ${s.firstUs.toFixed(3).padStart(9)}  ${s.againUs.toFixed(3).padStart(9)}  ${`${(s.firstUs / smallest.firstUs).toFixed(2)}x, ${(s.againUs / smallest.againUs).toFixed(2)}x`.padStart(12)}`,
    );
  }
}

function print(rows: Row[]): void {
  const num = (v: number, d = 2): string => v.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
  console.log(
    `${"edges".padStart(9)}  ${"shape".padEnd(9)}  ${"backend".padEnd(10)}  ${"ingest/s".padStart(10)}  ${"d1 ms".padStart(8)}  ${"d2 ms".padStart(8)}  ${"d3 ms".padStart(8)}  ${"neo4j/emb d1,d2,d3".padStart(20)}`,
  );
  for (const r of rows) {
    const twin = rows.find((e) => e.backend === "embedded" && e.size === r.size && e.shape === r.shape);
    const ratio = r.backend !== "embedded" && twin ? r.depthMs.map((ms, i) => `${(ms / twin.depthMs[i]!).toFixed(1)}x`).join(",") : "";
    console.log(
      `${String(r.size).padStart(9)}  ${r.shape.padEnd(9)}  ${r.backend.padEnd(10)}  ${num(r.ingestPerSec, 0).padStart(10)}  ${r.depthMs.map((m) => num(m).padStart(8)).join("  ")}  ${ratio.padStart(20)}`,
    );
  }
}

await main();
