// A fact's id is the hash of its normalized content, and its size is checked
// on that form; the keys of recent contents are kept, which must never change
// what either gives.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { KNOWLEDGE } from "../src/constants.js";
import { factId, factSized, normalizeContent } from "../src/facts.js";

const expectedId = (content: string) => `fact:${createHash("sha256").update(content.replace(/\s+/g, " ").trim()).digest("hex").slice(0, 20)}`;

describe("fact keys", () => {
  it("give the hash of the normalized content and its size, for contents seen before, pushed out, too long to keep, and near-equal", () => {
    const contents = [
      "Jupiter has 95 known moons",
      "  Jupiter   has 95\nknown moons ",
      "Jupiter has 96 known moons",
      "x".repeat(KNOWLEDGE.maxFactChars),
      `${"y".repeat(KNOWLEDGE.maxFactChars)}z`,
      "tiny",
      `${"long tool output ".repeat(3_000)}end`, // longer than any kept content
      ...Array.from({ length: 80 }, (_, i) => `fact number ${i} about the moons of jupiter`), // pushes the first ones out
    ];
    for (let round = 0; round < 3; round++) {
      for (const c of contents) {
        expect(factId(c), `${round}: ${c.slice(0, 40)}`).toBe(expectedId(c));
        const n = normalizeContent(c).length;
        expect(factSized(c)).toBe(n >= KNOWLEDGE.minFactChars && n <= KNOWLEDGE.maxFactChars);
      }
    }
    expect(factId(contents[0]!)).toBe(factId(contents[1]!));
    expect(factId(contents[0]!)).not.toBe(factId(contents[2]!));
    expect(factSized(contents[3]!)).toBe(true);
    expect(factSized(contents[4]!)).toBe(false);
  });
});
