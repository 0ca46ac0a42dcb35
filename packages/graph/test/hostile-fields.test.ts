import { describe, expect, it } from "vitest";
import { parseConfidence } from "../src/ingest/check.js";
import { localName } from "../src/ingest/ntriples.js";

// Issue 17: ingested files are user input. Each field below is the shape
// recheck found for the pattern it names (50 KB; fields may be 4 KB, but
// the functions take any string); before the rewrite each read took seconds
// here. A linear read takes a millisecond, so the bound is generous.
const BOUND_MS = 1_000;

function timed<T>(read: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = read();
  return { value, ms: performance.now() - start };
}

describe("graph ingest - hostile fields are read in linear time", () => {
  it("a confidence of 50,000 digits and a stray character is refused at once", () => {
    const r = timed(() => parseConfidence(`${"0".repeat(50_000)}\u0000`));
    expect(r.value).toMatch(/^confidence must be a number in \[0, 1\]/);
    expect(r.ms).toBeLessThan(BOUND_MS);
    expect(parseConfidence("0.75")).toBe(0.75);
    expect(parseConfidence(".5e0")).toBe(0.5);
  });

  it("an IRI ending in 50,000 '#' before a stray character keeps its local name rule", () => {
    const iri = `http://ex.org/ns${"#".repeat(50_000)}\u0000#`;
    const r = timed(() => localName(iri));
    expect(r.value).toBe("\u0000");
    expect(r.ms).toBeLessThan(BOUND_MS);
    expect(localName("http://ex.org/people/alice///")).toBe("alice");
  });
});
