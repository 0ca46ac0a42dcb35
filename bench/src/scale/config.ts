/** Settings of one scale benchmark run; see {@link parseScaleConfig} for the environment variables. */
export interface ScaleBenchConfig {
  /** Controller replicas the throughput is measured with (the cluster runs the most of them). @default [1, 2, 4] */
  readonly controllers: readonly number[];
  /** Agents cycling at once in the throughput runs. @default 8 */
  readonly concurrent: number;
  /** Cycles each of those agents runs per throughput run. @default 10 */
  readonly cycles: number;
  /** Totals of agents created, in steps (memory per agent, each cycled once). @default [1, 100, 1000] */
  readonly agents: readonly number[];
  /** Of those, agents cycling at once. @default 32 */
  readonly agentsAtOnce: number;
  /** Agent ages (cycles remembered) at which recall is timed. @default [10, 100, 1000] */
  readonly recallAges: readonly number[];
  /** Recall calls timed per age. @default 30 */
  readonly recallCalls: number;
}

// Bounded to a few minutes on a loaded 2-core machine; the full sizes are
// BENCH_SCALE_AGENTS=1,100,1000,10000 BENCH_SCALE_RECALL_AGES=10,1000,10000.
const DEFAULTS: ScaleBenchConfig = { controllers: [1, 2, 4], concurrent: 8, cycles: 10, agents: [1, 100, 1_000], agentsAtOnce: 32, recallAges: [10, 100, 1_000], recallCalls: 30 };

const LISTS = { controllers: "BENCH_SCALE_CONTROLLERS", agents: "BENCH_SCALE_AGENTS", recallAges: "BENCH_SCALE_RECALL_AGES" } as const;
const COUNTS = { concurrent: "BENCH_SCALE_CONCURRENT", cycles: "BENCH_SCALE_CYCLES", agentsAtOnce: "BENCH_SCALE_AGENTS_AT_ONCE", recallCalls: "BENCH_SCALE_RECALL_CALLS" } as const;

/**
 * Reads BENCH_SCALE_CONTROLLERS, BENCH_SCALE_AGENTS, BENCH_SCALE_RECALL_AGES
 * (comma-separated positive integers, ascending) and BENCH_SCALE_CONCURRENT,
 * BENCH_SCALE_CYCLES, BENCH_SCALE_AGENTS_AT_ONCE, BENCH_SCALE_RECALL_CALLS
 * (positive integers).
 * Rejects bad values naming the variable rather than benchmarking
 * something other than what was asked for.
 */
export function parseScaleConfig(env: NodeJS.ProcessEnv): ScaleBenchConfig {
  const out: Record<string, unknown> = { ...DEFAULTS };
  for (const [key, name] of Object.entries(LISTS)) {
    const raw = env[name];
    if (raw === undefined || raw === "") continue;
    const values = raw.split(",").map((part) => positive(name, part.trim()));
    if (values.some((v, i) => i > 0 && v <= values[i - 1]!)) throw new Error(`${name} must be ascending, got ${JSON.stringify(raw)}`);
    out[key] = values;
  }
  for (const [key, name] of Object.entries(COUNTS)) {
    const raw = env[name];
    if (raw !== undefined && raw !== "") out[key] = positive(name, raw);
  }
  const config = out as unknown as ScaleBenchConfig;
  if (config.controllers.at(-1)! > 8) throw new Error(`BENCH_SCALE_CONTROLLERS: at most 8 replicas on one machine, got ${config.controllers.at(-1)}`);
  // The load agents run every throughput run, the baseline and the failover (two runs' worth), plus a warm-up of 2.
  const life = (config.controllers.length + 3) * config.cycles + 2;
  if (life >= 1_000) throw new Error(`BENCH_SCALE_CYCLES (${config.cycles}) x ${config.controllers.length + 3} runs: the load agents would live ${life} cycles; an agent lives fewer than 1,000 cycles`);
  return config;
}

function positive(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be positive integers, got ${JSON.stringify(raw)}`);
  return value;
}
