// The memory service as its own process: opens its store (files or
// JetStream KV), serves MemoryService on NATS, links episodes and facts
// into the graph through orient. Settings, logs, ops endpoints and the
// SIGTERM drain come from @boyd/service-kit.
import { runService } from "@boyd/service-kit";
import { configFromEnv } from "./config.js";
import { orientGraphLink } from "./graph-link.js";
import { openStore } from "./open-store.js";
import { serveMemory } from "./service.js";

await runService({
  name: "memory",
  config: configFromEnv,
  start: async ({ transport, log }, config) => {
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
    return {
      describe: { store: store.name, graph: config.graph },
      // A read of a document no agent has: one round trip to the store.
      checks: { store: () => store.getDoc("boyd-readiness-probe", "session") },
      stop: [() => binding.stop(), () => store.close()],
    };
  },
});
