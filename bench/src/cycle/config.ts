import { split } from "../config.js";
import { ISSUE_BASELINE_REV } from "./baseline.js";

/** Settings of one cycle benchmark run; see {@link parseCycleConfig} for the environment variables. */
export interface CycleBenchConfig {
  /** Cycles measured per mode, untraced (the latency figures). @default 150 */
  readonly cycles: number;
  /** Cycles per mode before anything is measured: the first plan runs out, the JIT and the stores warm up. @default 40 */
  readonly warmup: number;
  /** Cycles per mode run with the tracer on (hops, time split), after the measured ones. @default 40 */
  readonly traced: number;
  /** Rounds the measured cycles and raw round trips are split into, alternating the modes. @default 5 */
  readonly rounds: number;
  /** Raw nats.js round trips measured, spread over the rounds. @default 2000 */
  readonly raw: number;
  /** Keep the distributed stack's graph in a Neo4j the benchmark starts, instead of the embedded store. @default false */
  readonly neo4j: boolean;
  /**
   * Agents each mode's process runs (warm-up plus measured cycles each) before the measured agent is made:
   * a process that has run agents for a while, as a controller has, not a new one. 0: none. @default 4
   */
  readonly warmAgents: number;
  /** Revision whose embedded cycle the code is compared with, in this run; undefined: no comparison. @default ISSUE_BASELINE_REV */
  readonly baseline: string | undefined;
  /**
   * Fresh processes of each code in that comparison, alternating. Three, so
   * the median is a run's own figure: with two it was their mean, and one
   * run slowed by a neighbour moved it (a 25 ms baseline run once made 6x
   * read 9.5x). @default 3
   */
  readonly baselineRuns: number;
}

const DEFAULTS: CycleBenchConfig = { cycles: 150, warmup: 40, traced: 40, rounds: 5, raw: 2_000, neo4j: false, warmAgents: 4, baseline: ISSUE_BASELINE_REV, baselineRuns: 3 };

const COUNTS: Readonly<Record<Exclude<keyof CycleBenchConfig, "neo4j" | "warmAgents" | "baseline">, string>> = {
  cycles: "BENCH_CYCLES",
  warmup: "BENCH_WARMUP",
  traced: "BENCH_TRACED",
  rounds: "BENCH_ROUNDS",
  raw: "BENCH_RAW",
  baselineRuns: "BENCH_BASELINE_RUNS",
};

/** An agent lives at most 1,000 cycles (the controller's SAFETY_MAX_CYCLES); each mode's agent runs every cycle of the benchmark. */
export const AGENT_LIFE_CYCLES = 1_000;

/**
 * Reads BENCH_CYCLES, BENCH_WARMUP, BENCH_TRACED, BENCH_ROUNDS, BENCH_RAW,
 * BENCH_BASELINE_RUNS (positive integers), BENCH_WARM_AGENTS (0 or more), BENCH_NEO4J (1 or 0)
 * and BENCH_BASELINE (a git revision, or "none"). Rejects bad values rather
 * than quietly benchmarking something other than what was asked for.
 */
export function parseCycleConfig(env: NodeJS.ProcessEnv): CycleBenchConfig {
  const out: Record<string, number | boolean> = {};
  for (const [key, name] of Object.entries(COUNTS)) {
    const raw = env[name];
    if (raw === undefined || raw === "") {
      out[key] = DEFAULTS[key as keyof typeof COUNTS];
      continue;
    }
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
    out[key] = value;
  }
  const neo4j = env["BENCH_NEO4J"] ?? "";
  if (!["", "0", "1"].includes(neo4j)) throw new Error(`BENCH_NEO4J must be 1 or 0, got ${JSON.stringify(neo4j)}`);
  out["neo4j"] = neo4j === "1";
  const warmAgents = env["BENCH_WARM_AGENTS"] ?? "";
  const warm = warmAgents === "" ? DEFAULTS.warmAgents : Number(warmAgents);
  if (!Number.isSafeInteger(warm) || warm < 0) throw new Error(`BENCH_WARM_AGENTS must be 0 or a positive integer, got ${JSON.stringify(warmAgents)}`);
  const baseline = env["BENCH_BASELINE"] ?? "";
  if (baseline !== "" && !/^\w[\w./~^-]*$/.test(baseline)) throw new Error(`BENCH_BASELINE must be a git revision or "none", got ${JSON.stringify(baseline)}`);
  const config = { ...(out as unknown as CycleBenchConfig), warmAgents: warm, baseline: baseline === "" ? DEFAULTS.baseline : baseline === "none" ? undefined : baseline };
  if (config.cycles < config.rounds) throw new Error(`BENCH_CYCLES (${config.cycles}) must be at least BENCH_ROUNDS (${config.rounds})`);
  if (config.raw < config.rounds) throw new Error(`BENCH_RAW (${config.raw}) must be at least BENCH_ROUNDS (${config.rounds})`);
  const life = config.warmup + config.cycles + config.traced;
  if (life >= AGENT_LIFE_CYCLES) {
    throw new Error(`BENCH_WARMUP + BENCH_CYCLES + BENCH_TRACED is ${life}; an agent lives fewer than ${AGENT_LIFE_CYCLES} cycles`);
  }
  return config;
}

/** Measured cycles per round, summing to `cycles`. */
export function cyclesPerRound(config: CycleBenchConfig): number[] {
  return split(config.cycles, config.rounds);
}
