import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The clone this testkit lives in. */
const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** The ensure steps of scripts/ensure-deps.sh a test run may call (each does nothing when its tool is ready). */
export type EnsureStep = "nats" | "neo4j_dev" | "kustomize" | "sandbox" | "cli" | "console_web";

/** Where {@link ensureDeps} works. */
export interface EnsureDepsOptions {
  /** The clone whose scripts/ensure-deps.sh runs, and where it builds. @default this repository */
  root?: string;
  /** The script's environment. @default process.env */
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs `ensure_<step>` of scripts/ensure-deps.sh for each step, so a test run
 * started straight from a fresh clone (`npx vitest run --project deploy`)
 * builds what it needs instead of failing on a missing nats-server or Neo4j
 * launcher. The script's progress lines go to this process's stderr; a
 * failure throws with them.
 */
export async function ensureDeps(steps: readonly EnsureStep[], options: EnsureDepsOptions = {}): Promise<void> {
  const root = options.root ?? REPO_ROOT;
  const script = `source scripts/ensure-deps.sh && ${steps.map((s) => `ensure_${s}`).join(" && ")}`;
  const child = spawn("bash", ["-c", script], { cwd: root, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer): void => {
    process.stderr.write(chunk);
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) {
    throw new Error(`scripts/ensure-deps.sh (${steps.join(", ")}) failed with exit code ${code} in ${root}:\n${output}`);
  }
}
