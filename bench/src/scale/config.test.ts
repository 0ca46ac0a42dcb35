import { describe, expect, it } from "vitest";
import { parseScaleConfig } from "./config.js";
import { cpuOf, rssOf } from "./proc.js";

describe("bench:scale settings", () => {
  it("defaults: 1, 2 and 4 controllers, 8 agents at once, 1 / 100 / 1,000 agents cycled 32 at once, recall at ages 10 / 100 / 1,000", () => {
    expect(parseScaleConfig({})).toEqual({ controllers: [1, 2, 4], concurrent: 8, cycles: 10, agents: [1, 100, 1_000], agentsAtOnce: 32, recallAges: [10, 100, 1_000], recallCalls: 30 });
  });

  it("the full run's lists are read from the environment", () => {
    const config = parseScaleConfig({ BENCH_SCALE_AGENTS: "1,100,1000,10000", BENCH_SCALE_RECALL_AGES: "10, 1000, 10000", BENCH_SCALE_CONCURRENT: "32", BENCH_SCALE_AGENTS_AT_ONCE: "64" });
    expect(config.agents).toEqual([1, 100, 1_000, 10_000]);
    expect(config.recallAges).toEqual([10, 1_000, 10_000]);
    expect(config.concurrent).toBe(32);
    expect(config.agentsAtOnce).toBe(64);
  });

  it("bad values are refused naming the variable", () => {
    expect(() => parseScaleConfig({ BENCH_SCALE_AGENTS: "1,x" })).toThrow('BENCH_SCALE_AGENTS must be positive integers, got "x"');
    expect(() => parseScaleConfig({ BENCH_SCALE_CONTROLLERS: "4,2" })).toThrow('BENCH_SCALE_CONTROLLERS must be ascending, got "4,2"');
    expect(() => parseScaleConfig({ BENCH_SCALE_CYCLES: "0" })).toThrow('BENCH_SCALE_CYCLES must be positive integers, got "0"');
    expect(() => parseScaleConfig({ BENCH_SCALE_AGENTS_AT_ONCE: "-1" })).toThrow('BENCH_SCALE_AGENTS_AT_ONCE must be positive integers, got "-1"');
    expect(() => parseScaleConfig({ BENCH_SCALE_CYCLES: "200" })).toThrow("an agent lives fewer than 1,000 cycles");
    expect(() => parseScaleConfig({ BENCH_SCALE_CONTROLLERS: "1,16" })).toThrow("at most 8 replicas");
  });
});

describe("bench:scale /proc readings", () => {
  it("CPU time is utime + stime (fields 14 and 15) in 10 ms ticks, whatever the command name holds", () => {
    // Fields after "(name) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
    const stat = "4242 (node (a) b) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 40 0 0 20 0 11 0";
    expect(cpuOf(stat)).toBe(2_900);
    expect(cpuOf("")).toBe(0);
  });

  it("resident memory is VmRSS in bytes", () => {
    expect(rssOf("Name:\tnode\nVmPeak:\t  999 kB\nVmRSS:\t  123456 kB\nThreads:\t11\n")).toBe(123_456 * 1024);
    expect(rssOf("Name:\tgone\n")).toBe(0);
  });
});
