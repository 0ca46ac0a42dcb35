import { SECRET_LOG_PATHS } from "@boyd/bus";
import { traceLogFields } from "@boyd/telemetry";
import { pino, type Logger } from "pino";
import type { ProcessSettings } from "./settings.js";

/**
 * The JSON logger of a service process: `service` on every line, the trace
 * and span of the call being served (so a line leads to its trace), and
 * secrets (passwords, tokens, authorization headers) censored wherever a
 * logged object carries them.
 */
export function serviceLogger(service: string, level: ProcessSettings["logLevel"] = "info"): Logger {
  return pino({
    level,
    base: { service },
    mixin: traceLogFields,
    redact: { paths: [...SECRET_LOG_PATHS], censor: "[redacted]" },
  });
}
