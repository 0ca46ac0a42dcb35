import { describe, expect, it } from "vitest";
import { readDocumentOffThread } from "../src/tools/document-reader.js";
import { chunkText, isaStatements, plainText, titleOf, type DocumentFormat } from "../src/tools/documents.js";

// Issue 17: markup patterns without a closing delimiter took quadratic time
// (64 KB of " *a" took 3.3 s). Every reader of a 2 MB document must stay linear.
const SIZE = 2_000_000;
const repeat = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

export const ATTACKS: Array<{ name: string; format: DocumentFormat; unit: string }> = [
  { name: "emphasis openers", format: "markdown", unit: " *a" },
  { name: "strong openers", format: "markdown", unit: " **a" },
  { name: "underscores", format: "markdown", unit: " _a" },
  { name: "backticks", format: "markdown", unit: " `a" },
  { name: "link openers", format: "markdown", unit: "[" },
  { name: "image openers", format: "markdown", unit: "![a" },
  { name: "links without a target", format: "markdown", unit: "[a](" },
  { name: "heading hashes", format: "markdown", unit: "# " },
  { name: "comment openers", format: "html", unit: "<!--" },
  { name: "unclosed anchors", format: "html", unit: "<a " },
  { name: "bare angles", format: "html", unit: "<" },
  { name: "unclosed scripts", format: "html", unit: "<script>" },
  { name: "unclosed titles", format: "html", unit: "<title>" },
  { name: "unclosed headings", format: "html", unit: "<h1>a" },
  { name: "entity starts", format: "html", unit: "&a" },
  { name: "blank-ish lines", format: "text", unit: "\n \t" },
];

describe("documents - linear time on hostile input", () => {
  for (const attack of ATTACKS) {
    it(`documents - 2 MB of ${JSON.stringify(attack.unit)} (${attack.name}) is read in linear time`, () => {
      const source = repeat(attack.unit);
      const started = performance.now();
      const text = plainText(source, attack.format);
      titleOf(source, attack.format);
      for (const chunk of chunkText(text).slice(0, 2_000)) isaStatements(chunk);
      // Quadratic code took hours here; linear code takes well under a second.
      expect(performance.now() - started).toBeLessThan(2_000);
    });
  }

  it("documents - unclosed markup is kept as text, closed markup still stripped", () => {
    expect(plainText("a *b and [c] and <d", "markdown")).toBe("a *b and [c] and <d");
    expect(plainText("x **y** [z](http://q) ![w](i.png) `v`", "markdown")).toBe("x y z w v");
    expect(plainText("<p>a < b</p><!-- hidden", "html")).toBe("a < b");
    expect(plainText("<script>if (a<b) x()</script><p>seen</p><script>never closed", "html")).toBe("seen\n\nnever closed");
  });
});

describe("documents - read off the event loop", () => {
  it("documents - a worker reads the document and returns passages, title and facts", async () => {
    const doc = await readDocumentOffThread("# Moons\n\nTitan is a moon of Saturn.", "markdown", "moons.md");
    expect(doc).toEqual({ chunks: ["Moons Titan is a moon of Saturn."], title: "Moons", facts: [{ subject: "Titan", object: "moon" }] });
  });

  it("documents - a read past its time limit is stopped with an error naming the source", async () => {
    const started = Date.now();
    await expect(readDocumentOffThread(repeat(" *a"), "markdown", "slow.md", 5)).rejects.toThrow(/source: "slow.md" took longer than 5 ms to read/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
