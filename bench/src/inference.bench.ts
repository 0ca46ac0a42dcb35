// Inference benchmark: forward chaining (semi-naive, materialise everything)
// against backward chaining (tabled, one query at a time) on generated
// organisations, embedded store. A declared owl:TransitiveProperty
// (reports_to) and a two-atom Horn rule from a rules file (speaks) are in
// force. Printed: the forward time, the median time of one backward query,
// and their ratio measured in the same run, and a check that the backward
// answers equal the forward facts for every query asked.
//
//   pnpm bench:inference
//   BENCH_SIZES=1000,4000 BENCH_QUERIES=20 pnpm bench:inference
import { GraphStore, ingestRulesText, openEmbeddedBackend, type TripleInput } from "@boyd/graph";
import { seededRandom } from "@boyd/testkit";

const sizes = (process.env["BENCH_SIZES"] ?? "1000,4000,16000").split(",").map(Number);
const queries = Number(process.env["BENCH_QUERIES"] ?? 20);

/** An org of n people: each reports to a random earlier one (a tree of depth ~ ln n), grew up in one of 50 countries with 1-2 official languages. */
function organisation(n: number, seed: number): TripleInput[] {
  const random = seededRandom(seed);
  const out: TripleInput[] = [{ subject: "reports_to", predicate: "rdf:type", object: "owl:TransitiveProperty" }];
  for (let c = 0; c < 50; c++) {
    out.push({ subject: `country${c}`, predicate: "official_language", object: `lang${c % 30}` });
    if (c % 3 === 0) out.push({ subject: `country${c}`, predicate: "official_language", object: `lang${(c + 7) % 30}`, confidence: 0.8 });
  }
  for (let i = 1; i < n; i++) {
    out.push({ subject: `p${i}`, predicate: "reports_to", object: `p${Math.floor(random() * i)}`, confidence: 0.9 + Math.round(random() * 10) / 100 });
    out.push({ subject: `p${i}`, predicate: "grew_up_in", object: `country${Math.floor(random() * 50)}` });
  }
  return out;
}

// CPU time of this process (ms): the machine may be shared, and wall time then measures the neighbours.
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1_000;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const row = (t: { subject: string; predicate: string; object: string; confidence: number }) => `${t.subject} ${t.predicate} ${t.object} ${t.confidence.toFixed(9)}`;

async function measure(n: number): Promise<string> {
  const store = new GraphStore((await openEmbeddedBackend()).backend, { now: () => 0 });
  for (let i = 0, all = organisation(n, n); i < all.length; i += 1_000) await store.addTriples(all.slice(i, i + 1_000));
  await ingestRulesText(store, "0.9 :: speaks(X, L) :- grew_up_in(X, C), official_language(C, L).\n", "bench.rules");

  const started = cpuMs();
  const forward = await store.infer({ mode: "forward", commit: false, maxIterations: 1_000, maxNewTriples: 10_000_000, minConfidence: 0 });
  const forwardMs = cpuMs() - started;
  if (forward.mode !== "forward") throw new Error("forward expected");
  const derived = new Map<string, string[]>();
  for (const d of forward.derived) derived.set(`${d.triple.predicate} ${d.triple.subject}`, [...(derived.get(`${d.triple.predicate} ${d.triple.subject}`) ?? []), row(d.triple)]);

  const random = seededRandom(n + 1);
  const times: number[] = [];
  let answers = 0;
  let mismatches = 0;
  for (let q = 0; q < queries; q++) {
    const subject = `p${1 + Math.floor(random() * (n - 1))}`;
    const predicate = q % 2 === 0 ? "reports_to" : "speaks";
    const t0 = cpuMs();
    const result = await store.infer({ mode: "backward", query: { predicate, subject }, maxDepth: 1_000, minConfidence: 0 });
    times.push(cpuMs() - t0);
    if (result.mode !== "backward") throw new Error("backward expected");
    const got = result.answers.filter((a) => a.rule !== undefined).map((a) => row(a.triple)).sort();
    answers += got.length;
    if (got.join("\n") !== (derived.get(`${predicate} ${subject}`) ?? []).sort().join("\n")) mismatches++;
  }
  await store.close();
  const backwardMs = median(times);
  return [
    String(n).padStart(7),
    String(forward.derived.length).padStart(9),
    forwardMs.toFixed(1).padStart(10),
    backwardMs.toFixed(2).padStart(12),
    (answers / queries).toFixed(1).padStart(9),
    (forwardMs / backwardMs).toFixed(1).padStart(10),
    mismatches === 0 ? `all ${queries} equal` : `${mismatches} DIFFER`,
  ].join("  ");
}

console.log("rules: forward (materialise all) vs backward (one query), embedded store, CPU ms of this process; reports_to declared transitive, speaks by a Horn rule");
console.log(`${"people".padStart(7)}  ${"derived".padStart(9)}  ${"fwd ms".padStart(10)}  ${"bwd ms/q".padStart(12)}  ${"ans/q".padStart(9)}  ${"fwd/bwd".padStart(10)}  backward = forward`);
for (const n of sizes) console.log(await measure(n));
