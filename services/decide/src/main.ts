// The decide service as its own process: serves DecideService on NATS,
// takes its tool catalog from the act service, drains on SIGTERM.
import { connectNats, drainOnSignal } from "@boyd/bus";
import { pino } from "pino";
import { configFromEnv, loadSynonyms } from "./config.js";
import { actCatalog, serveDecide } from "./service.js";

const config = configFromEnv();
const synonyms = config.synonymsFile ? loadSynonyms(config.synonymsFile) : undefined;
const log = pino({ level: config.logLevel, base: { service: "decide" } });
if (!config.natsUrl) {
  log.fatal("BOYD_NATS_URL is required to run decide as its own process (embedded mode runs it inside `boyd`)");
  process.exit(2);
}
const transport = await connectNats({
  servers: config.natsUrl,
  name: "boyd-decide",
  reportError: (err, ctx) => log.error({ err, subject: ctx.subject }, "message handling failed"),
});
const catalog = actCatalog(transport, {
  ttlMs: config.catalogTtlSeconds * 1000,
  onStale: (err) => log.warn({ err }, "act service unreachable; scoring the last known (or built-in) tool catalog"),
});
const binding = await serveDecide(transport, { catalog, ...(synonyms ? { encoder: { synonyms } } : {}) });
log.info({ nats: config.natsUrl }, "decide serving");

drainOnSignal(log, [() => binding.stop(), () => transport.close()]);
