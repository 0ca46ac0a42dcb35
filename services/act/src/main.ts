// The act service as its own process: serves ActService on NATS and keeps
// its state in JetStream KV when BOYD_ACT_KV_BUCKET is set (BOYD_ACT_CONFIG
// names the policy and custom tools). Settings, logs, ops endpoints and the
// SIGTERM drain come from @boyd/service-kit.
import { agentEventChannel } from "@boyd/bus";
import { runService } from "@boyd/service-kit";
import { configFromEnv } from "./config.js";
import { startAct } from "./service.js";

await runService({
  name: "act",
  config: configFromEnv,
  start: async ({ transport, log }, config) => {
    const act = await startAct({ transport, config, events: agentEventChannel({ transport }), log });
    return {
      describe: { shell: act.shell, store: config.kvBucket ? `kv:${config.kvBucket}` : "files" },
      checks: { store: () => act.checkStore() },
      stop: [() => act.stop()],
    };
  },
});
