import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { describeIssues } from "./registry.js";
import { PolicyConfig } from "./safety/policy.js";
import { CustomToolConfig } from "./custom-tools.js";

/**
 * The act configuration file (`BOYD_ACT_CONFIG`, JSON): safety policy,
 * custom tools, and the limits of the outward tools. Every key is
 * optional; unknown keys are errors (a typo must not silently weaken a
 * policy).
 */
export const ActFileConfig = z
  .object({
    policy: PolicyConfig.default({}),
    tools: z.array(CustomToolConfig).default([]),
    http: z
      .object({
        /** Hosts, host:port, *.domain globs or CIDRs that may be private. */
        allowHosts: z.array(z.string().min(1)).default([]),
        timeoutMs: z.number().int().min(100).max(300_000).default(10_000),
        maxBytes: z.number().int().min(1_024).max(64 * 1024 * 1024).default(256 * 1024),
        maxRedirects: z.number().int().min(0).max(20).default(5),
      })
      .strict()
      .default({}),
    shell: z
      .object({
        /** Run shell_exec without bubblewrap where it cannot run. Never the default. */
        allowUnconfined: z.boolean().default(false),
        timeoutMs: z.number().int().min(100).max(3_600_000).optional(),
        cpuSeconds: z.number().int().min(1).max(3_600).optional(),
        memoryBytes: z.number().int().min(16 * 1024 * 1024).optional(),
        maxProcesses: z.number().int().min(1).max(4_096).optional(),
      })
      .strict()
      .default({}),
    /** How long an approval waits for an answer. @default 120000 */
    approvalTimeoutMs: z.number().int().min(100).max(24 * 3600 * 1000).default(120_000),
  })
  .strict();
export type ActFileConfig = z.infer<typeof ActFileConfig>;

/** The act service's settings: environment plus the optional file. */
export interface ActConfig {
  /** NATS server(s); unset = embedded mode inside `boyd`. */
  natsUrl?: string | undefined;
  /** Act's own state (idempotency records, jobs) in embedded mode. */
  dataDir: string;
  /** The only directory file_io and shell_exec may touch. */
  workspace: string;
  /** Directory the config file's relative paths (module tools) start from. */
  configDir: string;
  file: ActFileConfig;
  /** Keep state in JetStream KV instead of files (distributed mode). */
  kvBucket?: string | undefined;
  /** Copies of the KV bucket across a NATS cluster, when act creates it. @default 1 */
  kvReplicas?: number | undefined;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
}

/**
 * Reads the configuration: BOYD_NATS_URL, BOYD_DATA_DIR (default .boyd),
 * BOYD_WORKSPACE (default <data>/workspace), BOYD_ACT_CONFIG (JSON file),
 * BOYD_APPROVAL_MODE (overrides policy.mode), BOYD_ALLOW_UNCONFINED=1,
 * BOYD_HTTP_ALLOW_HOSTS (comma list, added to http.allowHosts),
 * BOYD_ACT_KV_BUCKET, BOYD_ACT_KV_REPLICAS, BOYD_LOG_LEVEL. Errors name the variable, or the
 * file, line and field.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ActConfig {
  const dataDir = env["BOYD_DATA_DIR"] || ".boyd";
  const path = env["BOYD_ACT_CONFIG"];
  const file = path ? loadActConfigFile(path) : ActFileConfig.parse({});
  const mode = env["BOYD_APPROVAL_MODE"];
  if (mode) {
    const parsed = PolicyConfig.shape.mode.safeParse(mode);
    if (!parsed.success) throw new Error(`BOYD_APPROVAL_MODE: ${JSON.stringify(mode)} is not one of safe, cautious, paranoid, yolo`);
    file.policy.mode = parsed.data;
  }
  if (env["BOYD_ALLOW_UNCONFINED"] === "1") file.shell.allowUnconfined = true;
  if (env["BOYD_HTTP_ALLOW_HOSTS"]) file.http.allowHosts.push(...env["BOYD_HTTP_ALLOW_HOSTS"].split(",").map((h) => h.trim()).filter(Boolean));
  const logLevel = env["BOYD_LOG_LEVEL"] || "info";
  const levels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
  if (!(levels as readonly string[]).includes(logLevel)) throw new Error(`BOYD_LOG_LEVEL: ${JSON.stringify(logLevel)} is not one of ${levels.join(", ")}`);
  const natsUrl = env["BOYD_NATS_URL"] || undefined;
  if (natsUrl && !/^(nats|tls|ws|wss):\/\//.test(natsUrl.split(",")[0]!)) throw new Error(`BOYD_NATS_URL: ${JSON.stringify(natsUrl)} is not a nats:// URL`);
  const kvReplicas = replicasFrom(env, "BOYD_ACT_KV_REPLICAS");
  return {
    natsUrl,
    dataDir: resolve(dataDir, "act"),
    workspace: resolve(env["BOYD_WORKSPACE"] || resolve(dataDir, "workspace")),
    configDir: path ? dirname(resolve(path)) : process.cwd(),
    file,
    kvBucket: env["BOYD_ACT_KV_BUCKET"] || undefined,
    kvReplicas,
    logLevel: logLevel as ActConfig["logLevel"],
  };
}

// JetStream keeps 1 to 5 copies of a stream.
function replicasFrom(env: NodeJS.ProcessEnv, name: string): number {
  const raw = env[name];
  if (!raw) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 5) throw new Error(`${name}: ${JSON.stringify(raw)} is not a whole number from 1 to 5`);
  return n;
}

/** Reads and validates a config file; errors name the file, the line and the field. */
export function loadActConfigFile(path: string): ActFileConfig {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new Error(`${path}: cannot read the act configuration (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  return parseActConfig(text, path);
}

/** Parses config text; `where` names it in errors. */
export function parseActConfig(text: string, where: string): ActFileConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    const at = jsonErrorOffset(text, (err as Error).message);
    const line = at === undefined ? undefined : text.slice(0, at).split("\n").length;
    throw new Error(`${where}${line ? `:${line}` : ""}: not valid JSON (${(err as Error).message})`);
  }
  const parsed = ActFileConfig.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // An unknown key's issue points at its object; the key's own line is the useful one.
    const line = lineOf(text, issue.code === "unrecognized_keys" && issue.keys[0] !== undefined ? [...issue.path, issue.keys[0]] : issue.path);
    throw new Error(`${where}${line ? `:${line}` : ""}: ${describeIssues(parsed.error)}`);
  }
  return parsed.data;
}

// Where JSON.parse failed. Node 20 gives no position for "Unexpected token"
// errors, so then find the shortest prefix that already fails other than at
// its end (prefixes only get worse, so a binary search finds it).
function jsonErrorOffset(text: string, message: string): number | undefined {
  const at = /position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  const failsInside = (n: number): boolean => {
    try {
      JSON.parse(text.slice(0, n));
      return false;
    } catch (err) {
      const m = (err as Error).message;
      const pos = /position (\d+)/.exec(m);
      return pos ? Number(pos[1]) < n : !m.startsWith("Unexpected end");
    }
  };
  if (!failsInside(text.length)) return undefined;
  let [lo, hi] = [0, text.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (failsInside(mid)) hi = mid;
    else lo = mid + 1;
  }
  return Math.max(0, lo - 1);
}

// The line where the JSON value at `path` starts, found by walking the keys
// in order (good enough for config files; undefined when not found).
function lineOf(text: string, path: ReadonlyArray<string | number>): number | undefined {
  let at = 0;
  for (const part of path) {
    if (typeof part === "number") {
      // Skip to the part-th element of the array that starts at `at`.
      let depth = 0;
      let seen = 0;
      let i = text.indexOf("[", at);
      if (i < 0) return undefined;
      for (i++; i < text.length; i++) {
        const c = text[i];
        if (c === '"') {
          // A string's commas and brackets are not structure: skip to its closing quote.
          if (depth === 0 && seen === part) break;
          for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
        } else if (c === "[" || c === "{") {
          if (depth === 0 && seen === part) break;
          depth++;
        } else if (c === "]" || c === "}") depth--;
        else if (c === "," && depth === 0) seen++;
        else if (depth === 0 && seen === part && !/\s/.test(c!)) break;
      }
      at = i;
    } else {
      const i = text.indexOf(JSON.stringify(part), at);
      if (i < 0) return text.slice(0, at).split("\n").length;
      at = i;
    }
  }
  return text.slice(0, at).split("\n").length;
}
