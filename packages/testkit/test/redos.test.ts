import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { type FoundRegex, regexesOf, sourceFiles } from "./redos/scan.js";
import { checkAll, type Pattern, VerdictCache, verdictKey } from "./redos/verdicts.js";

// Issue 17: regexes with super-linear backtracking let one input stall a
// service. Every regex literal and `new RegExp("literal")` in services/ and
// packages/ (sources and tests) is checked with recheck (its pure-JS
// backend: no Java needed), and a 'vulnerable' verdict fails with file:line.
//
// Time: checking all ~600 distinct patterns takes ~4 CPU-minutes, so checks
// run in a pool of worker threads, and verdicts are cached by pattern, flags
// and recheck version in .cache/redos-verdicts.json (git-ignored): a warm run
// checks only new or changed regexes. BOYD_REDOS_SCAN=dir,dir narrows the scan.
const ROOT = resolve(import.meta.dirname, "../../..");
const SCANNED = (process.env["BOYD_REDOS_SCAN"] ?? "services/act/src/tools").split(",");
const CACHE_FILE = join(ROOT, ".cache", "redos-verdicts.json");
/** Per pattern. Long enough that recheck decides all but a few big patterns here; an undecided one is reported, not failed. */
const CHECK_TIMEOUT_MS = 10_000;
const RECHECK_VERSION = (createRequire(import.meta.url)("recheck/package.json") as { version: string }).version;

/**
 * Regexes recheck flags that are not a danger, each with the reason. Keyed
 * by file and pattern source (not line, so edits elsewhere keep the entry).
 */
const ALLOWED: Record<string, string> = {};

describe("regexes - no super-linear backtracking", () => {
  it(`regexes - every literal regex in ${SCANNED.join(", ")} is safe by recheck`, { timeout: 900_000 }, async () => {
    const regexes = SCANNED.flatMap((d) => sourceFiles(join(ROOT, d))).flatMap((f) => regexesOf(f, ROOT));
    // The scan must find the regexes it claims to check.
    expect(regexes.length).toBeGreaterThan(SCANNED.length > 1 ? 500 : 20);
    const verdicts = await verdictsOf(regexes);
    const vulnerable = regexes.flatMap((r) => {
      const verdict = verdicts.get(keyOf(r))!;
      return verdict.startsWith("vulnerable") && !ALLOWED[`${r.file} ${r.source}`] ? [`${r.where} /${r.source}/${r.flags}: ${verdict}`] : [];
    });
    expect(vulnerable).toEqual([]);
  });
});

function keyOf(p: Pattern): string {
  return verdictKey(p, `recheck ${RECHECK_VERSION} timeout ${CHECK_TIMEOUT_MS}`);
}

/** The verdict of every distinct pattern, from the cache or checked now (and cached as each arrives). */
async function verdictsOf(regexes: FoundRegex[]): Promise<Map<string, string>> {
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
