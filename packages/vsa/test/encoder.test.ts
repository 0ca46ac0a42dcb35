import { describe, expect, it } from "vitest";
import { DEFAULT_SYNONYMS, TextEncoder, contentWords, ngrams, similarity, stem } from "../src/index.js";

const enc = new TextEncoder();
const sim = (a: string, b: string, e = enc) => similarity(e.encode(a), e.encode(b));

describe("text encoder", () => {
  it("normalises: case, punctuation, accents and stop words", () => {
    expect(contentWords("The Café's menu, please!")).toEqual(["cafe", "menu"]);
    expect(stem("Mammalian")).toBe("mammal");
    expect(stem("downloading")).toBe(stem("downloaded"));
    expect(ngrams("cat", 3)).toEqual(["^ca", "cat", "at$"]);
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
