// The decide service as its own process: serves DecideService on NATS and
// takes its tool catalog from the act service. Settings, logs, ops
// endpoints and the SIGTERM drain come from @boyd/service-kit.
import { runService } from "@boyd/service-kit";
import { configFromEnv, loadSynonyms } from "./config.js";
import { actCatalog, serveDecide } from "./service.js";

await runService({
  name: "decide",
  config: (env) => {
    const config = configFromEnv(env);
    return { ...config, synonyms: config.synonymsFile ? loadSynonyms(config.synonymsFile) : undefined };
  },
  start: async ({ transport, log }, config) => {
    const catalog = actCatalog(transport, {
      ttlMs: config.catalogTtlSeconds * 1000,
      onStale: (err) => log.warn({ err }, "act service unreachable; scoring the last known (or built-in) tool catalog"),
    });
    const binding = await serveDecide(transport, { catalog, ...(config.synonyms ? { encoder: { synonyms: config.synonyms } } : {}) });
    return { stop: [() => binding.stop()] };
  },
});
