/** Settings of one benchmark run; see {@link parseBenchConfig} for the environment variables. */
export interface BenchConfig {
  /** Sequential requests measured per side (raw, ours, in-process). @default 5000 */
  readonly sequential: number;
  /** Sequential requests per side before measuring, so the JIT and sockets are warm. @default 500 */
  readonly warmup: number;
  /** Rounds the measured work is split into, alternating raw and ours; more rounds spread bursts of machine noise more evenly. @default 10 */
  readonly rounds: number;
  /** Pipelined requests measured per side. @default 30000 */
  readonly pipelined: number;
  /** Requests kept in flight in the pipelined test. @default 64 */
  readonly depth: number;
}

const DEFAULTS: BenchConfig = { sequential: 5_000, warmup: 500, rounds: 10, pipelined: 30_000, depth: 64 };

const VARIABLES: Readonly<Record<keyof BenchConfig, string>> = {
  sequential: "BENCH_N",
  warmup: "BENCH_WARMUP",
  rounds: "BENCH_ROUNDS",
  pipelined: "BENCH_M",
  depth: "BENCH_DEPTH",
};

/**
 * Reads BENCH_N, BENCH_WARMUP, BENCH_ROUNDS, BENCH_M and BENCH_DEPTH (all
 * positive integers). Rejects bad values rather than quietly benchmarking
 * something other than what was asked for.
 */
export function parseBenchConfig(env: NodeJS.ProcessEnv): BenchConfig {
  const out: Record<string, number> = {};
  for (const [key, name] of Object.entries(VARIABLES) as [keyof BenchConfig, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === "") {
      out[key] = DEFAULTS[key];
      continue;
    }
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
    out[key] = value;
  }
  const config = out as unknown as BenchConfig;
  // Every round must measure something on both sides.
  if (config.sequential < config.rounds) throw new Error(`BENCH_N (${config.sequential}) must be at least BENCH_ROUNDS (${config.rounds})`);
  if (config.pipelined < config.rounds) throw new Error(`BENCH_M (${config.pipelined}) must be at least BENCH_ROUNDS (${config.rounds})`);
  return config;
}

/** Splits `total` into `parts` sizes differing by at most one, summing to `total`. */
export function split(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => base + (i < total % parts ? 1 : 0));
}
