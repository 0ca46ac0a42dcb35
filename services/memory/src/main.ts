// The memory service as its own process: reads its configuration from the
// environment, opens its store (files or JetStream KV), serves on NATS,
// links episodes and facts into the graph through orient, drains on SIGTERM.
import { connectNats, drainOnSignal } from "@boyd/bus";
import { pino } from "pino";
import { configFromEnv } from "./config.js";
import { orientGraphLink } from "./graph-link.js";
import { openStore } from "./open-store.js";
import { serveMemory } from "./service.js";

const config = configFromEnv();
const log = pino({ level: config.logLevel, base: { service: "memory" } });
if (!config.natsUrl) {
  log.fatal("BOYD_NATS_URL is required to run memory as its own process (embedded mode runs it inside `boyd`)");
  process.exit(2);
}
const transport = await connectNats({
  servers: config.natsUrl,
  name: "boyd-memory",
  reportError: (err, ctx) => log.error({ err, subject: ctx.subject }, "message handling failed"),
});
const store = await openStore(config, transport.connection, {
  onTornTail: (file, discardedBytes) => log.warn({ file, discardedBytes }, "log had a torn last record (never acknowledged); it was cut off"),
});
const graph = config.graph
  ? orientGraphLink(transport, {
      timeoutMs: config.orientTimeoutMs,
      onUnavailable: (operation, err) => log.warn({ err, operation }, "orient unreachable; memory goes on without the graph"),
    })
  : undefined;
const binding = await serveMemory(transport, store, { graph, log });
log.info({ store: store.name, nats: config.natsUrl, graph: config.graph }, "memory serving");

drainOnSignal(log, [() => binding.stop(), () => store.close(), () => transport.close()]);
