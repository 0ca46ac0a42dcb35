import { describe, expect, it } from "vitest";
import { shortGoalId } from "../src/agent-format.js";

// Issue 17: goal ids come over the bus and are shown to a person. The old
// sub-goal suffix regex /(\/\d+)+$/ was quadratic on an id of many "0/"
// (about a minute for 100 KB here); the suffix is now read from the end.
describe("cli - a hostile goal id is shortened in linear time", () => {
  it("an id of 25,000 '0/' ending in '//0' keeps only its real suffix", () => {
    const id = `goal:${"0/".repeat(25_000)}/0`;
    const start = performance.now();
    const shown = shortGoalId(id);
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(shown.endsWith("…/0")).toBe(true);
    expect(shortGoalId("goal:find-the-moons-of-jupiter-and-saturn/1/2", 20)).toBe("goal:find-the-m…/1/2");
  });
});
