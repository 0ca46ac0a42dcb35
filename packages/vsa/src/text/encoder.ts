import { Accumulator } from "../bundle.js";
import { bind, permute, type Hypervector } from "../hypervector.js";
import { itemVector } from "../item-memory.js";
import { hashString } from "../random.js";
import { DEFAULT_SYNONYMS, type SynonymTable } from "./synonyms.js";
import { contentWords, stem } from "./tokens.js";

/** Relative weight of each kind of atom in a text's bundle. */
export interface AtomWeights {
  /** The stem of a content word. */
  word: number;
  /** A concept root the word belongs to (synonym expansion). */
  concept: number;
  /** One character n-gram of the word (morphology, spelling variants). */
  ngram: number;
}

export interface EncoderOptions {
  /** Extra roots, or extra words for existing roots (merged with the defaults). */
  synonyms?: SynonymTable;
  /** Use only `synonyms`, not the default table. */
  replaceDefaultSynonyms?: boolean;
  /** Atom weights. @default { word: 1, concept: 1.5, ngram: 0.3 } */
  weights?: Partial<AtomWeights>;
  /** Characters per n-gram. @default 3 */
  ngramSize?: number;
  /** A repeated atom's weights add up to at most this many times its base weight. @default 2 */
  repeatCap?: number;
}

/** One weighted ingredient of a text's vector. */
export interface Atom {
  kind: keyof AtomWeights;
  /** Stem, concept root or n-gram. */
  key: string;
  weight: number;
}

/** What the encoder made of a text. */
export interface TextAnalysis {
  /** Content words as written (lowercased). */
  words: string[];
  /** Their stems. */
  stems: string[];
  /** Concept roots reached through the synonym table, sorted. */
  concepts: string[];
  /** Every weighted atom, in a deterministic order. */
  atoms: Atom[];
}

const DEFAULT_WEIGHTS: AtomWeights = { word: 1, concept: 1.5, ngram: 0.3 };
const CACHE_LIMIT = 4_096;
// N-gram vectors an encoder keeps. Text in a script of thousands of
// characters has no end of distinct n-grams, each a 1.25 KB vector, so the
// oldest go (made again, from the kept character vectors, when met again).
const NGRAM_CACHE_LIMIT = 50_000;
// Texts whose stems an encoder keeps after making their vectors (see recentStemsOf).
const RECENT_STEMS_KEPT = 32;

// Raise whenever the same text and settings could encode to a different
// vector (tokenizing, stemming, n-grams, bundling, item vectors): vectors
// stored with an older fingerprint are then encoded again, not trusted.
// 2: bundles sum the weights as exact integers, so a near-tie no longer
// depends on float rounding.
const ENCODING_VERSION = 2;

/**
 * Encodes text as one hypervector: a weighted majority bundle of word-stem
 * vectors, concept vectors from the synonym table, and character n-gram
 * vectors (order encoded by permutation, n-gram = ρ²(c₁) ⊕ ρ(c₂) ⊕ c₃).
 * Texts about the same things in different words or forms come out similar;
 * unrelated texts stay at 0.5. Deterministic, so any replica agrees.
 */
export class TextEncoder {
  readonly weights: AtomWeights;
  private readonly ngramSize: number;
  private readonly repeatCap: number;
  /** stem -> concept roots containing a word with that stem. */
  private readonly conceptsByStem = new Map<string, string[]>();
  private readonly cache = new Map<string, Hypervector>();
  private readonly ngramCache = new Map<string, Hypervector>();
  /** A character's vector permuted by its distance from the n-gram's end, by distance and character (see ngramVector). */
  private readonly placedChars = new Map<string, Hypervector>();
  private settingsHash: string | undefined;
  /** The atoms (by kind and key) and accumulator of the last bundle, the base of the next (see encodeAtoms). */
  private lastBundle: { members: ReadonlyMap<string, Atom>; acc: Accumulator } | undefined;
  /** The stems of the texts whose vectors were made last, by text (see recentStemsOf). */
  private readonly recentStems = new Map<string, readonly string[]>();

  constructor(options: EncoderOptions = {}) {
    this.weights = { ...DEFAULT_WEIGHTS, ...options.weights };
    this.ngramSize = options.ngramSize ?? 3;
    this.repeatCap = options.repeatCap ?? 2;
    if (!Number.isInteger(this.ngramSize) || this.ngramSize < 2) throw new RangeError(`ngramSize must be an integer >= 2, got ${this.ngramSize}`);
    const tables = options.replaceDefaultSynonyms ? [options.synonyms ?? {}] : [DEFAULT_SYNONYMS, options.synonyms ?? {}];
    for (const table of tables) {
      for (const [root, list] of Object.entries(table)) {
        if (!/^[\p{L}\p{N}_-]+$/u.test(root)) throw new RangeError(`synonym root ${JSON.stringify(root)} must be a single word`);
        for (const word of [root, ...list]) {
          for (const w of contentWordsOrSelf(word)) {
            const s = stem(w);
            const roots = this.conceptsByStem.get(s) ?? [];
            if (!roots.includes(root)) roots.push(root);
            this.conceptsByStem.set(s, roots);
          }
        }
      }
    }
  }

  /**
   * Names everything that decides this encoder's vectors (encoding version,
   * weights, n-gram size, repeat cap, synonym table), so a vector stored
   * with a fingerprint can be reused by any encoder with the same one
   * instead of encoding the text again.
   */
  get fingerprint(): string {
    if (this.settingsHash === undefined) {
      const concepts = [...this.conceptsByStem].map(([s, roots]) => [s, [...roots].sort()] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const settings = JSON.stringify([ENCODING_VERSION, this.weights.word, this.weights.concept, this.weights.ngram, this.ngramSize, this.repeatCap, concepts]);
      const [h1, h2] = hashString(settings);
      this.settingsHash = `v${ENCODING_VERSION}-${h1.toString(16).padStart(8, "0")}${h2.toString(16).padStart(8, "0")}`;
    }
    return this.settingsHash;
  }

  /** Concept roots the word belongs to (by stem). */
  conceptsOf(word: string): readonly string[] {
    return this.conceptsByStem.get(stem(word)) ?? [];
  }

  /** Splits a text into weighted atoms. */
  analyze(text: string): TextAnalysis {
    const ws = contentWords(text);
    const stems = ws.map(stem);
    const weights = new Map<string, Atom>();
    const add = (kind: keyof AtomWeights, key: string) => {
      const id = `${kind}:${key}`;
      const base = this.weights[kind];
      if (base <= 0) return;
      const atom = weights.get(id);
      if (atom) atom.weight = Math.min(atom.weight + base, base * this.repeatCap);
      else weights.set(id, { kind, key, weight: base });
    };
    const concepts = new Set<string>();
    ws.forEach((w, i) => {
      const s = stems[i]!;
      add("word", s);
      for (const c of this.conceptsByStem.get(s) ?? []) {
        concepts.add(c);
        add("concept", c);
      }
      for (const g of ngrams(w, this.ngramSize)) add("ngram", g);
    });
    const atoms = [...weights.values()].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { words: ws, stems, concepts: [...concepts].sort(), atoms };
  }

  /** The text's vector (cached; do not modify it). A text with no content words gives the zero vector. */
  encode(text: string): Hypervector {
    let v = this.cache.get(text);
    if (v === undefined) {
      const analysis = this.analyze(text);
      v = this.encodeAtoms(analysis.atoms);
      if (this.recentStems.size >= RECENT_STEMS_KEPT) this.recentStems.delete(this.recentStems.keys().next().value!);
      this.recentStems.set(text, analysis.stems);
      if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(text, v);
    }
    return v;
  }

  /**
   * The stems of the text's content words (`contentWords(text).map(stem)`)
   * as its encoding worked them out, when it is one of the last texts
   * whose vector was made; else undefined. A record's text is encoded when
   * it is written and split into stems again when a recall index takes it
   * in: this spares the second pass over the text. Do not modify it.
   */
  recentStemsOf(text: string): readonly string[] | undefined {
    return this.recentStems.get(text);
  }

  /**
   * Bundles atoms into one vector. Texts encoded one after another are
   * often near copies (a run's episodes: "cycle 147: 1 active goal ...,
   * WM 57/100 ..."): when most atoms, with their weights, are those of the
   * text bundled last, its accumulator is copied and only the difference
   * taken out and added, which gives exactly the bundle made from scratch
   * (counts and the tie-break seed are sums over the members).
   */
  encodeAtoms(atoms: readonly Atom[]): Hypervector {
    const members = new Map<string, Atom>();
    for (const a of atoms) members.set(`${a.kind}:${a.key}`, a);
    // Atoms repeated in the list (analyze never makes such a list) are each a member: bundled from scratch.
    if (members.size !== atoms.length) return this.freshBundle(atoms).toVector();
    const acc = this.fromLastBundle(members) ?? this.freshBundle(members.values());
    this.lastBundle = { members, acc };
    return acc.toVector();
  }

  private freshBundle(atoms: Iterable<Atom>): Accumulator {
    const acc = new Accumulator();
    // Atom vectors come from caches and are never modified.
    for (const a of atoms) acc.addShared(this.atomVector(a), a.weight);
    return acc;
  }

  /** The last bundle's copy turned into this one, or undefined when fewer than half the atoms are shared. */
  private fromLastBundle(members: ReadonlyMap<string, Atom>): Accumulator | undefined {
    const last = this.lastBundle;
    if (!last) return undefined;
    const gone: Atom[] = [];
    const added: Atom[] = [];
    for (const [id, a] of last.members) if (members.get(id)?.weight !== a.weight) gone.push(a);
    for (const [id, a] of members) if (last.members.get(id)?.weight !== a.weight) added.push(a);
    if ((gone.length + added.length) * 2 > members.size) return undefined;
    const acc = last.acc.clone();
    for (const a of gone) acc.removeShared(this.atomVector(a), a.weight);
    for (const a of added) acc.addShared(this.atomVector(a), a.weight);
    return acc;
  }

  /** The vector of one atom. */
  atomVector(atom: Pick<Atom, "kind" | "key">): Hypervector {
    if (atom.kind === "word") return itemVector(`word:${atom.key}`);
    if (atom.kind === "concept") return itemVector(`concept:${atom.key}`);
    return this.ngramVector(atom.key);
  }

  private ngramVector(gram: string): Hypervector {
    let v = this.ngramCache.get(gram);
    if (v === undefined) {
      const chars = [...gram];
      v = itemVector(`char:${chars[chars.length - 1]}`);
      for (let i = 0; i < chars.length - 1; i++) v = bind(v, this.placedChar(chars[i]!, chars.length - 1 - i));
      if (this.ngramCache.size >= NGRAM_CACHE_LIMIT) this.ngramCache.delete(this.ngramCache.keys().next().value!);
      this.ngramCache.set(gram, v);
    }
    return v;
  }

  /** ρ^shift of the character's vector: kept, since a few dozen characters make every n-gram and a permutation costs as much as the rest of one. */
  private placedChar(char: string, shift: number): Hypervector {
    const key = `${shift}:${char}`;
    let v = this.placedChars.get(key);
    if (v === undefined) {
      v = permute(itemVector(`char:${char}`), shift);
      if (this.placedChars.size >= NGRAM_CACHE_LIMIT) this.placedChars.delete(this.placedChars.keys().next().value!);
      this.placedChars.set(key, v);
    }
    return v;
  }

  /** How many texts, n-grams and placed characters the encoder holds vectors for (each at most a fixed bound). */
  get cached(): { texts: number; ngrams: number; placedChars: number } {
    return { texts: this.cache.size, ngrams: this.ngramCache.size, placedChars: this.placedChars.size };
  }
}

/** Character n-grams of a word padded with ^ and $, e.g. "^ma", "mam", ..., "ls$". */
export function ngrams(word: string, n: number): string[] {
  const chars = [..."^", ...word, "$"];
  if (chars.length <= n) return [chars.join("")];
  const out: string[] = [];
  for (let i = 0; i + n <= chars.length; i++) out.push(chars.slice(i, i + n).join(""));
  return out;
}

function contentWordsOrSelf(word: string): string[] {
  const ws = contentWords(word);
  return ws.length > 0 ? ws : [word.toLowerCase()];
}
