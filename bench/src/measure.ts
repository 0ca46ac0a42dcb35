import { microsSince } from "./stats.js";

/** One request/reply round trip; resolves when the reply has arrived (and been decoded, for typed clients). */
export type Call = () => Promise<unknown>;

/**
 * Runs `count` calls one after another and appends each round-trip time
 * (µs) to `samples`. Sequential so each sample is pure latency, not queueing.
 */
export async function sequential(call: Call, count: number, samples: number[]): Promise<void> {
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    await call();
    samples.push(microsSince(start));
  }
}

/**
 * Runs `total` calls keeping `depth` in flight, and returns the elapsed
 * microseconds. Each worker starts its next call as soon as its last one
 * replied, so the pipe stays full until the end.
 */
export async function pipelined(call: Call, total: number, depth: number): Promise<number> {
  let issued = 0;
  const worker = async (): Promise<void> => {
    while (issued < total) {
      issued++;
      await call();
    }
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: Math.min(depth, total) }, worker));
  return microsSince(start);
}
