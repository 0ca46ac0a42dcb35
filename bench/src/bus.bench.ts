/**
 * `pnpm bench:bus`: the @boyd/bus typed client against raw nats.js, one hop
 * across processes on a real nats-server this script starts, plus the
 * in-process transport. Both NATS sides send the same protobuf body; the
 * difference measured is our layer (headers, typed encode/decode, deadline
 * handling) and its telemetry. Telemetry is process-wide, so each mode
 * (off, on as services run it, sampled) runs as its own child process and a
 * table compares them; BENCH_TELEMETRY=<mode> runs one mode only. Exits 0
 * whatever the numbers, non-zero only if something fails.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connectNats, createClient, InProcessTransport, serveService, type ServiceClient } from "@boyd/bus";
import { EchoServiceDefinition, type EchoRequest } from "@boyd/proto";
import { startNats } from "@boyd/testkit";
import { connect } from "@nats-io/transport-node";
import { parseBenchConfig, split, type BenchConfig } from "./config.js";
import { makeEchoRequest, PAYLOAD_BYTES, RAW_SUBJECT } from "./echo-payload.js";
import { pipelined, sequential, type Call } from "./measure.js";
import { formatReport, type SideResult } from "./report.js";
import { startResponder } from "./responder-process.js";
import { summarize } from "./stats.js";
import { startBenchTelemetry, TELEMETRY_MODES, telemetryMode } from "./telemetry.js";
import { measureTelemetryCost } from "./telemetry-cost.js";
import { formatModes, type ModeResult } from "./telemetry-report.js";

const TIMEOUT_MS = 5_000;

type EchoClient = ServiceClient<typeof EchoServiceDefinition>;

/** Runs every telemetry mode in a child process of its own, then the table comparing them. */
async function allModes(): Promise<void> {
  const dir = await mkdtemp(join(os.tmpdir(), "boyd-bench-bus-"));
  try {
    const results: ModeResult[] = [];
    for (const mode of TELEMETRY_MODES) {
      const resultFile = join(dir, `${mode}.json`);
      await runChild({ ...process.env, BENCH_TELEMETRY: mode, BENCH_RESULT_FILE: resultFile });
      results.push(JSON.parse(await readFile(resultFile, "utf8")) as ModeResult);
      process.stdout.write("\n");
    }
    process.stdout.write(`telemetry modes, each ratio against raw nats.js measured in the same run:\n${formatModes(results)}\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runChild(env: NodeJS.ProcessEnv): Promise<void> {
  const script = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ["--import", import.meta.resolve("tsx"), script], { env, stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`bench child (${env["BENCH_TELEMETRY"]}) exited with code ${code}, signal ${signal}`))));
  });
}

/** One telemetry mode: the table of raw, ours and in-process, and the telemetry microbench. */
async function oneMode(): Promise<void> {
  const config = parseBenchConfig(process.env);
  const mode = telemetryMode(process.env);
  const { request, encoded } = makeEchoRequest();
  const began = Date.now();
  process.stdout.write(
    `@boyd/bus request/reply benchmark: Echo with ${PAYLOAD_BYTES} B payload (${encoded.length} B protobuf body), ` +
      `node ${process.version}, ${os.cpus().length} CPUs\n` +
      `sequential: ${config.warmup} warm-up + ${config.sequential} measured per side in ${config.rounds} alternating rounds; ` +
      `pipelined: ${config.pipelined} per side, ${config.depth} in flight; ` +
      `telemetry ${mode} (on: as services run it by default; sampled: trace context carried, no exporter; off: none)\n\n`,
  );

  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const tracing = startBenchTelemetry("bench-client");
    if (tracing) cleanups.push(() => tracing.shutdown());
    // No JetStream: request/reply never touches it, and it would cost startup time.
    const server = await startNats({ jetstream: false });
    cleanups.push(() => server.dispose());
    const responder = await startResponder(server.url);
    cleanups.push(() => responder.stop());

    const nc = await connect({ servers: server.url });
    cleanups.push(() => nc.close());
    const transport = await connectNats({ servers: server.url });
    cleanups.push(() => transport.close());
    const client = createClient(transport, EchoServiceDefinition, { timeoutMs: TIMEOUT_MS });

    const rawCall: Call = () => nc.request(RAW_SUBJECT, encoded, { timeout: TIMEOUT_MS });
    const oursCall: Call = () => client.echo(request);
    await checkReplies(nc, client, request, encoded);
    const [raw, ours] = await compare(rawCall, oursCall, config);

    const inproc = await measureInProcess(request, config);
    process.stdout.write(
      formatReport(
        { label: "NATS, raw nats.js", ...raw },
        { label: "NATS, @boyd/bus typed", ...ours },
        { label: "in-process, @boyd/bus typed", ...inproc },
      ) + "\n",
    );
    const cost = await measureTelemetryCost();
    process.stdout.write(`telemetry per call (microbench, client + server instruments around a handler with one await): ${cost.perCallMicros.toFixed(2)} µs\n`);
    const resultFile = process.env["BENCH_RESULT_FILE"];
    if (resultFile) {
      const result: ModeResult = {
        mode,
        p50Ratio: ours.latency.p50 / raw.latency.p50,
        p99Ratio: ours.latency.p99 / raw.latency.p99,
        p50ExtraMicros: ours.latency.p50 - raw.latency.p50,
        telemetryMicros: cost.perCallMicros,
      };
      await writeFile(resultFile, JSON.stringify(result));
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
  process.stdout.write(`\ntotal ${((Date.now() - began) / 1000).toFixed(1)} s\n`);
}

/**
 * Measures raw and ours in alternating rounds, swapping which goes first
 * each round (ABBA), so drift in machine load lands on both sides equally.
 */
async function compare(rawCall: Call, oursCall: Call, config: BenchConfig): Promise<[Omit<SideResult, "label">, Omit<SideResult, "label">]> {
  // Warm the JIT, sockets and both pipelined paths before measuring anything.
  await sequential(rawCall, config.warmup, []);
  await sequential(oursCall, config.warmup, []);
  await pipelined(rawCall, config.warmup * 2, config.depth);
  await pipelined(oursCall, config.warmup * 2, config.depth);

  const samples = { raw: [] as number[], ours: [] as number[] };
  const seqRounds = split(config.sequential, config.rounds);
  for (const [i, n] of seqRounds.entries()) {
    const order = i % 2 === 0 ? (["raw", "ours"] as const) : (["ours", "raw"] as const);
    for (const side of order) await sequential(side === "raw" ? rawCall : oursCall, n, samples[side]);
  }

  const micros = { raw: 0, ours: 0 };
  for (const [i, m] of split(config.pipelined, config.rounds).entries()) {
    const order = i % 2 === 0 ? (["raw", "ours"] as const) : (["ours", "raw"] as const);
    for (const side of order) micros[side] += await pipelined(side === "raw" ? rawCall : oursCall, m, config.depth);
  }
  const perSecond = (us: number): number => config.pipelined / (us / 1e6);
  return [
    { latency: summarize(samples.raw), throughput: perSecond(micros.raw) },
    { latency: summarize(samples.ours), throughput: perSecond(micros.ours) },
  ];
}

/** Our typed client and serveService on the in-process transport: the floor our layer costs without a network. */
async function measureInProcess(request: EchoRequest, config: BenchConfig): Promise<Omit<SideResult, "label">> {
  const transport = new InProcessTransport();
  const binding = await serveService(transport, EchoServiceDefinition, {
    echo: (req) => ({ text: req.text, payload: req.payload, servedBy: "" }),
  });
  try {
    const client = createClient(transport, EchoServiceDefinition, { timeoutMs: TIMEOUT_MS });
    const call: Call = () => client.echo(request);
    await sequential(call, config.warmup, []);
    await pipelined(call, config.warmup * 2, config.depth);
    const samples: number[] = [];
    await sequential(call, config.sequential, samples);
    const micros = await pipelined(call, config.pipelined, config.depth);
    return { latency: summarize(samples), throughput: config.pipelined / (micros / 1e6) };
  } finally {
    await binding.stop();
    await transport.close();
  }
}

/** Fails fast if either responder does not echo what we sent: a benchmark of wrong answers measures nothing. */
async function checkReplies(
  nc: Awaited<ReturnType<typeof connect>>,
  client: EchoClient,
  request: EchoRequest,
  encoded: Uint8Array,
): Promise<void> {
  const raw = await nc.request(RAW_SUBJECT, encoded, { timeout: TIMEOUT_MS });
  if (!Buffer.from(raw.data).equals(encoded)) throw new Error("raw responder did not echo the request bytes");
  const ours = await client.echo(request);
  if (ours.text !== request.text || !Buffer.from(ours.payload).equals(request.payload)) {
    throw new Error("@boyd/bus responder did not echo text and payload");
  }
}

const main = (): Promise<void> => (process.env["BENCH_TELEMETRY"] ? oneMode() : allModes());

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
