import { connectNats, drainOnSignal, type NatsTransport } from "@boyd/bus";
import { renderMetrics, setServiceLabel, startTracing } from "@boyd/telemetry";
import type { Logger } from "pino";
import { serviceLogger } from "./logger.js";
import { natsConnectOptions } from "./nats-options.js";
import { startOpsServer, type OpsServer, type ReadinessCheck } from "./ops-server.js";
import { processSettingsFromEnv, tracingOptions, type ProcessSettings } from "./settings.js";

/** What a service's start function gets: its settings, logger and NATS connection. */
export interface ServiceKit {
  readonly settings: ProcessSettings;
  readonly log: Logger;
  readonly transport: NatsTransport;
}

/** What a started service hands back. */
export interface StartedService {
  /** Fields of the "serving" log line (never secrets). */
  readonly describe?: Record<string, unknown>;
  /** Readiness checks besides the NATS connection, e.g. `store`. */
  readonly checks?: Record<string, ReadinessCheck>;
  /** Shutdown steps, in order (stop serving first: in-flight calls finish); NATS closes after them. */
  readonly stop: readonly (() => Promise<unknown>)[];
}

/** How to run one service as its own process. */
export interface ServiceSpec<C> {
  /** observe, orient, decide, act, memory or controller. */
  readonly name: string;
  /** Reads the service's own settings; a throw is a configuration error (exit 2). */
  readonly config: (env: NodeJS.ProcessEnv) => C;
  readonly start: (kit: ServiceKit, config: C) => Promise<StartedService>;
}

/**
 * Runs a service process the same way for every service: settings from the
 * environment (a bad one exits 2 naming the variable), JSON logs, tracing
 * when configured, NATS with the service's own credentials, the ops
 * endpoints (/healthz, /readyz = NATS connected and every check passing,
 * /metrics), and on SIGTERM: /readyz turns 503, the service drains, NATS
 * closes, spans are flushed, exit 0.
 */
export async function runService<C>(spec: ServiceSpec<C>, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let settings: ProcessSettings;
  let config: C;
  try {
    settings = processSettingsFromEnv(spec.name, env);
    config = spec.config(env);
  } catch (err) {
    serviceLogger(spec.name).fatal((err as Error).message);
    process.exit(2);
  }
  const log = serviceLogger(spec.name, settings.logLevel);
  try {
    setServiceLabel(spec.name);
    const tracing = startTracing(tracingOptions(spec.name, settings));
    const transport = await connectNats({
      ...natsConnectOptions(settings, `boyd-${spec.name}`),
      reportError: (err, ctx) => log.error({ err, subject: ctx.subject }, "message handling failed"),
    });
    // A service answers as soon as its start subscribes, before start
    // returns; a SIGTERM from then on must drain, not kill. So the drain is
    // set up first and waits for the start to finish before stopping it.
    const live: { ops?: OpsServer | undefined } = {};
    const starting = spec.start({ settings, log, transport }, config);
    drainOnSignal(log, [
      () => starting.catch(() => undefined),
      async () => live.ops?.setDraining(),
      async () => {
        for (const stop of (await starting).stop) await stop();
      },
      () => transport.close(),
      () => tracing.shutdown(),
      async () => live.ops?.close(),
    ]);
    const started = await starting;
    const ops =
      settings.opsAddress === "off"
        ? undefined
        : await startOpsServer({
            address: settings.opsAddress,
            checks: { nats: () => natsUp(transport), ...started.checks },
            metrics: renderMetrics,
          });
    live.ops = ops;
    log.info({ ...started.describe, nats: settings.natsUrl, natsUser: settings.natsUser, ops: ops?.address, tracing: settings.otelExporter }, `${spec.name} serving`);
    if (settings.stopOnStdinEof) {
      // The same drain as SIGTERM, once whoever holds the other end is gone.
      process.stdin.once("end", () => process.kill(process.pid, "SIGTERM")).resume();
    }
  } catch (err) {
    log.fatal({ err }, `${spec.name} failed to start`);
    process.exit(1);
  }
}

function natsUp(transport: NatsTransport): void {
  if (!transport.connected) throw new Error("NATS connection is down (reconnecting)");
}
