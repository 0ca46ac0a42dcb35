import { describe, expect, it } from "vitest";
import { percentile, summarize } from "./stats.js";

describe("stats", () => {
  it("percentile - nearest rank on 1..100", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 1)).toBe(1);
  });

  it("percentile - small sets pick an observed value, never interpolate", () => {
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
    expect(percentile([10, 20, 30, 40], 51)).toBe(30);
    expect(percentile([10, 20, 30, 40], 99)).toBe(40);
    expect(percentile([7], 50)).toBe(7);
  });

  it("percentile - rejects empty sets and out-of-range p", () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it("summarize - sorts numerically, not as strings", () => {
    // Unsorted, with values whose string order differs from numeric order.
    const s = summarize([100, 9, 1000, 20, 3, 50, 7, 8, 2, 1]);
    expect(s).toEqual({ count: 10, min: 1, mean: 120, p50: 8, p90: 100, p99: 1000, max: 1000 });
  });
});
