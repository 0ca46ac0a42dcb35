/**
 * The responder process of the NATS benchmark: a raw nats.js echo on
 * RAW_SUBJECT and the @boyd/bus EchoService, on their own connections.
 * Usage: `node --import tsx responder.ts <nats-url>`. Prints `ready` once
 * the server has both subscriptions; exits when its stdin closes, so it
 * cannot outlive the benchmark even if that is killed.
 */
import { connectNats, serveService } from "@boyd/bus";
import { EchoServiceDefinition } from "@boyd/proto";
import { connect } from "@nats-io/transport-node";
import { QUEUE, RAW_SUBJECT } from "./echo-payload.js";
import { startBenchTelemetry } from "./telemetry.js";

async function main(): Promise<void> {
  const url = process.argv[2];
  if (!url) throw new Error("usage: responder.ts <nats-url>");

  const tracing = startBenchTelemetry("bench-responder");
  const raw = await connect({ servers: url });
  raw.subscribe(RAW_SUBJECT, {
    queue: QUEUE,
    // The request bytes are a valid EchoResponse (text and payload share the
    // field numbers), so echoing them is the raw equivalent of the handler.
    callback: (err, msg) => {
      if (err) return void process.stderr.write(`raw responder: ${err.message}\n`);
      msg.respond(msg.data);
    },
  });
  await raw.flush();

  const transport = await connectNats({
    servers: url,
    reportError: (e, { subject }) => process.stderr.write(`bus responder on ${subject}: ${String(e)}\n`),
  });
  // servedBy stays empty so the reply bytes equal the raw responder's.
  const binding = await serveService(
    transport,
    EchoServiceDefinition,
    { echo: (req) => ({ text: req.text, payload: req.payload, servedBy: "" }) },
    { queue: QUEUE },
  );

  let closing: Promise<void> | undefined;
  const shutdown = (): Promise<void> =>
    (closing ??= (async () => {
      await binding.stop();
      await transport.close();
      await raw.drain();
      await tracing?.shutdown();
    })());
  process.stdin.on("end", () => void shutdown().finally(() => process.exit(0)));
  process.stdin.resume();
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void shutdown().finally(() => process.exit(0)));

  process.stdout.write("ready\n");
}

main().catch((err: unknown) => {
  process.stderr.write(`responder failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
