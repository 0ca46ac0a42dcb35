import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (deploy/test/../..). */
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** deploy/k8s, where the kustomize base and overlays live. */
export const K8S_DIR = join(REPO_ROOT, "deploy/k8s");

/** The kustomizations the tests render, by name. */
export const KUSTOMIZATIONS = {
  base: join(K8S_DIR, "base"),
  dev: join(K8S_DIR, "overlays/dev"),
  prod: join(K8S_DIR, "overlays/prod"),
} as const;
export type KustomizationName = keyof typeof KUSTOMIZATIONS;

/**
 * Every service with a standalone process, found the way scripts/bundle.mjs
 * finds them: a services/<name>/src/main.ts.
 */
export const SERVICE_NAMES: readonly string[] = readdirSync(join(REPO_ROOT, "services"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(REPO_ROOT, "services", entry.name, "src/main.ts")))
  .map((entry) => entry.name)
  .sort();

/**
 * The services on NATS, each as its own user: all but the web console,
 * which speaks only to the controller's gRPC API.
 */
export const NATS_SERVICES: readonly string[] = SERVICE_NAMES.filter((name) => name !== "console");

/**
 * The controller keeps each agent's run in its own process (sessions are
 * saved with compare-and-set), so it runs as a single replica; every other
 * service is stateless and scales.
 */
export const SINGLE_REPLICA_SERVICES: readonly string[] = ["controller"];

/** Services that scale horizontally. */
export const STATELESS_SERVICES: readonly string[] = SERVICE_NAMES.filter((name) => !SINGLE_REPLICA_SERVICES.includes(name));

/** Where the image keeps a service's bundle (deploy/docker/Dockerfile). */
export function imageBundlePath(service: string): string {
  return `/app/dist/services/${service}.mjs`;
}
