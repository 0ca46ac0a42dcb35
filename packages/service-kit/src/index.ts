/**
 * @boyd/service-kit: what every Boyd service process shares, so each
 * service's `main.ts` only says what is its own.
 *
 * - {@link runService}: settings, logs, tracing, NATS with the service's
 *   credentials, ops endpoints and the SIGTERM drain, in one call.
 * - {@link processSettingsFromEnv}, {@link natsConnectOptions}: the same
 *   settings for other processes (the CLI, tests).
 * - {@link startOpsServer}: /healthz, /readyz and /metrics.
 */
export { ProcessSettings, PROCESS_ENV, SettingsError, processSettingsFromEnv, settingsFromEnv, tracingOptions } from "./settings.js";
export { natsConnectOptions } from "./nats-options.js";
export { startOpsServer, type OpsServer, type OpsServerOptions, type ReadinessCheck } from "./ops-server.js";
export { serviceLogger } from "./logger.js";
export { jetStreamCheck } from "./checks.js";
export { runService, type ServiceKit, type ServiceSpec, type StartedService } from "./run-service.js";
