import { BUILTIN_RULES, canonicalPredicate, isBookkeepingSymbol, isMinedRuleName, predicateTokens, ruleShape, type GraphStore, type Reasoner, type Rule, type Triple } from "@boyd/graph";
import { type Vocabulary } from "./vocabulary.js";

/** One fact a conclusion uses: stated, or derived by a rule from stated premises. */
export interface FactStep {
  readonly triple: Triple;
  /** Rule that derived it; undefined for a stated fact. */
  readonly rule?: string | undefined;
  readonly premises?: readonly Triple[] | undefined;
  /** A fact of another thing the answer was ranked against (see ProofStep.compared). */
  readonly compared?: boolean | undefined;
}

/** An edge seen from one symbol: the fact (stated or derived) and which way it points. */
export interface Edge {
  /** The predicate as stored. */
  readonly predicate: string;
  /** `out`: (self, predicate, other); `in`: (other, predicate, self). */
  readonly direction: "out" | "in";
  readonly other: string;
  readonly confidence: number;
  readonly step: FactStep;
}

/** Predicates that mean class membership, whatever their spelling. */
export const IS_A: ReadonlySet<string> = new Set(["is_a", "isa", "instance_of", "subclass_of", "sub_class_of", "rdfs_subclassof", "rdfs_sub_class_of", "type_of", "kind_of"]);

/** Membership predicates that never mean "is a kind of": a class's own `instance_of` (a metaclass) is not its members'. */
const MEMBERSHIP_ONLY: ReadonlySet<string> = new Set(["instance_of"]);

/** Class-membership predicates that only ever relate a class to a broader one. */
const SUBCLASS_ONLY: ReadonlySet<string> = new Set(["subclass_of", "sub_class_of", "rdfs_subclassof", "rdfs_sub_class_of", "kind_of"]);

/** Whether a fact only ever puts a thing in its class (`instance_of`), never a class under another. */
export function membershipOnly(predicate: string): boolean {
  return MEMBERSHIP_ONLY.has(canonicalPredicate(predicate));
}

/** Whether a fact places a class under a broader one (`metro_line subclass_of line`), never a thing in its class. */
export function placesSubclass(predicate: string): boolean {
  return SUBCLASS_ONLY.has(canonicalPredicate(predicate));
}

/** The rule named in a class chain whose links are spelled differently (`is_a`, then `subclass_of`). */
const CLASS_INHERITANCE = "class-inheritance";

/**
 * Whether a class-membership fact may be the `depth`th link of a chain
 * walked in `direction`: any spelling may join it, but a membership-only
 * one only at the member's end (first going out, last coming in), so
 * `tiramisu instance_of dish, dish instance_of course_kind` does not make
 * tiramisu a course kind.
 */
function classLink(predicate: string, direction: "out" | "in", depth: number): boolean {
  return IS_A.has(predicate) && (direction === "in" || depth === 1 || !MEMBERSHIP_ONLY.has(predicate));
}

/** Regions a predicate "in_<region>" places its subject in (`tokyo in_country japan`). */
const REGIONS = ["country", "state", "province", "region", "county", "district", "city", "continent", "territory"];

/** Predicates that place one thing within another. */
export const CONTAINMENT: ReadonlySet<string> = new Set([
  ...["located_in", "part_of", "situated_in", "lies_in", "contained_in", "is_in", "within", "inside"],
  ...REGIONS.map((r) => `in_${r}`),
]);

/** Places a place is within, followed this many facts at most ("a district of a city of a province"). */
export const MAX_CONTAINMENT_HOPS = 4;

/** Whether an edge goes from a thing to what contains it (`located_in`, `part_of`, ...). */
export function containedBy(e: Edge): boolean {
  return e.direction === "out" && CONTAINMENT.has(canonicalPredicate(e.predicate));
}

/**
 * Whether a fact puts its subject in its object, so that what holds the
 * object holds the subject too: containment (`located_in`), a placing verb
 * (`based_in`, `headquartered_in`) or a keeping one (`held_by`,
 * `housed_in`: the Mona Lisa is in the Louvre, and so in Paris). Never
 * `born_in` or `works_at`: a painter born in Malaga is not in Spain.
 */
export function placesItsSubject(predicate: string): boolean {
  const canonical = canonicalPredicate(predicate);
  if (CONTAINMENT.has(canonical)) return true;
  const words = canonical.split("_");
  const last = words[words.length - 1]!;
  if (words.some((w) => KEEPING_WORDS.has(w))) return last === "by" || last === "in" || last === "at";
  return words.some((w) => LOCATING_WORDS.has(w)) && (last === "in" || last === "at");
}

/**
 * The shortest chain of facts putting `start` within one of `targets`: a
 * first fact `first` accepts (one that places its subject, or one the
 * question names, as `born_in` for "born in England"), then containment
 * (`located_in`, `part_of`), MAX_CONTAINMENT_HOPS facts in all.
 */
export async function chainWithin(view: FactView, start: string, targets: readonly string[], first: (predicate: string) => boolean): Promise<FactStep[] | undefined> {
  return (await climbTo(view, start, first, async (node) => (targets.includes(node) ? [] : undefined)))?.steps;
}

/**
 * The shortest climb from `start` by a first fact `first` accepts, then
 * containment facts, MAX_CONTAINMENT_HOPS facts in all, to a symbol
 * `reached` accepts: that symbol, and the climb's facts followed by the
 * ones `reached` gives for it.
 */
export async function climbTo(
  view: FactView,
  start: string,
  first: (predicate: string) => boolean,
  reached: (id: string) => Promise<FactStep[] | undefined>,
): Promise<{ id: string; steps: FactStep[] } | undefined> {
  return climb(view, start, (p, hop) => (hop === 0 ? first(p) : CONTAINMENT.has(canonicalPredicate(p))), reached, MAX_CONTAINMENT_HOPS);
}

/** The shortest climb from `start` by facts read from their subject that `follows` takes at each hop, `most` facts at most, to a symbol `reached` accepts. */
async function climb(
  view: FactView,
  start: string,
  follows: (predicate: string, hop: number) => boolean,
  reached: (id: string) => Promise<FactStep[] | undefined>,
  most: number,
): Promise<{ id: string; steps: FactStep[] } | undefined> {
  let level: { node: string; steps: FactStep[] }[] = [{ node: start, steps: [] }];
  const seen = new Set([start]);
  for (let hop = 0; hop < most && level.length > 0; hop++) {
    const next: typeof level = [];
    for (const at of level) {
      for (const e of await view.edges(at.node)) {
        if (e.direction !== "out" || !follows(e.predicate, hop) || seen.has(e.other)) continue;
        const steps = [...at.steps, e.step];
        const shown = await reached(e.other);
        if (shown) return { id: e.other, steps: [...steps, ...shown] };
        seen.add(e.other);
        next.push({ node: e.other, steps });
      }
    }
    level = next;
  }
  return undefined;
}

/**
 * A kind within a kind, spelled by the kind it is (`cyberpunk subgenre_of science_fiction`). Not is-a: a genre is
 * no class of things the graph lists ("science fiction novels" stay novels of that genre), but what is of the
 * narrower kind is of the broader one.
 */
const SUBKINDS: ReadonlySet<string> = new Set(["subgenre_of", "subtype_of", "subcategory_of", "subspecies_of", "subfamily_of", "subgroup_of", "subkind_of"]);

/** Kinds climbed from one at most (genre, subgenre, sub-subgenre ...). */
const MAX_SUBKIND_HOPS = 4;

/** The chain of subkind or is-a facts putting kind `narrower` within `broader` ("cyberpunk subgenre_of science_fiction"), shortest first. */
export async function withinKind(view: FactView, narrower: string, broader: string): Promise<FactStep[] | undefined> {
  const up = (p: string) => {
    const canonical = canonicalPredicate(p);
    return SUBKINDS.has(canonical) || IS_A.has(canonical);
  };
  return (await climb(view, narrower, up, async (id) => (id === broader ? [] : undefined), MAX_SUBKIND_HOPS))?.steps;
}

const LOCATING_WORDS: ReadonlySet<string> = new Set(["located", "situated", "based", "headquartered", "lies", "sits", "stands"]);
const KEEPING_WORDS: ReadonlySet<string> = new Set(["held", "housed", "kept", "displayed", "exhibited", "stored", "hangs"]);

/** Predicates that say what kind of thing something is, as is-a does ("Is Nia a striker?": `nia position striker`). */
const KIND_PREDICATES: ReadonlySet<string> = new Set([...IS_A, "rank", "type", "category", "class", "kind", "role", "position", "occupation", "profession", "job", "job_title"]);

/** Last words of a predicate that say which kind its object is of its subject (`element_group`, `music_genre`, `product_category`). */
const KIND_NOUNS: ReadonlySet<string> = new Set(["type", "kind", "class", "category", "group", "family", "genre", "species", "breed", "rank", "role"]);

/** Verbs before "as" that give a name, not a kind: `known_as` says what Ali is called, not what he is. */
const NAMING_BEFORE_AS: ReadonlySet<string> = new Set(["known", "named", "called", "nicknamed", "born", "styled", "credited", "billed", "titled", "renamed", "rebranded", "aka", "also"]);

/**
 * Whether a predicate says what kind of thing its subject is: one of KIND_PREDICATES, one ending in a kind noun
 * ("Is helium a noble gas?": `element_group`), or a verb "as" in the present ("Is Carol a doctor?": `carol works_as
 * doctor`; a past one, `worked_as`, says what she was).
 */
export function kindPredicate(predicate: string): boolean {
  const canonical = canonicalPredicate(predicate);
  return KIND_PREDICATES.has(canonical) || KIND_NOUNS.has(canonical.slice(canonical.lastIndexOf("_") + 1)) || servesAs(canonical);
}

/** `works_as`, `serves_as`, `plays_as`: a present verb and "as", not a naming one. */
function servesAs(canonical: string): boolean {
  // Asked of every edge a kind is looked for on: most predicates end otherwise, so no split for them.
  if (!canonical.endsWith("_as")) return false;
  const words = canonical.split("_");
  const verb = words.at(-2)!;
  return !words.some((w) => NAMING_BEFORE_AS.has(w)) && !verb.endsWith("ed");
}

interface RuleSets {
  readonly transitive: ReadonlyMap<string, { name: string; factor: number }>;
  readonly symmetric: ReadonlyMap<string, { name: string; factor: number }>;
  /** canonical predicate -> inverse predicates as stored or canonical. */
  readonly inverse: ReadonlyMap<string, { name: string; inverse: string; factor: number }[]>;
}

const rulesByVocabulary = new WeakMap<Vocabulary, RuleSets>();

/** The built-in rules plus the data's own declarations, by canonical predicate (once per vocabulary). */
function ruleSets(vocab: Vocabulary): RuleSets {
  let rules = rulesByVocabulary.get(vocab);
  if (!rules) rulesByVocabulary.set(vocab, (rules = buildRuleSets(vocab)));
  return rules;
}

function buildRuleSets(vocab: Vocabulary): RuleSets {
  const transitive = new Map<string, { name: string; factor: number }>();
  const symmetric = new Map<string, { name: string; factor: number }>();
  const inverse = new Map<string, { name: string; inverse: string; factor: number }[]>();
  const addInverse = (p: string, q: string, name: string, factor: number) => {
    const c = canonicalPredicate(p);
    inverse.set(c, [...(inverse.get(c) ?? []), { name, inverse: q, factor }]);
  };
  for (const r of BUILTIN_RULES) {
    const shape = ruleShape(r);
    if (shape.kind === "transitive") transitive.set(canonicalPredicate(shape.predicate), { name: r.name, factor: r.confidence });
    if (shape.kind === "symmetric") symmetric.set(canonicalPredicate(shape.predicate), { name: r.name, factor: r.confidence });
    if (shape.kind === "inverse") {
      addInverse(shape.predicate, shape.inverse, r.name, r.confidence);
      addInverse(shape.inverse, shape.predicate, r.name, r.confidence);
    }
  }
  // Class membership is transitive however it is spelled (`is_a` as well as `is-a`).
  for (const p of IS_A) if (!transitive.has(p)) transitive.set(p, { name: "is-a-transitive", factor: 0.95 });
  const d = vocab.declarations;
  for (const p of d.transitive) transitive.set(canonicalPredicate(p), { name: `${p} owl:TransitiveProperty`, factor: 1 });
  for (const p of d.symmetric) symmetric.set(canonicalPredicate(p), { name: `${p} owl:SymmetricProperty`, factor: 1 });
  for (const [p, qs] of d.inverses) for (const q of qs) addInverse(p, q, `${p} owl:inverseOf ${q}`, 1);
  return { transitive, symmetric, inverse };
}

const BUILTIN_NAMES: ReadonlySet<string> = new Set(BUILTIN_RULES.map((r) => r.name));

/** Caps that keep one question cheap on a hub-heavy graph. */
const MAX_EDGES_PER_SYMBOL = 2_000;
const MAX_CLOSURE_DEPTH = 12;

/**
 * The facts one question may use: the graph's world facts minus the ones
 * excluded (the agent's own writes for the goal), plus what the rules
 * derive around a symbol on demand (symmetry, inverses, transitive
 * closure), each derived edge carrying the rule and the stated facts it
 * rests on. Reads are cached for the life of the view (one orientation).
 */
export class FactView {
  private readonly stated = new Map<string, Edge[]>();
  private readonly withRules = new Map<string, Edge[]>();
  private readonly closures = new Map<string, Promise<Edge[]>>();
  private readonly rules: RuleSets;
  /** Rules this view's own walks do not cover (general Horn rules, rules files, mined): answered by backward chaining. */
  private readonly hornRules: readonly Rule[];
  private reasoner: Promise<Reasoner> | undefined;
  /** Views made from this one by chainedAsAsked, which answer parts of its question. */
  private readonly chainedViews: FactView[] = [];

  /**
   * @param askedChain The words with which the question asked for its
   *   relation "directly or indirectly": every relation then chains
   *   (x p y, y p z => x p z) as a transitive one does, the proof naming
   *   those words. Undefined: only transitive relations chain.
   */
  constructor(
    private readonly store: GraphStore,
    private readonly vocab: Vocabulary,
    private readonly excluded: (t: Triple) => boolean,
    private readonly askedChain?: string,
  ) {
    this.rules = ruleSets(vocab);
    this.hornRules = vocab.rules.filter((r) => !this.covers(r));
  }

  /**
   * Whether a question asked of this view went to the reasoner: its
   * derived facts are stamped with the time they were derived, so such an
   * answer is not the same when asked again later.
   */
  get usedReasoner(): boolean {
    return this.reasoner !== undefined || this.chainedViews.some((v) => v.usedReasoner);
  }

  /** A view of the same facts in which every relation chains, because the question asked so in the words `said` ("directly or indirectly"). */
  chainedAsAsked(said: string): FactView {
    const view = new FactView(this.store, this.vocab, this.excluded, said);
    this.chainedViews.push(view);
    return view;
  }

  /** The rule by which facts of a predicate (canonical) chain: declared or built in, else the question's own asking; undefined when they do not. */
  private chainRule(predicate: string): { name: string; factor: number } | undefined {
    const rule = this.rules.transitive.get(predicate);
    if (rule || this.askedChain === undefined) return rule;
    // Chained because the question asked for it: each link is a stated fact, so the chain is as sure as they are.
    return { name: `${predicate} chain, asked ${this.askedChain}`, factor: 1 };
  }

  /** Whether the symmetric/inverse/transitive walks here already apply a rule. */
  private covers(rule: Rule): boolean {
    const shape = ruleShape(rule);
    if (shape.kind === "transitive") return this.rules.transitive.has(canonicalPredicate(shape.predicate));
    if (shape.kind === "symmetric") return this.rules.symmetric.has(canonicalPredicate(shape.predicate));
    if (shape.kind === "inverse") return (this.rules.inverse.get(canonicalPredicate(shape.predicate)) ?? []).some((i) => i.inverse === shape.inverse);
    return false;
  }

  /** Whether facts with this predicate chain (x p y, y p z => x p z). */
  isTransitive(predicate: string): boolean {
    return this.chainRule(canonicalPredicate(predicate)) !== undefined;
  }

  /** Stated world edges of a symbol. */
  async statedEdges(id: string): Promise<Edge[]> {
    let edges = this.stated.get(id);
    if (edges) return edges;
    edges = [];
    for (const e of await this.store.neighbours(id)) {
      const t = e.triple;
      if (this.vocab.isSchema(t.predicate) || isBookkeepingSymbol(e.other) || this.excluded(t)) continue;
      // A materialised derivation of a built-in rule is derived again here, with its premises;
      // one of a mined rule (kg infer stored it) is a guess, as the rule is (see Vocabulary.rules).
      if (t.source.startsWith("rule:") && (BUILTIN_NAMES.has(t.source.slice(5)) || isMinedRuleName(t.source.slice(5)))) continue;
      edges.push({ predicate: t.predicate, direction: e.direction, other: e.other, confidence: t.confidence, step: { triple: t } });
      if (edges.length >= MAX_EDGES_PER_SYMBOL) break;
    }
    this.stated.set(id, edges);
    return edges;
  }

  /**
   * The things with a stated fact of `predicate` (as stored), at most
   * `limit` (undefined when there are more: too many to answer cheaply).
   */
  async subjectsWith(predicate: string, limit: number): Promise<string[] | undefined> {
    const triples = await this.store.query({ predicate }, { limit: limit + 1 });
    if (triples.length > limit) return undefined;
    return [...new Set(triples.filter((t) => !this.excluded(t) && !isBookkeepingSymbol(t.subject)).map((t) => t.subject))];
  }

  /** Stated edges plus the ones symmetry and inverse rules give in one step. */
  async edges(id: string): Promise<Edge[]> {
    const cached = this.withRules.get(id);
    if (cached) return cached;
    const out: Edge[] = [];
    for (const e of await this.statedEdges(id)) {
      out.push(e);
      const c = canonicalPredicate(e.predicate);
      const sym = this.rules.symmetric.get(c);
      if (sym) out.push(derived(e, e.predicate, flip(e.direction), sym.name, sym.factor, id));
      for (const inv of this.rules.inverse.get(c) ?? []) out.push(derived(e, inv.inverse, flip(e.direction), inv.name, inv.factor, id));
    }
    out.push(...(await this.hornEdges(id, out)));
    this.withRules.set(id, out);
    return out;
  }

  /**
   * The edges of `id` the other rules derive (backward chaining, goal by
   * goal: `p(id, ?)` and `p(?, id)` for each head predicate), each with the
   * rule and the facts of its proof; none that repeats an edge already known.
   */
  private async hornEdges(id: string, known: readonly Edge[]): Promise<Edge[]> {
    if (this.hornRules.length === 0) return [];
    this.reasoner ??= this.store.reasoner({ rules: this.hornRules, exclude: this.excluded, maxDepth: MAX_CLOSURE_DEPTH });
    const reasoner = await this.reasoner;
    const seen = new Set(known.map((e) => `${e.direction}\u0000${e.predicate}\u0000${e.other}`));
    const out: Edge[] = [];
    for (const predicate of [...new Set(this.hornRules.map((r) => r.head.predicate))].sort()) {
      for (const direction of ["out", "in"] as const) {
        for (const a of await reasoner.solve(direction === "out" ? { predicate, subject: id } : { predicate, object: id })) {
          const other = direction === "out" ? a.triple.object : a.triple.subject;
          const key = `${direction}\u0000${predicate}\u0000${other}`;
          if (a.rule === undefined || seen.has(key) || isBookkeepingSymbol(other)) continue;
          seen.add(key);
          out.push({ predicate, direction, other, confidence: a.triple.confidence, step: { triple: a.triple, rule: a.rule, premises: a.antecedents } });
        }
      }
    }
    return out;
  }

  /**
   * Everything reachable from `id` along one transitive predicate in one
   * direction, two steps or more (one step is a stated edge), each with
   * the chain of facts as premises. Confidence: the product of the chain's
   * confidences times the rule's factor per step beyond the first. Class
   * membership is one chain however each link spells it (see classLink):
   * `tiramisu is_a dessert, dessert subclass_of dish` makes tiramisu a dish.
   */
  closure(id: string, predicate: string, direction: "out" | "in"): Promise<Edge[]> {
    const c = canonicalPredicate(predicate);
    // Type checks ask for the same closures again and again within one question.
    const key = `${id}\u0000${IS_A.has(c) ? "\u0000class" : c}\u0000${direction}`;
    let found = this.closures.get(key);
    if (!found) this.closures.set(key, (found = this.walk(id, predicate, direction)));
    return found;
  }

  private async walk(id: string, predicate: string, direction: "out" | "in"): Promise<Edge[]> {
    const c = canonicalPredicate(predicate);
    if (!this.chainRule(c)) return [];
    const classes = IS_A.has(c);
    // `head`: the predicate of the chain's link at the member's end, which the derived fact keeps.
    const seen = new Map<string, { chain: Triple[]; confidence: number; head: string; links: Set<string>; leaf: boolean }>([[id, { chain: [], confidence: 1, head: predicate, links: new Set(), leaf: false }]]);
    let frontier = [id];
    const out: Edge[] = [];
    for (let depth = 1; depth <= MAX_CLOSURE_DEPTH && frontier.length > 0; depth++) {
      const next: string[] = [];
      for (const node of frontier) {
        const here = seen.get(node)!;
        if (here.leaf) continue;
        for (const e of await this.edges(node)) {
          if (e.direction !== direction || seen.has(e.other)) continue;
          const link = canonicalPredicate(e.predicate);
          if (classes ? !classLink(link, direction, depth) : link !== c) continue;
          const rule = this.chainRule(link);
          if (!rule) continue;
          const chain = [...here.chain, ...premisesOf(e.step)];
          const confidence = here.confidence * e.confidence * (depth > 1 ? rule.factor : 1);
          const head = depth === 1 || direction === "in" ? e.predicate : here.head;
          const links = new Set(here.links).add(link);
          seen.set(e.other, { chain, confidence, head, links, leaf: direction === "in" && MEMBERSHIP_ONLY.has(link) });
          next.push(e.other);
          if (depth > 1) {
            const name = links.size === 1 ? rule.name : CLASS_INHERITANCE;
            const triple = direction === "out" ? fact(id, head, e.other, confidence, name) : fact(e.other, head, id, confidence, name);
            out.push({ predicate: head, direction, other: e.other, confidence, step: { triple, rule: name, premises: direction === "out" ? chain : [...chain].reverse() } });
          }
        }
      }
      frontier = next;
    }
    return out;
  }

  /** Whether `id` is an instance or subclass of `cls` (reflexive), with the facts that show it. */
  async isA(id: string, cls: string): Promise<FactStep[] | undefined> {
    if (id === cls) return [];
    // A closure from `id` starts with one of its own out-edges: only the predicates it has can lead anywhere
    // (type checks ask this of every candidate, and most have no class edge at all).
    const outgoing = new Set<string>();
    for (const e of await this.edges(id)) {
      if (e.direction !== "out") continue;
      const c = canonicalPredicate(e.predicate);
      if (IS_A.has(c) && e.other === cls) return [e.step];
      outgoing.add(c);
    }
    for (const p of IS_A) {
      if (!outgoing.has(canonicalPredicate(p))) continue;
      for (const e of await this.closure(id, p, "out")) if (e.other === cls) return [e.step];
    }
    return undefined;
  }

  /** The facts that make `id` one of `classes` (the first class that it is), or undefined when it is none of them. */
  async isAnyOf(id: string, classes: readonly string[]): Promise<FactStep[] | undefined> {
    for (const cls of classes) {
      const steps = await this.isA(id, cls);
      if (steps) return steps;
    }
    return undefined;
  }

  /**
   * What `id` holds by the predicates in `by` (its members by is-a, the
   * places within it by located-in), through chains of a transitive one
   * too: one edge per thing held, the most confident (a stated one on a tie).
   */
  async holdings(id: string, by: ReadonlySet<string>): Promise<Edge[]> {
    const direct = (await this.edges(id)).filter((e) => e.direction === "in" && by.has(canonicalPredicate(e.predicate)));
    const chained: Edge[] = [];
    for (const p of new Set(direct.map((e) => e.predicate))) if (this.isTransitive(p)) chained.push(...(await this.closure(id, p, "in")));
    const held = new Map<string, Edge>();
    for (const e of [...direct, ...chained]) if (e.confidence > (held.get(e.other)?.confidence ?? -1)) held.set(e.other, e);
    return [...held.values()];
  }

  /**
   * The members of a class, through its subclasses too: what holdings
   * gives by is-a, less the classes a subclass fact places under it
   * (`metro_line subclass_of line` makes a kind of line, not a line).
   */
  async members(cls: string): Promise<Edge[]> {
    return (await this.holdings(cls, IS_A)).filter((e) => !placesSubclass(e.predicate));
  }

  /** The classes `id` is declared a member or subclass of, directly (no chain). */
  async kinds(id: string): Promise<string[]> {
    return (await this.edges(id)).filter((e) => e.direction === "out" && IS_A.has(canonicalPredicate(e.predicate))).map((e) => e.other);
  }

  /** Whether anything is declared a member or subclass of `cls`. */
  async isClass(cls: string): Promise<boolean> {
    return (await this.edges(cls)).some(downToMember);
  }

  /** Whether any of `ids` (the symbols one name stands for) is a class. */
  async anyIsClass(ids: readonly string[]): Promise<boolean> {
    for (const id of ids) if (await this.isClass(id)) return true;
    return false;
  }
}

/** Whether an edge goes down from a class to a member or subclass of it (an is-a fact, read from its object). */
export function downToMember(e: Edge): boolean {
  return e.direction === "in" && IS_A.has(canonicalPredicate(e.predicate));
}

/** The noun a fact "of" makes its subject (`capital_of` -> "capital", `location_of` -> "location"); none for other facts. */
export function roleOf(predicate: string): readonly string[] {
  const tokens = predicateTokens(predicate);
  return tokens.length === 2 && tokens[1] === "of" ? [tokens[0]!] : [];
}

/** Whether an edge goes up from a member or subclass to its class (an is-a fact, read from its subject). */
export function upToClass(e: Edge): boolean {
  return e.direction === "out" && IS_A.has(canonicalPredicate(e.predicate));
}

function flip(d: "out" | "in"): "out" | "in" {
  return d === "out" ? "in" : "out";
}

function premisesOf(step: FactStep): Triple[] {
  return step.premises ? [...step.premises] : [step.triple];
}

function fact(subject: string, predicate: string, object: string, confidence: number, source: string): Triple {
  return { subject, predicate, object, confidence, source, createdAt: 0 };
}

/** The edge a one-step rule gives from a stated edge `e` of `self`. */
function derived(e: Edge, predicate: string, direction: "out" | "in", rule: string, factor: number, self: string): Edge {
  const confidence = e.confidence * factor;
  const triple = direction === "out" ? fact(self, predicate, e.other, confidence, rule) : fact(e.other, predicate, self, confidence, rule);
  return { predicate, direction, other: e.other, confidence, step: { triple, rule, premises: [e.step.triple] } };
}

/** A symbol's edges plus the transitive closure of each transitive predicate it has. */
export async function edgesWithClosure(view: FactView, id: string): Promise<Edge[]> {
  const edges = await view.edges(id);
  const out = [...edges];
  const done = new Set<string>();
  for (const e of edges) {
    const key = `${canonicalPredicate(e.predicate)}:${e.direction}`;
    if (done.has(key) || !view.isTransitive(e.predicate)) continue;
    done.add(key);
    out.push(...(await view.closure(id, e.predicate, e.direction)));
  }
  return out;
}
