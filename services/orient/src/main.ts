// The orient service as its own process: opens the graph (Neo4j or the
// embedded files) and serves OrientService on NATS. Settings, logs, ops
// endpoints and the SIGTERM drain come from @boyd/service-kit.
import { runService } from "@boyd/service-kit";
import { configFromEnv } from "./config.js";
import { openGraph } from "./open-graph.js";
import { serveOrient } from "./service.js";

await runService({
  name: "orient",
  config: configFromEnv,
  start: async ({ transport, log }, config) => {
    const { store, report } = await openGraph(config);
    if (report?.tornTail) log.warn({ tornTail: report.tornTail }, "graph log had a torn last record (never acknowledged); it was cut off");
    const binding = await serveOrient(transport, store, { ingestRoot: config.ingestRoot });
    return {
      describe: { backend: store.backend.name },
      // A lookup by id is one indexed read: it proves the graph answers without scanning it.
      checks: { graph: () => store.backend.getSymbols(["boyd-readiness-probe"]) },
      stop: [() => binding.stop(), () => store.close()],
    };
  },
});
