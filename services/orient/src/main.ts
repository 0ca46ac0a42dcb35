// The orient service as its own process: reads its configuration from the
// environment, opens the graph, serves on NATS, drains on SIGTERM.
import { connectNats, drainOnSignal } from "@boyd/bus";
import { pino } from "pino";
import { configFromEnv } from "./config.js";
import { openGraph } from "./open-graph.js";
import { serveOrient } from "./service.js";

const config = configFromEnv();
const log = pino({ level: config.logLevel, base: { service: "orient" } });
if (!config.natsUrl) {
  log.fatal("BOYD_NATS_URL is required to run orient as its own process (embedded mode runs it inside `boyd`)");
  process.exit(2);
}
const { store, report } = await openGraph(config);
if (report?.tornTail) log.warn({ tornTail: report.tornTail }, "graph log had a torn last record (never acknowledged); it was cut off");
const transport = await connectNats({
  servers: config.natsUrl,
  name: "boyd-orient",
  reportError: (err, ctx) => log.error({ err, subject: ctx.subject }, "message handling failed"),
});
const binding = await serveOrient(transport, store, { ingestRoot: config.ingestRoot });
log.info({ backend: store.backend.name, nats: config.natsUrl }, "orient serving");

drainOnSignal(log, [() => binding.stop(), () => transport.close(), () => store.close()]);
