import { GraphError } from "../errors.js";
import { parseRules, type RuleError } from "../reasoning/parse.js";
import type { GraphStore } from "../store.js";

/** At most this many problems are listed in one error; the count says how many there were. */
const MAX_LISTED = 20;

/**
 * Reads a rules document (see parseRules), checks every rule against the
 * store, and stores them all, or none: a syntax error, an unsafe head
 * variable, a body over three atoms, a rule that repeats its head, or a
 * body predicate that no fact uses and no rule concludes, each named at
 * `file:line:column`, throw INVALID_ARGUMENT and nothing is written.
 * Returns how many rules were stored (or would be, with `dryRun`).
 */
export async function ingestRulesText(store: GraphStore, text: string, file: string, options: { dryRun?: boolean; now?: number } = {}): Promise<number> {
  const doc = parseRules(text, file, options.now ?? Date.now());
  const errors: RuleError[] = [...doc.errors];
  const concluded = new Set([...(await store.rules()).map((r) => r.head.predicate), ...doc.rules.map((r) => r.rule.head.predicate)]);
  const known = new Map<string, boolean>();
  for (const parsed of doc.rules) {
    for (const [i, atom] of parsed.rule.body.entries()) {
      if (concluded.has(atom.predicate)) continue;
      if (!known.has(atom.predicate)) known.set(atom.predicate, (await store.query({ predicate: atom.predicate }, { limit: 1 })).length > 0);
      if (!known.get(atom.predicate)) errors.push({ ...parsed.bodyAt[i]!, message: `unknown predicate ${atom.predicate}: no fact uses it and no rule concludes it` });
    }
  }
  if (errors.length > 0) {
    errors.sort((a, b) => a.line - b.line || a.column - b.column);
    const listed = errors.slice(0, MAX_LISTED).map((e) => `${file}:${e.line}:${e.column}: ${e.message}`);
    const more = errors.length > MAX_LISTED ? [`... and ${errors.length - MAX_LISTED} more`] : [];
    throw new GraphError("INVALID_ARGUMENT", [...listed, ...more, "no rule was stored"].join("\n"));
  }
  if (!options.dryRun) await store.addRules(doc.rules.map((r) => r.rule));
  return doc.rules.length;
}
