// The observe service as its own process: serves ObserveService on NATS,
// reads working memory and episodes from the memory service, takes percepts
// from the JetStream percept stream (or a plain subscription), drains on
// SIGTERM.
import { connectNats, drainOnSignal } from "@boyd/bus";
import { pino } from "pino";
import { configFromEnv } from "./config.js";
import { openInProcessPerceptInbox } from "./percepts/in-process.js";
import { openJetStreamPerceptInbox } from "./percepts/jetstream.js";
import type { DropListener } from "./percepts/port.js";
import { serveObserve } from "./service.js";

const config = configFromEnv();
const log = pino({ level: config.logLevel, base: { service: "observe" } });
if (!config.natsUrl) {
  log.fatal("BOYD_NATS_URL is required to run observe as its own process (embedded mode runs it inside `boyd`)");
  process.exit(2);
}
const transport = await connectNats({
  servers: config.natsUrl,
  name: "boyd-observe",
  reportError: (err, ctx) => log.error({ err, subject: ctx.subject }, "message handling failed"),
});
const onDrop: DropListener = (reason, detail) => log.warn({ reason, ...detail }, "percept dropped");
const percepts =
  config.perceptInbox === "jetstream"
    ? await openJetStreamPerceptInbox(transport, {
        stream: config.perceptStream,
        maxAgeMs: config.perceptMaxAgeSeconds * 1000,
        ackWaitMs: config.perceptAckWaitSeconds * 1000,
        maxPerAgent: config.perceptMaxPerAgent,
        onDrop,
      })
    : await openInProcessPerceptInbox(transport, { maxPerAgent: config.perceptMaxPerAgent, onDrop });
const binding = await serveObserve(transport, {
  percepts,
  maxPercepts: config.maxPerceptsPerObserve,
  reportError: (err, ctx) => log.error({ err, subject: ctx.subject }, "observe failed"),
});
log.info({ nats: config.natsUrl, percepts: config.perceptInbox, stream: config.perceptInbox === "jetstream" ? config.perceptStream : undefined }, "observe serving");

drainOnSignal(log, [() => binding.stop(), () => percepts.close(), () => transport.close()]);
