import { describe, expect, it } from "vitest";
import { BUILTIN_TOOLS } from "../src/index.js";

describe("built-in tools", () => {
  it("keywords - every tool carries 17-25 keywords (the seed's profile size), lowercase words, none repeated", () => {
    for (const t of BUILTIN_TOOLS) {
      expect(t.keywords.length, t.name).toBeGreaterThanOrEqual(17);
      expect(t.keywords.length, t.name).toBeLessThanOrEqual(25);
      for (const k of t.keywords) expect(k, t.name).toMatch(/^[a-z]+$/);
      expect(new Set(t.keywords).size, `${t.name}: ${t.keywords.join(" ")}`).toBe(t.keywords.length);
    }
  });
});
