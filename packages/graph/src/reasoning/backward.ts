import { compare } from "../backend.js";
import { invalid } from "../errors.js";
import { tripleKey, type Triple, type TriplePattern } from "../model.js";
import { derivedConfidence, FunctionalGuard, headOf, improves, matchAtom, patternOf, type Bindings } from "./match.js";
import { isVar, type Rule } from "./rule.js";

/** A goal: a triple pattern whose predicate is known; open subject or object are what is asked. */
export type Goal = TriplePattern & { predicate: string };

/** Options of a backward-chaining query. */
export interface BackwardOptions {
  /** Nested subgoals deeper than this are not expanded (answers are then incomplete, never wrong). @default 32 */
  maxDepth?: number;
  /** Derivations below this are dropped. @default 0.1 */
  minConfidence?: number;
}

/** One answer: a stated fact, or a derived one with the rule and premises of its best proof. */
export interface Answer {
  readonly triple: Triple;
  /** The rule of its best proof; undefined for a stated fact. */
  readonly rule?: string | undefined;
  /** The premises of that proof, in body order (each stated or itself derived). */
  readonly antecedents: readonly Triple[];
}

/** Reads the stored facts matching a pattern. */
export type PatternReader = (pattern: TriplePattern) => Promise<Triple[]>;

interface Table {
  readonly answers: Map<string, Answer>;
  /** The pass that last expanded it: each goal is expanded at most once per pass. */
  pass: number;
}

const MAX_PASSES = 10_000;

/**
 * Goal-directed (SLD) resolution with tabling, so left recursion (`p(X, Z)
 * :- p(X, Y), p(Y, Z)`) and cycles in the data terminate: every goal
 * (pattern) has a table of answers; a goal met again while it is being
 * expanded (the loop check) reads its table as it stands instead of
 * recursing. Passes over the query repeat until one adds or improves no
 * answer anywhere, which is the least fixpoint restricted to the goals the
 * query reaches: the same facts, with the same best-proof confidences, that
 * forward chaining materialises, without touching the rest of the graph.
 */
export class BackwardChainer {
  private readonly tables = new Map<string, Table>();
  private readonly byHead = new Map<string, Rule[]>();
  private readonly maxDepth: number;
  private readonly minConfidence: number;
  private pass = 0;
  private changed = false;

  constructor(
    rules: readonly Rule[],
    private readonly read: PatternReader,
    options: BackwardOptions = {},
    private readonly guard = new FunctionalGuard(),
    private readonly now = 0,
  ) {
    this.maxDepth = options.maxDepth ?? 32;
    this.minConfidence = options.minConfidence ?? 0.1;
    if (!(Number.isInteger(this.maxDepth) && this.maxDepth >= 0)) throw invalid(`maxDepth must be a non-negative integer, got ${options.maxDepth}`);
    for (const r of rules) this.byHead.set(r.head.predicate, [...(this.byHead.get(r.head.predicate) ?? []), r]);
  }

  /** Every answer to the goal, stated and derived, in key order. */
  async solve(goal: Goal): Promise<Answer[]> {
    if (!goal.predicate) throw invalid("a backward query needs a predicate");
    do {
      this.pass++;
      this.changed = false;
      await this.expand(goal, 0);
    } while (this.changed && this.pass < MAX_PASSES);
    const answers = [...this.tables.get(goalKey(goal))!.answers.values()];
    return answers.sort((a, b) => compare(tripleKey(a.triple), tripleKey(b.triple)));
  }

  private async expand(goal: Goal, depth: number): Promise<Answer[]> {
    const key = goalKey(goal);
    let table = this.tables.get(key);
    if (!table) {
      table = { answers: new Map(), pass: 0 };
      this.tables.set(key, table);
      for (const t of await this.read(goal)) table.answers.set(tripleKey(t), { triple: t, antecedents: [] });
    }
    if (table.pass === this.pass || depth > this.maxDepth) return [...table.answers.values()];
    table.pass = this.pass;
    for (const rule of this.byHead.get(goal.predicate) ?? []) {
      const b = unifyHead(rule, goal);
      if (b) await this.body(rule, 0, b, [], depth, table);
    }
    return [...table.answers.values()];
  }

  private async body(rule: Rule, i: number, b: Bindings, premises: Triple[], depth: number, table: Table): Promise<void> {
    if (i === rule.body.length) return this.record(rule, b, premises, table);
    const atom = rule.body[i]!;
    for (const answer of await this.expand(patternOf(atom, b), depth + 1)) {
      const next = matchAtom(atom, answer.triple, b);
      if (next) await this.body(rule, i + 1, next, [...premises, answer.triple], depth, table);
    }
  }

  private record(rule: Rule, b: Bindings, premises: Triple[], table: Table): void {
    const head = headOf(rule, b);
    if (head.subject === head.object || this.guard.blocks(head)) return;
    const confidence = derivedConfidence(rule, premises);
    if (confidence < this.minConfidence) return;
    const key = tripleKey(head);
    const existing = table.answers.get(key);
    if (existing && (existing.rule === undefined || !improves(confidence, existing.triple.confidence))) return;
    table.answers.set(key, { triple: { ...head, confidence, source: `rule:${rule.name}`, createdAt: this.now }, rule: rule.name, antecedents: premises });
    this.changed = true;
  }
}

function goalKey(g: TriplePattern): string {
  return `${g.predicate}\u0000${g.subject ?? "\u0001"}\u0000${g.object ?? "\u0001"}`;
}

/** Binds the head's variables to the goal's constants; undefined when they clash. */
function unifyHead(rule: Rule, goal: Goal): Bindings | undefined {
  const b = new Map<string, string>();
  for (const [term, value] of [
    [rule.head.subject, goal.subject],
    [rule.head.object, goal.object],
  ] as const) {
    if (value === undefined) continue;
    if (!isVar(term)) {
      if (term.const !== value) return undefined;
      continue;
    }
    const bound = b.get(term.var);
    if (bound !== undefined && bound !== value) return undefined;
    b.set(term.var, value);
  }
  return b;
}
