import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { ensureDeps } from "./podman.js";

const run = promisify(execFile);

/** The oldest Kubernetes minor the manifests must be valid for. */
export const OLDEST_KUBERNETES = [1, 30] as const;

/** The kubernetes-validate executable ensure_kubernetes_validate installs (a venv under .cache). */
export async function kubernetesValidate(): Promise<string> {
  const result = await ensureDeps("ensure_kubernetes_validate", [], 10 * 60_000);
  if (result.code !== 0) throw new Error(`ensure_kubernetes_validate failed (exit ${result.code}):\n${result.stderr}`);
  return result.stdout.trim().split("\n").at(-1)!;
}

/**
 * The Kubernetes versions whose strict schemas the installed package ships
 * (its kubernetes-json-schema/v<x.y.z>-local-strict directories), oldest
 * first, from OLDEST_KUBERNETES on.
 */
export function strictSchemaVersions(binary: string): string[] {
  const venv = dirname(dirname(binary));
  const lib = join(venv, "lib");
  const python = readdirSync(lib).find((d) => d.startsWith("python"))!;
  const schemas = join(lib, python, "site-packages/kubernetes_validate/kubernetes-json-schema");
  return readdirSync(schemas)
    .flatMap((d) => {
      const m = /^v(\d+)\.(\d+)\.(\d+)-local-strict$/.exec(d);
      return m ? [[Number(m[1]), Number(m[2]), Number(m[3])] as const] : [];
    })
    .filter(([major, minor]) => major > OLDEST_KUBERNETES[0] || (major === OLDEST_KUBERNETES[0] && minor >= OLDEST_KUBERNETES[1]))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])
    .map((v) => v.join("."));
}

/** One object's verdict: `kind/name` as the validator names it (lower-case kind), and its message. */
export interface Verdict {
  readonly level: "INFO" | "WARN" | "ERROR";
  readonly file: string;
  readonly message: string;
}

/** Runs `kubernetes-validate --strict -k <version>` on files; resolves with its exit code and one verdict per line. */
export async function validateStrict(binary: string, version: string, files: readonly string[]): Promise<{ code: number; verdicts: Verdict[]; output: string }> {
  let code = 0;
  let output: string;
  try {
    const { stdout, stderr } = await run(binary, ["--strict", "-k", version, ...files], { maxBuffer: 16 * 1024 * 1024, timeout: 120_000 });
    output = stdout + stderr;
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw err;
    code = failed.code;
    output = (failed.stdout ?? "") + (failed.stderr ?? "");
  }
  const verdicts = output.split("\n").flatMap((line) => {
    const m = /^(INFO|WARN|ERROR) (\S+) (.*)$/.exec(line);
    return m ? [{ level: m[1] as Verdict["level"], file: m[2]!, message: m[3]! }] : [];
  });
  return { code, verdicts, output };
}
