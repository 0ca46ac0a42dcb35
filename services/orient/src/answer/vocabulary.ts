import { canonicalPredicate, fold, isBookkeepingPredicate, isWorldTriple, nameOfId, type GraphChange, type GraphStore, type Rule, type Triple } from "@boyd/graph";
import { IS_A } from "./facts.js";
import { NUMBER } from "./result.js";

/** Predicates that name things rather than relate them: `x label "Name"`, `x alias "Other"`. */
export const NAME_PREDICATES: ReadonlySet<string> = new Set(["label", "alias", "rdfs_label", "skos_pref_label", "skos_preflabel", "skos_alt_label", "skos_altlabel", "also_known_as", "aka", "name"]);

/** `owl:FunctionalProperty` as canonicalPredicate writes it (the key of its declarations in Vocabulary.declarations.facts). */
export const OWL_FUNCTIONAL = "owl_functional_property";

/**
 * The W3C declarations by their canonical form, written in camelCase as
 * the standards spell them or run together in lower case.
 */
const W3C_DECLARATIONS: ReadonlyMap<string, "functional" | "transitive" | "symmetric"> = new Map([
  [OWL_FUNCTIONAL, "functional"],
  ["owl_functionalproperty", "functional"],
  ["owl_transitive_property", "transitive"],
  ["owl_transitiveproperty", "transitive"],
  ["owl_symmetric_property", "symmetric"],
  ["owl_symmetricproperty", "symmetric"],
]);
const INVERSE_OF: ReadonlySet<string> = new Set(["owl_inverse_of", "owl_inverseof"]);

/** Whether a predicate is schema or naming rather than a relation between things. */
function isSchemaPredicate(predicate: string): boolean {
  const c = canonicalPredicate(predicate);
  return NAME_PREDICATES.has(c) || c.startsWith("rdf_") || c.startsWith("rdfs_") || c.startsWith("owl_") || isBookkeepingPredicate(predicate);
}

/** What the data declares about a predicate with the W3C terms (`p rdf:type owl:FunctionalProperty`, `p owl:inverseOf q`). */
export interface PredicateDeclarations {
  readonly functional: ReadonlySet<string>;
  readonly transitive: ReadonlySet<string>;
  readonly symmetric: ReadonlySet<string>;
  /** predicate -> its declared inverses. */
  readonly inverses: ReadonlyMap<string, readonly string[]>;
  /** The declaration facts, for proofs, by `kind:predicate`. */
  readonly facts: ReadonlyMap<string, Triple>;
}

/**
 * The graph's own words: every world symbol by its folded names (its id,
 * its label, and the objects of its `label`/`alias` facts), the predicates
 * in use, the display name of each symbol, and the predicate declarations.
 * Built once per graph version and shared by every question.
 */
export class Vocabulary {
  private readonly byName = new Map<string, Set<string>>();
  private readonly display = new Map<string, string>();
  /** Longest name in tokens, so mention search knows how far to look. */
  maxNameTokens = 1;
  readonly predicates = new Map<string, number>();
  /** The predicates with a fact whose object is no number: relations between things, not measures ("joined" may name `member_of` though `joined_eu` holds years). */
  readonly relations = new Map<string, number>();
  /**
   * The rules answers may rest on: built-in, declared, from rules files.
   * Never a mined one: it is a guess from counts ("every student is in
   * cs201", true of 2 in 10), and an answer it gave would be made up.
   */
  rules: readonly Rule[] = [];
  declarations: PredicateDeclarations = { functional: new Set(), transitive: new Set(), symmetric: new Set(), inverses: new Map(), facts: new Map() };
  /** Every symbol a relation triple names, with its label when it has one (other than its id): what extendVocabulary checks a change against. */
  readonly entities = new Map<string, string | undefined>();
  /** The objects of naming triples: one that becomes an entity shows its subject by its label (a rebuild takes that in). */
  readonly nameObjects = new Set<string>();
  /** Symbols by the last words of a name of two words or more ("picasso" and "van gogh"), for names people shorten. */
  private readonly byNameEnd = new Map<string, Set<string>>();
  /** Classes (objects of is-a facts) named by two words or more, by their last word: "club" -> football_club. */
  private readonly byHeadNoun = new Map<string, Set<string>>();
  /** Symbols by the first words of a name of two words or more, with the words left ("heathrow" -> lhr, "airport"), for names people shorten to what sets them apart. */
  private readonly byNameStart = new Map<string, Map<string, string>>();
  /** The last word of every class's name ("airport", "club"). */
  private readonly classNouns = new Set<string>();
  /** Every class: the objects of is-a facts. */
  private readonly classIds = new Set<string>();
  /**
   * Naming predicates (canonical) that relate things in this graph: most of
   * their objects are things other facts describe (`ok_computer label
   * parlophone`, parlophone a record label), so they are read as relations,
   * not as names to show.
   */
  readonly namingAsRelation = new Set<string>();

  /** Whether facts of a predicate are schema or naming here, not relations between things (see namingAsRelation). */
  isSchema(predicate: string): boolean {
    return isSchemaPredicate(predicate) && !this.namingAsRelation.has(canonicalPredicate(predicate));
  }

  /** Counts a relation triple's predicate (see predicates, relations). */
  count(t: Triple): void {
    this.predicates.set(t.predicate, (this.predicates.get(t.predicate) ?? 0) + 1);
    if (!NUMBER.test(t.object)) this.relations.set(t.predicate, (this.relations.get(t.predicate) ?? 0) + 1);
  }

  /** Symbol ids with this folded name. */
  lookup(name: string): readonly string[] {
    const ids = this.byName.get(name);
    return ids ? [...ids].sort() : [];
  }

  /** The name people know a symbol by: its label fact, else its label, else its id. */
  displayName(id: string): string {
    return this.display.get(id) ?? id;
  }

  /**
   * The display name, with the id after it when another symbol goes by that
   * name too ("Paris (paris_texas)"): for text a person reads, so a proof
   * never leaves them to guess which one.
   */
  distinctName(id: string): string {
    const shown = this.display.get(id);
    if (shown === undefined) return id;
    return (this.byName.get(fold(shown))?.size ?? 0) > 1 ? `${shown} (${id})` : shown;
  }

  /** Every name of a symbol known here, folded (for matching criteria against answers). */
  namesOf(id: string): string[] {
    const out = new Set([nameOfId(id)]);
    const shown = this.display.get(id);
    if (shown) out.add(fold(shown));
    return [...out];
  }

  addName(id: string, name: string): void {
    const key = fold(name);
    if (!key) return;
    let ids = this.byName.get(key);
    if (!ids) this.byName.set(key, (ids = new Set()));
    ids.add(id);
    const words = key.split(" ");
    this.maxNameTokens = Math.max(this.maxNameTokens, words.length);
    for (let i = 1; i < words.length; i++) {
      const end = words.slice(i).join(" ");
      let ends = this.byNameEnd.get(end);
      if (!ends) this.byNameEnd.set(end, (ends = new Set()));
      ends.add(id);
      const start = words.slice(0, i).join(" ");
      let starts = this.byNameStart.get(start);
      if (!starts) this.byNameStart.set(start, (starts = new Map()));
      starts.set(id, end);
    }
  }

  /**
   * The one symbol a shortened name stands for: the words end one of its
   * names ("Picasso" for pablo_picasso, "da Vinci" for leonardo_da_vinci)
   * and end no other symbol's, or they start one whose other words name a
   * kind of thing ("Heathrow" for Heathrow Airport) and start no other such
   * name; and no symbol goes by the words themselves.
   */
  shortenedName(name: string): string | undefined {
    if (this.byName.has(name)) return undefined;
    const ids = this.byNameEnd.get(name);
    if (ids) return ids.size === 1 ? [...ids][0] : undefined;
    // "Heathrow" for Heathrow Airport: the words left say only what kind of thing it is.
    const kinds = [...(this.byNameStart.get(name) ?? [])].filter(([, rest]) => this.classNouns.has(rest.split(" ").at(-1)!));
    return kinds.length === 1 ? kinds[0]![0] : undefined;
  }

  /**
   * The one class a noun names by being the last word of its name ("club"
   * for football_club), when no symbol goes by the noun itself and no
   * other class's name ends in it (then it would not say which).
   */
  classByHeadNoun(noun: string): string | undefined {
    const classes = this.byHeadNoun.get(noun);
    return classes?.size === 1 && !this.byName.has(noun) ? [...classes][0] : undefined;
  }

  /** Whether `id` is the object of an is-a fact. */
  isClass(id: string): boolean {
    return this.classIds.has(id);
  }

  /** Notes the object of an is-a fact as a class (see classByHeadNoun). */
  addClass(id: string): void {
    this.classIds.add(id);
    const words = nameOfId(id).split(" ");
    this.classNouns.add(words[words.length - 1]!);
    if (words.length < 2) return;
    const head = words[words.length - 1]!;
    let classes = this.byHeadNoun.get(head);
    if (!classes) this.byHeadNoun.set(head, (classes = new Set()));
    classes.add(id);
  }

  setDisplay(id: string, name: string, preferred: boolean): void {
    if (preferred || !this.display.has(id)) this.display.set(id, name);
  }
}

/** Reads the whole graph once into a {@link Vocabulary}. */
export async function buildVocabulary(store: GraphStore): Promise<Vocabulary> {
  const vocab = new Vocabulary();
  const entities = new Set<string>();
  const functional = new Set<string>();
  const transitive = new Set<string>();
  const symmetric = new Set<string>();
  const inverses = new Map<string, string[]>();
  const facts = new Map<string, Triple>();
  const names: Triple[] = [];
  const described = new Set<string>();
  for await (const t of store.exportTriples()) {
    if (!isWorldTriple(t)) continue;
    const p = canonicalPredicate(t.predicate);
    if (NAME_PREDICATES.has(p)) {
      names.push(t);
      continue;
    }
    if (p === "rdf_type" || p === "a" || p === "type") {
      const kind = W3C_DECLARATIONS.get(canonicalPredicate(t.object));
      const set = kind === "functional" ? functional : kind === "transitive" ? transitive : kind === "symmetric" ? symmetric : undefined;
      if (set) {
        set.add(t.subject);
        facts.set(`owl_${kind}_property:${t.subject}`, t);
        continue;
      }
    }
    if (INVERSE_OF.has(p)) {
      inverses.set(t.subject, [...(inverses.get(t.subject) ?? []), t.object]);
      inverses.set(t.object, [...(inverses.get(t.object) ?? []), t.subject]);
      facts.set(`owl_inverse_of:${t.subject}:${t.object}`, t);
      continue;
    }
    if (isSchemaPredicate(t.predicate)) continue;
    vocab.count(t);
    if (IS_A.has(p)) vocab.addClass(t.object);
    entities.add(t.subject);
    entities.add(t.object);
    described.add(t.subject);
  }
  for (const p of namingAsRelation(names, described)) vocab.namingAsRelation.add(p);
  for (const t of names.filter((n) => vocab.namingAsRelation.has(canonicalPredicate(n.predicate)))) {
    vocab.count(t);
    entities.add(t.subject);
    entities.add(t.object);
  }
  const labels = new Map<string, string>();
  for (const ids = [...entities]; ids.length > 0; ) {
    for (const s of await store.symbols(ids.splice(0, 1_000))) if (s.label && s.label !== s.id) labels.set(s.id, s.label);
  }
  for (const id of entities) addEntity(vocab, id, labels.get(id));
  for (const t of names) {
    if (vocab.namingAsRelation.has(canonicalPredicate(t.predicate))) continue;
    vocab.nameObjects.add(t.object);
    vocab.addName(t.subject, t.object);
    vocab.addName(t.subject, nameOfId(t.subject));
    // A `label` fact names the symbol for display; an alias only finds it.
    const p = canonicalPredicate(t.predicate);
    if (p === "label" || p === "rdfs_label" || p === "skos_pref_label" || p === "skos_preflabel" || p === "name") vocab.setDisplay(t.subject, labels.get(t.object) ?? t.object, true);
  }
  vocab.declarations = { functional, transitive, symmetric, inverses, facts };
  vocab.rules = (await store.rules()).filter((r) => r.provenance.kind !== "mined");
  return vocab;
}

/**
 * The naming predicates whose objects are mostly things the graph
 * describes (each the subject of a relation fact): in such a graph `label`
 * says which record label, not what to call a thing.
 */
function namingAsRelation(names: readonly Triple[], described: ReadonlySet<string>): string[] {
  const tally = new Map<string, { things: number; all: number }>();
  for (const t of names) {
    const p = canonicalPredicate(t.predicate);
    const n = tally.get(p) ?? { things: 0, all: 0 };
    n.all++;
    if (described.has(t.object)) n.things++;
    tally.set(p, n);
  }
  return [...tally].filter(([, n]) => n.things * 2 > n.all).map(([p]) => p);
}

/** A symbol a relation triple names: found by its id's name and its label, shown by its label. */
function addEntity(vocab: Vocabulary, id: string, label: string | undefined): void {
  vocab.entities.set(id, label);
  vocab.addName(id, nameOfId(id));
  if (label) {
    vocab.addName(id, label);
    vocab.setDisplay(id, label, false);
  }
}

/** A symbol's label as the vocabulary keeps it: none when it only repeats the id. */
function labelOf(symbol: { id: string; label: string }): string | undefined {
  return symbol.label && symbol.label !== symbol.id ? symbol.label : undefined;
}

/**
 * Applies a write to a vocabulary built from the graph before it, so that
 * it is what buildVocabulary would now read, without reading the graph
 * again (a rebuild reads every triple: ~0.6 s at 100,000, after every
 * fact an agent learnt). Resolves false, leaving it unchanged, when the
 * change is of a kind only a rebuild takes in: naming or schema triples
 * (labels, aliases, W3C declarations, which rules follow from), relabelled
 * symbols, anything told as `other`.
 */
export async function extendVocabulary(vocab: Vocabulary, change: GraphChange, store: GraphStore): Promise<boolean> {
  if (change.kind === "other") return false;
  if (change.kind === "symbols") return change.symbols.every((s) => !vocab.entities.has(s.id) || vocab.entities.get(s.id) === labelOf(s));
  const relations = change.added.filter(isWorldTriple);
  if (relations.some((t) => isSchemaPredicate(t.predicate))) return false;
  const fresh = [...new Set(relations.flatMap((t) => [t.subject, t.object]))].filter((id) => !vocab.entities.has(id));
  if (fresh.some((id) => vocab.nameObjects.has(id))) return false;
  const labels = new Map<string, string | undefined>();
  for (let i = 0; i < fresh.length; i += 1_000) for (const s of await store.symbols(fresh.slice(i, i + 1_000))) labels.set(s.id, labelOf(s));
  for (const t of relations) {
    vocab.count(t);
    if (IS_A.has(canonicalPredicate(t.predicate))) vocab.addClass(t.object);
  }
  for (const id of fresh) if (!vocab.entities.has(id)) addEntity(vocab, id, labels.get(id));
  return true;
}
