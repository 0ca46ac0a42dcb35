import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { checkSync } from "recheck";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Issue 17: regexes with super-linear backtracking let one input stall a
// service. Every regex literal and `new RegExp("literal")` in the scanned
// directories is checked with recheck (its pure-JS backend: no Java
// needed), and a 'vulnerable' verdict fails with file:line.
//
// Scope: the whole of services/ and packages/ still holds about 30 flagged
// regexes (listed in the issue 17 notes) and takes ~4 minutes with the pure
// backend, so CI checks the directories already cleaned; add a directory
// here once its findings are fixed. BOYD_REDOS_SCAN=services,packages runs
// the check over other directories by hand.
const ROOT = resolve(import.meta.dirname, "../../..");
const SCANNED = (process.env["BOYD_REDOS_SCAN"] ?? "services/act/src/tools").split(",");
const SKIPPED_DIRS = new Set(["node_modules", "gen", "dist", ".turbo"]);

/**
 * Regexes recheck flags that are not a danger, each with the reason. Keyed
 * by file and pattern source (not line, so edits elsewhere keep the entry).
 */
const ALLOWED: Record<string, string> = {};

interface Found {
  where: string;
  source: string;
  flags: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The regexes a file writes literally: /x/ literals and new RegExp("x", "f"). */
function regexesOf(file: string): Found[] {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const at = (node: ts.Node) => `${relative(ROOT, file)}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const literal = node.text;
      const end = literal.lastIndexOf("/");
      found.push({ where: at(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp") {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteralLike(pattern)) {
        found.push({ where: at(node), source: pattern.text, flags: flags && ts.isStringLiteralLike(flags) ? flags.text : "" });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe("regexes - no super-linear backtracking", () => {
  it(`regexes - every literal regex in ${SCANNED.join(", ")} is safe by recheck`, { timeout: 600_000 }, () => {
    const regexes = SCANNED.flatMap((d) => sourceFiles(join(ROOT, d))).flatMap(regexesOf);
    // The scan must find the regexes it claims to check.
    expect(regexes.length).toBeGreaterThan(20);
    const vulnerable: string[] = [];
    const seen = new Map<string, string>();
    for (const r of regexes) {
      const key = `${r.source}/${r.flags}`;
      const verdict = seen.get(key) ?? checkVerdict(r.source, r.flags);
      seen.set(key, verdict);
      const file = r.where.replace(/:\d+$/, "");
      if (verdict.startsWith("vulnerable") && !ALLOWED[`${file} ${r.source}`]) vulnerable.push(`${r.where} /${r.source}/${r.flags}: ${verdict}`);
    }
    expect(vulnerable).toEqual([]);
  });
});

function checkVerdict(source: string, flags: string): string {
  const r = checkSync(source, flags, { timeout: 2_000 });
  if (r.status === "vulnerable") return `vulnerable (${r.complexity.type}; attack ${r.attack.pattern})`;
  return r.status;
}
