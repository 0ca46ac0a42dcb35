import { describe, expect, it } from "vitest";
import { ISSUE_BASELINE_REV } from "./baseline.js";
import { parseCycleConfig } from "./config.js";

describe("bench:cycle settings", () => {
  it("defaults: 4 warm-up agents per mode and the issue's baseline revision", () => {
    const config = parseCycleConfig({});
    expect([config.warmAgents, config.baseline, config.baselineRuns]).toEqual([4, ISSUE_BASELINE_REV, 3]);
  });

  it("BENCH_WARM_AGENTS takes 0 or more; BENCH_BASELINE a revision, or none to skip the comparison", () => {
    expect(parseCycleConfig({ BENCH_WARM_AGENTS: "0" }).warmAgents).toBe(0);
    expect(parseCycleConfig({ BENCH_BASELINE: "none" }).baseline).toBeUndefined();
    expect(parseCycleConfig({ BENCH_BASELINE: "HEAD~3" }).baseline).toBe("HEAD~3");
    expect(parseCycleConfig({ BENCH_BASELINE: "origin/main" }).baseline).toBe("origin/main");
  });

  it("refuses what it cannot mean, naming the variable", () => {
    expect(() => parseCycleConfig({ BENCH_WARM_AGENTS: "-1" })).toThrow(/BENCH_WARM_AGENTS must be 0 or a positive integer, got "-1"/);
    expect(() => parseCycleConfig({ BENCH_WARM_AGENTS: "two" })).toThrow(/BENCH_WARM_AGENTS/);
    expect(() => parseCycleConfig({ BENCH_BASELINE_RUNS: "0" })).toThrow(/BENCH_BASELINE_RUNS must be a positive integer, got "0"/);
    // A leading dash would reach git as an option.
    expect(() => parseCycleConfig({ BENCH_BASELINE: "--output=/tmp/x" })).toThrow(/BENCH_BASELINE must be a git revision or "none"/);
    expect(() => parseCycleConfig({ BENCH_BASELINE: "a b" })).toThrow(/BENCH_BASELINE/);
  });
});
