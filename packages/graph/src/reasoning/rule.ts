import { invalid } from "../errors.js";

/**
 * A term of an atom: a variable (`X`, `City`) or a constant symbol id
 * (`alice`). Kept as a tagged object so a constant can never be read as a
 * variable whatever its spelling.
 */
export type Term = { readonly var: string } | { readonly const: string };

/** A binary atom `predicate(subject, object)`: the triple pattern a rule reads or writes. */
export interface Atom {
  readonly predicate: string;
  readonly subject: Term;
  readonly object: Term;
}

/**
 * Where a rule comes from. `declared`: written by a person (a rules file, a
 * W3C property declaration in the data); `mined`: found in the data by a
 * rule miner; `builtin`: the defaults Boyd ships. `figures` carries what
 * the miner measured (support, head coverage, PCA confidence...).
 */
export interface RuleProvenance {
  readonly kind: "declared" | "mined" | "builtin";
  /** A file:line, a declaration fact's source, or the miner's name. */
  readonly source: string;
  /** Unix ms when the rule was declared or mined. */
  readonly when: number;
  readonly figures?: Readonly<Record<string, number>> | undefined;
}

/**
 * A Horn rule `head :- body1, ..., bodyN` (N from 1 to {@link MAX_BODY_ATOMS})
 * over binary atoms, with a confidence in (0, 1]: when the body holds with
 * facts of confidences c1..cN, the head holds with confidence
 * `confidence x c1 x ... x cN` (see forward.ts for why the product).
 */
export interface Rule {
  /** Unique within a store; a proof names the rule by it. */
  readonly name: string;
  readonly head: Atom;
  readonly body: readonly Atom[];
  readonly confidence: number;
  readonly provenance: RuleProvenance;
}

/** The longest body a rule may have: longer joins cost too much per round and are rarely what people mean. */
export const MAX_BODY_ATOMS = 3;

/** A variable term. */
export function v(name: string): Term {
  return { var: name };
}

/** A constant term. */
export function c(id: string): Term {
  return { const: id };
}

/** An atom. */
export function atom(predicate: string, subject: Term, object: Term): Atom {
  return { predicate, subject, object };
}

export function isVar(t: Term): t is { readonly var: string } {
  return "var" in t;
}

/** The variables an atom uses, in order of appearance. */
export function atomVars(a: Atom): string[] {
  return [a.subject, a.object].flatMap((t) => (isVar(t) ? [t.var] : []));
}

/** The problem with a rule's shape, or undefined: used by the parser (with a position) and by {@link checkRule}. */
export function ruleProblem(rule: Pick<Rule, "head" | "body" | "confidence">): string | undefined {
  if (rule.body.length === 0) return "a rule needs at least one body atom";
  if (rule.body.length > MAX_BODY_ATOMS) return `body too long: ${rule.body.length} atoms, at most ${MAX_BODY_ATOMS}`;
  if (!(rule.confidence > 0 && rule.confidence <= 1)) return `confidence must be in (0, 1], got ${rule.confidence}`;
  for (const a of [rule.head, ...rule.body]) {
    if (typeof a.predicate !== "string" || a.predicate === "") return "every atom needs a predicate";
  }
  const bodyVars = new Set(rule.body.flatMap(atomVars));
  const unsafe = atomVars(rule.head).filter((x) => !bodyVars.has(x));
  if (unsafe.length > 0) return `unsafe head variable ${unsafe[0]}: it does not occur in the body`;
  if (rule.body.some((b) => sameAtom(b, rule.head))) return `recursive rule makes no progress: the body repeats the head ${formatAtom(rule.head)}`;
  return undefined;
}

/** Validates a rule (from a file, a miner or code); throws INVALID_ARGUMENT naming it. */
export function checkRule(rule: Rule): Rule {
  if (!rule || typeof rule.name !== "string" || rule.name === "") throw invalid("rule: name is required");
  const problem = ruleProblem(rule);
  if (problem) throw invalid(`rule ${rule.name}: ${problem}`);
  if (!rule.provenance || !["declared", "mined", "builtin"].includes(rule.provenance.kind)) throw invalid(`rule ${rule.name}: provenance.kind must be declared, mined or builtin`);
  return rule;
}

function sameTerm(a: Term, b: Term): boolean {
  return isVar(a) ? isVar(b) && a.var === b.var : !isVar(b) && a.const === b.const;
}

function sameAtom(a: Atom, b: Atom): boolean {
  return a.predicate === b.predicate && sameTerm(a.subject, b.subject) && sameTerm(a.object, b.object);
}

/** A term in the rules-file syntax: variables as written, constants quoted when they would read as variables. */
export function formatTerm(t: Term): string {
  if (isVar(t)) return t.var;
  return /^[a-z][A-Za-z0-9_]*$/.test(t.const) ? t.const : JSON.stringify(t.const);
}

export function formatAtom(a: Atom): string {
  const p = /^[a-z][A-Za-z0-9_]*$/.test(a.predicate) ? a.predicate : JSON.stringify(a.predicate);
  return `${p}(${formatTerm(a.subject)}, ${formatTerm(a.object)})`;
}

/** The rule in the rules-file syntax, e.g. `0.9 :: speaks(X, L) :- grew_up_in(X, C), official_language(C, L).` */
export function formatRule(rule: Pick<Rule, "head" | "body" | "confidence">): string {
  const prefix = rule.confidence === 1 ? "" : `${rule.confidence} :: `;
  return `${prefix}${formatAtom(rule.head)} :- ${rule.body.map(formatAtom).join(", ")}.`;
}
