// The controller as its own process: AgentService on NATS and gRPC, events
// kept in a JetStream stream, runs cancelled and drained on SIGTERM.
import { connectNats, drainOnSignal, openJetStreamEventLog } from "@boyd/bus";
import { pino } from "pino";
import { configFromEnv } from "./config.js";
import { startController } from "./service.js";

const config = configFromEnv();
const log = pino({ level: config.logLevel, base: { service: "controller" } });
if (!config.natsUrl) {
  log.fatal("BOYD_NATS_URL is required to run the controller as its own process (embedded mode runs it inside `boyd`)");
  process.exit(2);
}
const transport = await connectNats({
  servers: config.natsUrl,
  name: "boyd-controller",
  reportError: (err, ctx) => log.error({ err, subject: ctx.subject }, "message handling failed"),
});
const sink = await openJetStreamEventLog(transport, { stream: config.eventsStream, maxAgeMs: config.eventsMaxAgeDays * 86_400_000 });
const controller = await startController({
  transport,
  sink,
  grpc: { address: config.grpcAddress, reportError: (err, ctx) => log.error({ err, rpc: ctx.subject }, "rpc failed") },
  onError: (err, agentId) => log.error({ err, agentId }, "agent run failed"),
});
log.info({ nats: config.natsUrl, grpc: controller.grpc?.address }, "controller serving");

drainOnSignal(log, [() => controller.stop(), () => transport.close()]);
