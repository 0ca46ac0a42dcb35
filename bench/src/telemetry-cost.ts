import { rpcClientInstruments, rpcServerInstruments } from "@boyd/telemetry";

/** What the telemetry of one bus call costs on the CPU, measured in this process's telemetry mode. */
export interface TelemetryCost {
  /** Microseconds per call: instrumented call minus the same call bare. */
  readonly perCallMicros: number;
  readonly calls: number;
}

type Handler = () => Promise<number>;

// One await inside, as a handler that does I/O has: in `sampled` mode the
// trace context has to cross it.
const handler: Handler = async () => {
  await Promise.resolve();
  return 1;
};

/**
 * What telemetry adds to one bus call, client and server side together:
 * the client's begin/end (traceparent, duration metric), the server's
 * begin/run/end (trace context, request count and duration), around a
 * handler with one await, against the same handler called bare. Alternating
 * rounds, best round of each kept (the least disturbed by other load). The
 * process-wide part of `sampled` (async hooks slow every promise, the bare
 * calls' too) shows in the bus ratios, not here.
 */
export async function measureTelemetryCost(calls = 100_000, rounds = 5): Promise<TelemetryCost> {
  const client = rpcClientInstruments("boyd.bench.TelemetryCost", "Call");
  const server = rpcServerInstruments("boyd.bench.TelemetryCost", "Call");
  const perRound = Math.ceil(calls / rounds);
  const instrumented = async (): Promise<void> => {
    const call = client.begin(undefined, "agent-1");
    const served = server.begin(call.traceparent, "agent-1");
    await served.run(handler);
    served.end("OK");
    call.end("OK");
  };
  const bare = async (): Promise<void> => void (await handler());
  await timeCalls(instrumented, perRound); // warm-up
  await timeCalls(bare, perRound);
  let best = { instrumented: Infinity, bare: Infinity };
  for (let r = 0; r < rounds; r++) {
    best = {
      instrumented: Math.min(best.instrumented, await timeCalls(instrumented, perRound)),
      bare: Math.min(best.bare, await timeCalls(bare, perRound)),
    };
  }
  return { perCallMicros: Math.max(0, best.instrumented - best.bare) / perRound, calls: perRound * rounds };
}

/** Microseconds taken by `count` sequential calls. */
async function timeCalls(call: () => Promise<void>, count: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await call();
  return Number(process.hrtime.bigint() - start) / 1_000;
}
