import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** A regex written literally in a source file, and where. */
export interface FoundRegex {
  /** repo-relative file:line */
  where: string;
  file: string;
  source: string;
  flags: string;
}

const SKIPPED_DIRS = new Set(["node_modules", "gen", "dist", ".turbo", ".cache"]);

/** The TypeScript and JavaScript files under `dir`, generated and installed code left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The regexes a file writes literally: /x/ literals and RegExp("x", "f") with string arguments. */
export function regexesOf(file: string, root: string): FoundRegex[] {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const rel = relative(root, file);
  const found: FoundRegex[] = [];
  const add = (node: ts.Node, source: string, flags: string) =>
    found.push({ where: `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`, file: rel, source, flags });
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const end = node.text.lastIndexOf("/");
      add(node, node.text.slice(1, end), node.text.slice(end + 1));
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp") {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteralLike(pattern)) add(node, pattern.text, flags && ts.isStringLiteralLike(flags) ? flags.text : "");
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
