import { spreadActivation, type ActivationQuery, type ActivationResult } from "./activation.js";
import { compare, type AdjacentEdge, type GraphBackend, type GraphCounts } from "./backend.js";
import { invalid } from "./errors.js";
import { analyseGaps, type GapOptions, type KnowledgeGap } from "./gaps.js";
import {
  checkProfile,
  toSymbol,
  toTriple,
  type GraphSymbol,
  type TemporalProfile,
  type Triple,
  type TripleInput,
  type TriplePattern,
} from "./model.js";
import { BUILTIN_RULES, checkRule, forwardChain, rulePredicates, type Derivation, type InferenceOptions, type Rule } from "./rules.js";

/** Options of a {@link GraphStore}. */
export interface GraphStoreOptions {
  /** Temporal profiles by predicate; unlisted predicates are stable. */
  profiles?: Record<string, TemporalProfile>;
  /** User rules, run after the built-in ones. */
  rules?: readonly Rule[];
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
  private readonly userRules: Rule[] = [];
  private readonly now: () => number;

  constructor(
    readonly backend: GraphBackend,
    options: GraphStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    for (const [p, profile] of Object.entries(options.profiles ?? {})) this.setTemporalProfile(p, profile);
    for (const rule of options.rules ?? []) this.addRule(rule);
  }

  /** Creates or relabels symbols; all are validated before any is written. */
  async upsertSymbols(inputs: ReadonlyArray<Partial<GraphSymbol> & { id: string }>): Promise<void> {
    const symbols = inputs.map((s, i) => toSymbol(s, `symbols[${i}]`));
    if (symbols.length > 0) await this.backend.upsertSymbols(symbols);
  }

  /**
   * Adds triples as one atomic batch: every triple is validated first, and
   * either all are stored or none. Resolves once durable.
   */
  async addTriples(inputs: readonly TripleInput[]): Promise<Triple[]> {
    const now = this.now();
    const triples = inputs.map((t, i) => toTriple(t, now, `triples[${i}]`));
    if (triples.length > 0) await this.backend.addTriples(triples);
    return triples;
  }

  /** Removes the triples with these (subject, predicate, object) keys; returns how many existed. */
  async retractTriples(keys: readonly { subject: string; predicate: string; object: string }[]): Promise<number> {
    keys.forEach((k, i) => {
      if (!k.subject || !k.predicate || !k.object) throw invalid(`keys[${i}]: subject, predicate and object are required`);
    });
    return keys.length === 0 ? 0 : this.backend.retractTriples(keys);
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
  version(): Promise<number> {
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

  /** Adds a user rule, run after the built-ins. */
  addRule(rule: Rule): void {
    this.userRules.push(checkRule(rule));
  }

  /** Spreading activation from seed symbols (see spreadActivation for the exact rule). */
  activate(query: ActivationQuery): Promise<ActivationResult> {
    return spreadActivation(this.backend, { ...query, now: query.now ?? this.now() }, this.profiles);
  }

  /** Forward chaining with the built-in and user rules; derived triples are committed unless `commit: false`. */
  async inferRules(options: InferenceOptions = {}): Promise<Derivation[]> {
    const rules = (options.rules ?? [...BUILTIN_RULES, ...this.userRules]).map(checkRule);
    const predicates = [...new Set(rules.flatMap(rulePredicates))].sort();
    const initial: Triple[] = [];
    for (const predicate of predicates) initial.push(...(await this.all({ predicate })));
    const derived = forwardChain(initial, rules, options, this.now());
    if (options.commit !== false && derived.length > 0) await this.backend.addTriples(derived.map((d) => d.triple));
    return derived;
  }

  /** Predicates that an entity's same-type peers have and it lacks, ranked. */
  gapAnalysis(entities: readonly string[], options?: GapOptions): Promise<KnowledgeGap[]> {
    if (entities.length === 0) throw invalid("gap analysis needs at least one entity");
    return analyseGaps(this.backend, entities, options);
  }

  close(): Promise<void> {
    return this.backend.close();
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
