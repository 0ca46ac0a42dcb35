import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { findBinary } from "@boyd/testkit";
import { REPO_ROOT } from "./repo.js";

/** One object of a rendered kustomization, before any validation. */
export interface RenderedObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

const MIN_MAJOR = 4;
const HINT = "run `source scripts/ensure-deps.sh && ensure_kustomize` (uses kubectl's kustomize, or builds kustomize v5 with Go)";

/** The kustomize major version in a `kubectl version --client` or `kustomize version` output. */
export function kustomizeMajor(versionOutput: string): number | undefined {
  const match = /^Kustomize Version: v(\d+)\./m.exec(versionOutput) ?? /^v(\d+)\./m.exec(versionOutput) ?? /kustomize\/v(\d+)\./.exec(versionOutput);
  return match ? Number(match[1]) : undefined;
}

function versionOf(command: string, args: readonly string[]): number | undefined {
  try {
    return kustomizeMajor(execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
  } catch {
    return undefined;
  }
}

/** kustomize binaries ensure_kustomize built: .cache/kustomize/v<version>/kustomize (a `go install`ed one reports "(devel)"). */
function builtByEnsureDeps(): string[] {
  const cache = join(REPO_ROOT, ".cache/kustomize");
  if (!existsSync(cache)) return [];
  return readdirSync(cache)
    .filter((version) => Number(/^v(\d+)\./.exec(version)?.[1] ?? 0) >= MIN_MAJOR)
    .map((version) => join(cache, version, "kustomize"))
    .filter((binary) => existsSync(binary));
}

let found: readonly string[] | undefined;

/**
 * The command that runs a kustomize v4+ `build`, found where
 * scripts/ensure-deps.sh (ensure_kustomize) finds or puts one: kubectl's
 * embedded kustomize, then .cache/kustomize/<version>/kustomize, then
 * kustomize on PATH. Throws with the fix when there is none.
 */
export function kustomizeCommand(): readonly string[] {
  if (found) return found;
  const kubectl = findBinary("kubectl");
  if (kubectl && (versionOf(kubectl, ["version", "--client"]) ?? 0) >= MIN_MAJOR) return (found = [kubectl, "kustomize"]);
  const built = builtByEnsureDeps()[0];
  if (built) return (found = [built, "build"]);
  const onPath = findBinary("kustomize");
  if (onPath && (versionOf(onPath, ["version"]) ?? 0) >= MIN_MAJOR) return (found = [onPath, "build"]);
  throw new Error(`no kustomize v${MIN_MAJOR}+ found: ${HINT}`);
}

const rendered = new Map<string, readonly RenderedObject[]>();

/**
 * Renders a kustomization directory into its objects (once per test file:
 * callers get copies, so a test may modify what it gets).
 */
export function renderKustomization(dir: string): RenderedObject[] {
  let objects = rendered.get(dir);
  if (!objects) rendered.set(dir, (objects = runKustomize(dir)));
  return structuredClone(objects) as RenderedObject[];
}

function runKustomize(dir: string): RenderedObject[] {
  const [command, ...args] = kustomizeCommand();
  const text = execFileSync(command!, [...args, dir], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  return parseAllDocuments(text).flatMap((doc) => {
    if (doc.errors.length > 0) throw new Error(`kustomize output of ${dir} is not valid YAML: ${doc.errors[0]!.message}`);
    const value = doc.toJS() as RenderedObject | null;
    return value ? [value] : [];
  });
}
