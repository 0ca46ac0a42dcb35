import { spreadActivation, type ActivationQuery, type ActivationResult } from "./activation.js";
import { compare, type AdjacentEdge, type GraphBackend, type GraphCounts } from "./backend.js";
import type { GraphChange, GraphChangeListener } from "./changes.js";
import { invalid } from "./errors.js";
import { analyseGaps, type GapOptions, type KnowledgeGap } from "./gaps.js";
import {
  checkProfile,
  toSymbol,
  toTriple,
  tripleKey,
  type GraphSymbol,
  type TemporalProfile,
  type Triple,
  type TripleInput,
  type TriplePattern,
} from "./model.js";
import { BackwardChainer, type Answer, type BackwardOptions, type Goal } from "./reasoning/backward.js";
import { findConflicts, type Conflict } from "./reasoning/conflicts.js";
import { readDeclarations, type Declarations } from "./reasoning/declarations.js";
import { forwardChain, type Derivation, type InferenceOptions } from "./reasoning/forward.js";
import { FunctionalGuard } from "./reasoning/match.js";
import { BUILTIN_RULES } from "./reasoning/properties.js";
import { checkRule, type Rule } from "./reasoning/rule.js";
import { RULE_KIND, ruleFromSymbol, ruleToSymbol } from "./reasoning/rule-storage.js";

/** Answers goals by backward chaining over one set of rules, sharing its tables between goals (see {@link GraphStore.reasoner}). */
export interface Reasoner {
  readonly rules: readonly Rule[];
  solve(goal: Goal): Promise<Answer[]>;
}

/** What {@link GraphStore.infer} is asked: materialise everything, or answer one query. */
export type InferQuery = ({ mode: "forward" } & InferenceOptions) | ({ mode: "backward"; query: Goal; rules?: readonly Rule[] } & BackwardOptions);

/** What {@link GraphStore.infer} found, with the functional-property contradictions it met. */
export type InferResult =
  | { readonly mode: "forward"; readonly derived: Derivation[]; readonly conflicts: Conflict[] }
  | { readonly mode: "backward"; readonly answers: Answer[]; readonly conflicts: Conflict[] };

// Rules are few (people write them, miners keep the best); this bounds one read.
const MAX_STORED_RULES = 100_000;

// Most triples a `triples` change lists: a larger batch (an ingest) is told
// as `other`, and what is derived from the graph is made again from it.
const MAX_LISTED_TRIPLES = 1_000;

/** Options of a {@link GraphStore}. */
export interface GraphStoreOptions {
  /** Temporal profiles by predicate; unlisted predicates are stable. */
  profiles?: Record<string, TemporalProfile>;
  /** The clock, unix ms (tests pin it). @default Date.now */
  now?: () => number;
}

/** Which way to look from a symbol. */
export type Direction = "out" | "in" | "both";

/**
 * The knowledge graph, over any backend. Validation, spreading activation,
 * rules and gap analysis live here, once, so the embedded store and Neo4j
 * answer the same questions the same way.
 */
export class GraphStore {
  private readonly profiles = new Map<string, TemporalProfile>();
  private readonly now: () => number;
  private readonly listeners = new Set<GraphChangeListener>();
  /** Adds to a sole writer's graph run one after another while anyone listens, so each is told which triples were new. */
  private adding: Promise<unknown> = Promise.resolve();

  constructor(
    readonly backend: GraphBackend,
    options: GraphStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    for (const [p, profile] of Object.entries(options.profiles ?? {})) this.setTemporalProfile(p, profile);
  }

  /**
   * Whether every write to the graph goes through this store's backend (see
   * GraphBackend.soleWriter): its change feed then tells of every change.
   */
  get soleWriter(): boolean {
    return this.backend.soleWriter === true;
  }

  /**
   * Calls `listener` after each write made through this store (see
   * GraphChange); returns a function that stops it. Writes others make to
   * a graph that is not this store's alone are not heard (read version()).
   */
  onChange(listener: GraphChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Creates or relabels symbols; all are validated before any is written. */
  async upsertSymbols(inputs: ReadonlyArray<Partial<GraphSymbol> & { id: string }>): Promise<void> {
    const symbols = inputs.map((s, i) => toSymbol(s, `symbols[${i}]`));
    if (symbols.length === 0) return;
    await this.backend.upsertSymbols(symbols);
    // A rule stored as a symbol changes the rules in force: not a change of names.
    this.tell(this.soleWriter && !symbols.some((s) => s.kind === RULE_KIND) ? { kind: "symbols", symbols } : { kind: "other" });
  }

  /**
   * Adds triples as one atomic batch: every triple is validated first, and
   * either all are stored or none. Resolves once durable.
   */
  async addTriples(inputs: readonly TripleInput[]): Promise<Triple[]> {
    const now = this.now();
    const triples = inputs.map((t, i) => toTriple(t, now, `triples[${i}]`));
    await this.store(triples);
    return triples;
  }

  /** Writes triples and tells the listeners which were new (or, when it cannot say, that the graph changed). */
  private async store(triples: readonly Triple[]): Promise<void> {
    if (triples.length === 0) return;
    if (this.listeners.size === 0 || !this.soleWriter || triples.length > MAX_LISTED_TRIPLES) {
      await this.backend.addTriples(triples);
      return this.tell({ kind: "other" });
    }
    const done = this.adding.then(async () => {
      const added = await this.unstored(triples);
      await this.backend.addTriples(triples);
      this.tell({ kind: "triples", added });
    });
    this.adding = done.catch(() => undefined);
    await done;
  }

  /** The triples whose key the graph does not hold, each key once (the last of a batch wins, as in the backend). */
  private async unstored(triples: readonly Triple[]): Promise<Triple[]> {
    const byKey = new Map<string, Triple>();
    for (const t of triples) byKey.set(tripleKey(t), t);
    const held = await Promise.all([...byKey.values()].map((t) => this.backend.findTriples({ subject: t.subject, predicate: t.predicate, object: t.object }, { limit: 1, offset: 0 })));
    return [...byKey.values()].filter((_, i) => held[i]!.length === 0);
  }

  private tell(change: GraphChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /** Removes the triples with these (subject, predicate, object) keys; returns how many existed. */
  async retractTriples(keys: readonly { subject: string; predicate: string; object: string }[]): Promise<number> {
    keys.forEach((k, i) => {
      if (!k.subject || !k.predicate || !k.object) throw invalid(`keys[${i}]: subject, predicate and object are required`);
    });
    if (keys.length === 0) return 0;
    const removed = await this.backend.retractTriples(keys);
    if (removed > 0) this.tell({ kind: "other" });
    return removed;
  }

  /** Deletes every symbol, fact and rule of the graph (`boyd kg reset`). */
  async clear(): Promise<void> {
    await this.backend.clear();
    this.tell({ kind: "other" });
  }

  /** Triples matching a pattern (any position open), sorted by key. */
  query(pattern: TriplePattern, options: { limit?: number; offset?: number } = {}): Promise<Triple[]> {
    const limit = options.limit ?? 100;
    const offset = options.offset ?? 0;
    if (!Number.isInteger(limit) || limit < 1) throw invalid(`limit must be a positive integer, got ${limit}`);
    if (!Number.isInteger(offset) || offset < 0) throw invalid(`offset must be a non-negative integer, got ${offset}`);
    return this.backend.findTriples(pattern, { limit, offset });
  }

  /** A symbol's edges, optionally one direction and some predicates only. */
  async neighbours(id: string, options: { direction?: Direction; predicates?: readonly string[] } = {}): Promise<AdjacentEdge[]> {
    const direction = options.direction ?? "both";
    const query = { predicates: options.predicates?.length ? options.predicates : undefined, excludeBookkeeping: false };
    const edges = (await this.backend.edgesOf([id], query)).get(id)?.edges ?? [];
    return edges
      .filter((e) => direction === "both" || e.direction === direction)
      .sort((a, b) => compare(a.triple.predicate, b.triple.predicate) || compare(a.other, b.other) || compare(a.direction, b.direction));
  }

  /** The symbols with these ids that exist. */
  symbols(ids: readonly string[]): Promise<GraphSymbol[]> {
    return this.backend.getSymbols(ids);
  }

  /** Symbols whose label matches one of these, ignoring case. */
  symbolsByLabel(labels: readonly string[]): Promise<GraphSymbol[]> {
    return labels.length === 0 ? Promise.resolve([]) : this.backend.symbolsByLabel(labels);
  }

  counts(): Promise<GraphCounts> {
    return this.backend.counts();
  }

  /** Changes with every write by anyone (see {@link GraphBackend.version}). */
  version(): Promise<string> {
    return this.backend.version();
  }

  /** Every triple, streamed in key order, a page at a time. */
  async *exportTriples(): AsyncIterable<Triple> {
    yield* this.pages({});
  }

  /** Sets how a predicate's confidence changes with age (applied at query time). */
  setTemporalProfile(predicate: string, profile: TemporalProfile): void {
    if (!predicate) throw invalid("profile: predicate is required");
    this.profiles.set(predicate, checkProfile(predicate, profile));
  }

  /** The profile in force for a predicate. */
  temporalProfile(predicate: string): TemporalProfile {
    return this.profiles.get(predicate) ?? { kind: "stable" };
  }

  /** Spreading activation from seed symbols (see spreadActivation for the exact rule). */
  activate(query: ActivationQuery): Promise<ActivationResult> {
    return spreadActivation(this.backend, { ...query, now: query.now ?? this.now() }, this.profiles);
  }

  /**
   * Stores rules with the knowledge (a rule with a name already stored
   * replaces it). All are validated before any is written.
   */
  async addRules(rules: readonly Rule[]): Promise<void> {
    const checked = rules.map(checkRule);
    if (checked.length === 0) return;
    await this.backend.upsertSymbols(checked.map(ruleToSymbol));
    this.tell({ kind: "other" });
  }

  /** The rules stored with the knowledge (written in rules files, mined), by name. */
  async storedRules(): Promise<Rule[]> {
    return (await this.backend.symbolsOfKind(RULE_KIND, { limit: MAX_STORED_RULES })).map(ruleFromSymbol);
  }

  /**
   * Every rule in force: the built-in defaults, the rules the data's W3C
   * declarations stand for (owl:TransitiveProperty, rdfs:subPropertyOf...),
   * and the stored rules; a later one replaces an earlier one of the same name.
   */
  async rules(): Promise<Rule[]> {
    return (await this.ruleBook()).rules;
  }

  /** What the data declares with W3C terms: the rules it stands for and the functional predicates. */
  async declarations(): Promise<Declarations> {
    return readDeclarations((pattern, limit) => (limit === undefined ? this.all(pattern) : this.backend.findTriples(pattern, { limit, offset: 0 })));
  }

  /**
   * Inference with every rule in force (or `rules`): `forward` materialises
   * to a fixpoint (committed unless `commit: false`); `backward` answers one
   * query goal-directed, writing nothing. Both give the same facts with the
   * same confidences.
   */
  async infer(query: InferQuery): Promise<InferResult> {
    const book = await this.ruleBook();
    const rules = (query.rules ?? book.rules).map(checkRule);
    const stated = await this.functionalFacts(book.functional);
    const guard = FunctionalGuard.of(book.functional.keys(), stated);
    if (query.mode === "backward") {
      const answers = await new BackwardChainer(rules, (p) => this.all(p), query, guard, this.now()).solve(query.query);
      return { mode: "backward", answers, conflicts: findConflicts(book.functional, [...stated, ...answers.map((a) => a.triple)]) };
    }
    const predicates = [...new Set(rules.flatMap((r) => [r.head.predicate, ...r.body.map((b) => b.predicate)]))].sort();
    const initial: Triple[] = [];
    for (const predicate of predicates) initial.push(...(await this.all({ predicate })));
    const derived = forwardChain(initial, rules, query, this.now(), guard);
    if (query.commit !== false) await this.store(derived.map((d) => d.triple));
    return { mode: "forward", derived, conflicts: findConflicts(book.functional, [...stated, ...derived.map((d) => d.triple)]) };
  }

  /**
   * A backward reasoner for many goals over a graph that does not change
   * meanwhile (one orientation): the rules are read once and every goal's
   * answers are kept. `exclude` hides stated facts from it (a goal's own
   * writes must not prove the goal).
   */
  async reasoner(options: BackwardOptions & { rules?: readonly Rule[]; exclude?: (t: Triple) => boolean } = {}): Promise<Reasoner> {
    const book = await this.ruleBook();
    const rules = (options.rules ?? book.rules).map(checkRule);
    const guard = FunctionalGuard.of(book.functional.keys(), await this.functionalFacts(book.functional));
    const exclude = options.exclude;
    const read = exclude ? async (p: TriplePattern) => (await this.all(p)).filter((t) => !exclude(t)) : (p: TriplePattern) => this.all(p);
    const chainer = new BackwardChainer(rules, read, options, guard, this.now());
    return { rules, solve: (goal) => chainer.solve(goal) };
  }

  /** Forward chaining with every rule in force; derived triples are committed unless `commit: false`. */
  async inferRules(options: InferenceOptions = {}): Promise<Derivation[]> {
    const result = await this.infer({ mode: "forward", ...options });
    return result.mode === "forward" ? result.derived : [];
  }

  /** Predicates that an entity's same-type peers have and it lacks, ranked. */
  gapAnalysis(entities: readonly string[], options?: GapOptions): Promise<KnowledgeGap[]> {
    if (entities.length === 0) throw invalid("gap analysis needs at least one entity");
    return analyseGaps(this.backend, entities, options);
  }

  close(): Promise<void> {
    return this.backend.close();
  }

  private async ruleBook(): Promise<{ rules: Rule[]; functional: Declarations["functional"] }> {
    const declared = await this.declarations();
    const byName = new Map<string, Rule>();
    for (const r of [...BUILTIN_RULES, ...declared.rules, ...(await this.storedRules())]) byName.set(r.name, r);
    return { rules: [...byName.values()], functional: declared.functional };
  }

  private async functionalFacts(functional: Declarations["functional"]): Promise<Triple[]> {
    const out: Triple[] = [];
    for (const predicate of [...functional.keys()].sort()) out.push(...(await this.all({ predicate })));
    return out;
  }

  private async all(pattern: TriplePattern): Promise<Triple[]> {
    const out: Triple[] = [];
    for await (const t of this.pages(pattern)) out.push(t);
    return out;
  }

  private async *pages(pattern: TriplePattern): AsyncIterable<Triple> {
    const page = 10_000;
    for (let offset = 0; ; offset += page) {
      const batch = await this.backend.findTriples(pattern, { limit: page, offset });
      yield* batch;
      if (batch.length < page) return;
    }
  }
}
