// The act service as its own process: reads its configuration from the
// environment (and BOYD_ACT_CONFIG), serves ActService on NATS, keeps its
// state in JetStream KV when BOYD_ACT_KV_BUCKET is set, drains on SIGTERM.
import { connectNats, createEventChannel, drainOnSignal } from "@boyd/bus";
import { Event } from "@boyd/proto";
import { pino } from "pino";
import { configFromEnv } from "./config.js";
import { startAct } from "./service.js";

const config = (() => {
  try {
    return configFromEnv();
  } catch (err) {
    pino().fatal((err as Error).message);
    process.exit(2);
  }
})();
const log = pino({ level: config.logLevel, base: { service: "act" } });
if (!config.natsUrl) {
  log.fatal("BOYD_NATS_URL is required to run act as its own process (embedded mode runs it inside `boyd`)");
  process.exit(2);
}
const transport = await connectNats({
  servers: config.natsUrl,
  name: "boyd-act",
  reportError: (err, ctx) => log.error({ err, subject: ctx.subject }, "message handling failed"),
});
const act = await startAct({ transport, config, events: createEventChannel({ transport, codec: Event }), log });
log.info({ nats: config.natsUrl, shell: act.shell }, "act ready");

drainOnSignal(log, [() => act.stop(), () => transport.close()]);
