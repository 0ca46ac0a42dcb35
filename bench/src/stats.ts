/**
 * Latency statistics for the benchmarks. Percentiles use the nearest-rank
 * method (no interpolation): every figure reported is a latency that was
 * actually observed, which is what a p99 should mean.
 */

/** Summary of a set of latency samples, all in microseconds. */
export interface LatencySummary {
  readonly count: number;
  readonly min: number;
  readonly mean: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
}

/**
 * The nearest-rank percentile `p` (0 < p <= 100) of samples sorted
 * ascending: the smallest value with at least p% of the samples at or below it.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError("percentile of an empty sample set");
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`);
  const rank = Math.ceil((p / 100) * sorted.length);
  // rank is in [1, length] for p in (0, 100], so the index exists.
  return sorted[rank - 1]!;
}

/** Sorts a copy of the samples and summarizes them. */
export function summarize(samples: readonly number[]): LatencySummary {
  if (samples.length === 0) throw new RangeError("cannot summarize an empty sample set");
  const sorted = Float64Array.from(samples).sort();
  const values = Array.from(sorted);
  let sum = 0;
  for (const v of values) sum += v;
  return {
    count: values.length,
    min: values[0]!,
    mean: sum / values.length,
    p50: percentile(values, 50),
    p90: percentile(values, 90),
    p99: percentile(values, 99),
    max: values[values.length - 1]!,
  };
}

/** Elapsed microseconds since a `process.hrtime.bigint()` reading. */
export function microsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1_000;
}
