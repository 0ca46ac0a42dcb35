import { readFileSync } from "node:fs";
import { settingsFromEnv } from "@boyd/service-kit";
import { z } from "zod";
import type { ConsoleOptions } from "./console.js";

// The same host:port as the service kit's ops address.
const HOST_PORT = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;
const hostPort = z.string().refine((v) => HOST_PORT.test(v) && Number(v.slice(v.lastIndexOf(":") + 1)) <= 65535, "expected host:port, e.g. 0.0.0.0:8080");
const file = z.string().min(1);

/** The console process's settings. It speaks no NATS, so of the service kit's settings only the ops address and log level apply. */
export const ConsoleConfig = z
  .object({
    /** Where the console serves HTTP. @default 0.0.0.0:8080 */
    address: hostPort.default("0.0.0.0:8080"),
    /** The controller's gRPC address (AgentService), e.g. boyd-controller:50051. */
    controllerGrpc: hostPort,
    /** "1": TLS towards the controller with the system roots (a CA file below implies TLS too). */
    controllerTls: z.enum(["0", "1"], { message: "expected 0 or 1" }).default("0").transform((v) => v === "1"),
    /** PEM CA that signs the controller's certificate. */
    controllerTlsCa: file.optional(),
    /** Client certificate and key, for a controller that requires mutual TLS. */
    controllerTlsCert: file.optional(),
    controllerTlsKey: file.optional(),
    /** Serve HTTPS with this PEM certificate chain and key (the session cookie is then Secure). */
    tlsCert: file.optional(),
    tlsKey: file.optional(),
    /** The built page. @default the copy beside the bundle, else this clone's build */
    assetsDir: file.optional(),
    /** host:port of /healthz and /readyz, or "off". @default 0.0.0.0:9090 */
    opsAddress: z.union([z.literal("off"), hostPort]).default("0.0.0.0:9090"),
    logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.tlsCert) !== Boolean(c.tlsKey)) ctx.addIssue({ code: "custom", path: [c.tlsCert ? "tlsKey" : "tlsCert"], message: "certificate and key go together" });
    if (Boolean(c.controllerTlsCert) !== Boolean(c.controllerTlsKey)) {
      ctx.addIssue({ code: "custom", path: [c.controllerTlsCert ? "controllerTlsKey" : "controllerTlsCert"], message: "client certificate and key go together" });
    }
  });
export type ConsoleConfig = z.infer<typeof ConsoleConfig>;

/** The environment variable behind each setting. */
export const CONSOLE_ENV: Record<keyof ConsoleConfig, string> = {
  address: "BOYD_CONSOLE_ADDRESS",
  controllerGrpc: "BOYD_CONTROLLER_GRPC",
  controllerTls: "BOYD_CONTROLLER_GRPC_TLS",
  controllerTlsCa: "BOYD_CONTROLLER_GRPC_TLS_CA",
  controllerTlsCert: "BOYD_CONTROLLER_GRPC_TLS_CERT",
  controllerTlsKey: "BOYD_CONTROLLER_GRPC_TLS_KEY",
  tlsCert: "BOYD_CONSOLE_TLS_CERT",
  tlsKey: "BOYD_CONSOLE_TLS_KEY",
  assetsDir: "BOYD_CONSOLE_ASSETS",
  opsAddress: "BOYD_OPS_ADDRESS",
  logLevel: "BOYD_LOG_LEVEL",
};

/** Reads the settings; throws a SettingsError naming every bad variable (never its value). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ConsoleConfig {
  return settingsFromEnv(ConsoleConfig, CONSOLE_ENV, env, "console configuration");
}

type ReadFile = (path: string) => Buffer;

/** startConsole's security options from the settings, reading the PEM files they name. */
export function securityOptions(config: ConsoleConfig, readFile: ReadFile = readFileSync): Pick<ConsoleOptions, "tls" | "https"> {
  const read = (path: string | undefined, variable: string): Buffer | undefined => {
    if (path === undefined) return undefined;
    try {
      return readFile(path);
    } catch (err) {
      throw new Error(`${variable}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  };
  const ca = read(config.controllerTlsCa, CONSOLE_ENV.controllerTlsCa);
  const cert = read(config.controllerTlsCert, CONSOLE_ENV.controllerTlsCert);
  const key = read(config.controllerTlsKey, CONSOLE_ENV.controllerTlsKey);
  const tls = ca || cert ? { ...(ca ? { ca } : {}), ...(cert && key ? { cert, key } : {}) } : config.controllerTls;
  const https = config.tlsCert && config.tlsKey ? { cert: read(config.tlsCert, CONSOLE_ENV.tlsCert)!, key: read(config.tlsKey, CONSOLE_ENV.tlsKey)! } : undefined;
  return { ...(tls ? { tls } : {}), ...(https ? { https } : {}) };
}
