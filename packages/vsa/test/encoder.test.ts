import { describe, expect, it, vi } from "vitest";
import { Accumulator, DEFAULT_SYNONYMS, TextEncoder, contentWords, ngrams, similarity, stem, vectorsEqual } from "../src/index.js";

const enc = new TextEncoder();
const sim = (a: string, b: string, e = enc) => similarity(e.encode(a), e.encode(b));

describe("text encoder", () => {
  it("normalises: case, punctuation, accents and stop words", () => {
    expect(contentWords("The Café's menu, please!")).toEqual(["cafe", "menu"]);
    expect(stem("Mammalian")).toBe("mammal");
    expect(stem("downloading")).toBe(stem("downloaded"));
    expect(ngrams("cat", 3)).toEqual(["^ca", "cat", "at$"]);
  });

  it("recentStemsOf: a text's stems as contentWords and stem give them, while it is among the last 32 texts whose vectors were made", () => {
    const e = new TextEncoder();
    const text = "The Café's Mammalian menus, downloading   orbits";
    expect(e.recentStemsOf(text)).toBeUndefined();
    e.encode(text);
    expect(e.recentStemsOf(text)).toEqual(contentWords(text).map(stem));
    expect(e.recentStemsOf("the of and")).toBeUndefined();
    for (let i = 0; i < 32; i++) e.encode(`other text number ${i}`);
    expect(e.recentStemsOf(text)).toBeUndefined();
    expect(e.recentStemsOf("other text number 31")).toEqual(contentWords("other text number 31").map(stem));
  });

  it("puts inflected and derived forms near each other, and unrelated words at 0.5", () => {
    expect(sim("mammals", "mammal")).toBeGreaterThan(0.7);
    expect(sim("Mammalian", "mammals")).toBeGreaterThan(0.7);
    expect(sim("classification", "classify")).toBeGreaterThan(0.6); // n-grams and the shared concept
    expect(Math.abs(sim("mammals", "volcano") - 0.5)).toBeLessThan(0.02);
  });

  it("matches synonyms through shared concepts", () => {
    expect(sim("grab the page", "download website")).toBeGreaterThan(0.6);
    expect(sim("grab the page", "download website")).toBeGreaterThan(sim("grab the page", "compile the program") + 0.1);
    expect(Math.abs(sim("grab the page", "compile the program") - 0.5)).toBeLessThan(0.03);
  });

  it("has a root table of at least 20 roots and takes extra synonyms from config", () => {
    expect(Object.keys(DEFAULT_SYNONYMS).length).toBeGreaterThanOrEqual(20);
    const plain = new TextEncoder();
    const custom = new TextEncoder({ synonyms: { sky: ["firmament", "heavens"] } });
    expect(sim("firmament", "sky", custom)).toBeGreaterThan(sim("firmament", "sky", plain) + 0.1);
    expect(custom.conceptsOf("heavens")).toEqual(["sky"]);
    expect(() => new TextEncoder({ synonyms: { "two words": ["x"] } })).toThrow(/synonym root "two words" must be a single word/);
  });

  it("fingerprint - equal for equal settings, different when anything that shapes a vector differs", () => {
    expect(new TextEncoder().fingerprint).toBe(enc.fingerprint);
    expect(new TextEncoder({ weights: { word: 1, concept: 1.5, ngram: 0.3 } }).fingerprint).toBe(enc.fingerprint);
    const others = [
      new TextEncoder({ synonyms: { sky: ["firmament"] } }),
      new TextEncoder({ weights: { ngram: 0.4 } }),
      new TextEncoder({ ngramSize: 4 }),
      new TextEncoder({ repeatCap: 3 }),
      new TextEncoder({ replaceDefaultSynonyms: true }),
    ].map((e) => e.fingerprint);
    expect(new Set([enc.fingerprint, ...others]).size).toBe(others.length + 1);
  });

  it("is deterministic and gives the zero vector for an empty text", () => {
    const other = new TextEncoder();
    expect(other.encode("schedule a nightly report")).toEqual(enc.encode("schedule a nightly report"));
    expect(enc.encode("the of and").every((w) => w === 0)).toBe(true);
    expect(enc.analyze("Run the tests").concepts).toContain("execute");
  });
});

describe("text encoder, bundling from the last bundle", () => {
  /** The vector bundled from scratch, member by member with Accumulator.add (what encodeAtoms made before it started from the last bundle). */
  const fromScratch = (e: TextEncoder, text: string) => {
    const acc = new Accumulator();
    for (const a of e.analyze(text).atoms) acc.add(e.atomVector(a), a.weight);
    return acc.toVector();
  };
  // Near copies (a run's episodes), texts sharing about half their atoms, unrelated ones, repeated words (capped weights), one word (ties).
  const texts = [
    ...Array.from({ length: 40 }, (_, i) => `cycle ${i}: 1 active goal (top: "Identify the moons that orbit jupiter"), WM ${(i * 7) % 100}/100, ${i % 4} episodes recalled`),
    ...Array.from({ length: 20 }, (_, i) => `moons of ${["jupiter", "saturn", "mars"][i % 3]} ${i % 2 ? "orbit closely" : "are icy"} and ${["small", "large", "cold", "far"][i % 4]}`),
    "enceladus has a subsurface ocean",
    "ocean ocean ocean ocean water water",
    "whale",
    "whales",
    "the quick brown fox jumps over the lazy dog",
    "cycle 3: 1 active goal",
  ];

  it("gives exactly the vector bundled from scratch, whatever text came before", () => {
    const e = new TextEncoder();
    for (const [i, text] of [...texts, ...[...texts].reverse()].entries()) {
      // encodeAtoms, not encode: encode's cache would answer the second pass.
      expect(vectorsEqual(e.encodeAtoms(e.analyze(text).atoms), fromScratch(e, text)), `text ${i}: ${text}`).toBe(true);
    }
  });

  it("a text close to the last one bundled adds and takes back only the atoms that differ", () => {
    const e = new TextEncoder();
    e.encode("cycle 146: 1 active goal (top: \"Identify the moons that orbit jupiter\"), WM 57/100, 3 episodes recalled");
    const added = vi.spyOn(Accumulator.prototype, "addShared");
    try {
      const text = "cycle 147: 1 active goal (top: \"Identify the moons that orbit jupiter\"), WM 62/100, 3 episodes recalled";
      const v = e.encode(text);
      const atoms = e.analyze(text).atoms.length;
      expect(added.mock.calls.length).toBeGreaterThan(0);
      expect(added.mock.calls.length).toBeLessThan(atoms / 4);
      expect(vectorsEqual(v, fromScratch(e, text))).toBe(true);
    } finally {
      added.mockRestore();
    }
  });

  it("atoms listed twice are each a member, as before", () => {
    const e = new TextEncoder();
    const atoms = e.analyze("ocean water").atoms;
    const twice = [...atoms, atoms[0]!];
    const acc = new Accumulator();
    for (const a of twice) acc.add(e.atomVector(a), a.weight);
    expect(vectorsEqual(e.encodeAtoms(twice), acc.toVector())).toBe(true);
  });
});

describe("TextEncoder caches", () => {
  // Each distinct n-gram's vector was kept for good: text in a script of
  // thousands of characters (CJK) has no end of them, 1.25 KB each.
  it("keeps at most 50,000 n-gram vectors, and a text encodes the same after its n-grams were dropped", () => {
    const enc = new TextEncoder();
    // Words of CJK characters drawn from a fixed sequence: some 60,000 distinct trigrams in all.
    let x = 7; // xorshift32
    const char = () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return String.fromCodePoint(0x4e00 + ((x >>> 0) % 3_000));
    };
    const texts = Array.from({ length: 600 }, () => Array.from({ length: 10 }, () => Array.from({ length: 10 }, char).join("")).join(" "));
    const first = enc.encode(texts[0]!).slice();
    for (const t of texts) enc.encode(t);
    const { ngrams, placedChars } = enc.cached;
    expect(ngrams).toBe(50_000);
    expect(placedChars).toBeLessThanOrEqual(2 * 3_002);
    // A fresh encoder, and this one with texts[0]'s n-grams long dropped (and its own cache of texts too full to keep it), agree.
    for (let i = 0; i < 5_000; i++) enc.encode(`filler ${i}`);
    expect(vectorsEqual(enc.encode(texts[0]!), first)).toBe(true);
    expect(vectorsEqual(new TextEncoder().encode(texts[0]!), first)).toBe(true);
  });
});
