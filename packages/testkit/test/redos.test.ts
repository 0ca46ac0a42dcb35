import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { type FoundRegex, regexesOf, sourceFiles } from "./redos/scan.js";
import { checkAll, type Pattern, type Verdict, VerdictCache, verdictKey } from "./redos/verdicts.js";

// Issue 17: regexes with super-linear backtracking let one input stall a
// service. Every regex literal and `new RegExp("literal")` in services/ and
// packages/ (sources and tests) is checked with recheck (its pure-JS
// backend: no Java needed), and a vulnerability fails with file:line (see
// V8_LINEAR_MS for which verdicts count).
//
// Time: checking all ~600 distinct patterns takes ~4 CPU-minutes, so checks
// run in a pool of worker threads, and verdicts are cached by pattern, flags
// and recheck version in .cache/redos-verdicts.json (git-ignored): a warm run
// checks only new or changed regexes. BOYD_REDOS_SCAN=dir,dir narrows the scan.
const ROOT = resolve(import.meta.dirname, "../../..");
const SCANNED = (process.env["BOYD_REDOS_SCAN"] ?? "services,packages").split(",");
const CACHE_FILE = join(ROOT, ".cache", "redos-verdicts.json");
/** Per pattern. Long enough that recheck decides all but a few big patterns here; an undecided one ('unknown') passes. */
const CHECK_TIMEOUT_MS = 10_000;
const RECHECK_VERSION = (createRequire(import.meta.url)("recheck/package.json") as { version: string }).version;

/**
 * recheck runs attacks in its own VM, which counts backtracking steps
 * without V8's optimisations, and its fuzzer's findings vary with load (the
 * same pattern came out 'vulnerable' in one run and 'safe' in the next). So
 * a polynomial verdict counts only when V8 itself is slow on recheck's attack
 * string (tens of KB): a linear regex runs it in a few ms, the quadratic ones
 * fixed for issue 17 took 20 s to 2 min. Exponential verdicts always count.
 */
const V8_LINEAR_MS = 500;

/**
 * Regexes V8 confirms slow that are still no danger, each with the reason.
 * Keyed by file and pattern source (not line, so edits elsewhere keep the
 * entry). Empty: every confirmed finding was fixed.
 */
const ALLOWED: Record<string, string> = {};

describe("regexes - no super-linear backtracking", () => {
  it(`regexes - every literal regex in ${SCANNED.join(", ")} is safe by recheck`, { timeout: 900_000 }, async () => {
    const regexes = SCANNED.flatMap((d) => sourceFiles(join(ROOT, d))).flatMap((f) => regexesOf(f, ROOT));
    // The scan must find the regexes it claims to check.
    expect(regexes.length).toBeGreaterThan(SCANNED.length > 1 ? 500 : 20);
    const verdicts = await verdictsOf(regexes);
    const problems = regexes.flatMap((r) => problemWith(r, verdicts.get(keyOf(r))!));
    expect(problems).toEqual([]);
  });

  it("regexes - the check reports the exponential directory matcher issue 17 found in decide", { timeout: 60_000 }, async () => {
    // The pattern as it was (a plain string, so the scan above does not see it).
    const old = { source: "(?:^|[\\s\"'`(])((?:\\.{0,2}\\/|~\\/)?[\\w.-]+\\/(?:[\\w.-]+\\/?)*)(?=$|[\\s\"'`),;:!?])", flags: "" };
    const verdicts: Verdict[] = [];
    await checkAll([old], CHECK_TIMEOUT_MS, (_, v) => verdicts.push(v));
    expect(problemWith({ where: "services/decide/src/inputs.ts:229", file: "services/decide/src/inputs.ts", ...old }, verdicts[0]!)).toEqual([
      expect.stringContaining("vulnerable (exponential; attack"),
    ]);
  });
});

/** What is wrong with a regex given its verdict: nothing, or a vulnerability V8 bears out (or any exponential one). */
function problemWith(r: FoundRegex, v: Verdict): string[] {
  if (v.status !== "vulnerable" || ALLOWED[`${r.file} ${r.source}`]) return [];
  if (v.complexity === "polynomial" && v.v8Ms !== undefined && v.v8Ms <= V8_LINEAR_MS) return [];
  const v8 = v.v8Ms === undefined ? "" : `; V8 took ${v.v8Ms} ms on it`;
  return [`${r.where} /${r.source}/${r.flags}: vulnerable (${v.complexity}; attack ${v.attack}${v8})`];
}

function keyOf(p: Pattern): string {
  return verdictKey(p, `recheck ${RECHECK_VERSION} timeout ${CHECK_TIMEOUT_MS} seed 0 v8-timed`);
}

/** The verdict of every distinct pattern, from the cache or checked now (and cached as each arrives). */
async function verdictsOf(regexes: FoundRegex[]): Promise<Map<string, Verdict>> {
  const cache = new VerdictCache(CACHE_FILE);
  const distinct = new Map(regexes.map((r) => [keyOf(r), { source: r.source, flags: r.flags }]));
  const unchecked = [...distinct].filter(([key]) => cache.get(key) === undefined).map(([, p]) => p);
  try {
    await checkAll(unchecked, CHECK_TIMEOUT_MS, (p, verdict) => cache.set(keyOf(p), verdict));
  } finally {
    cache.save();
  }
  return new Map([...distinct.keys()].map((key) => [key, cache.get(key)!]));
}
