/**
 * Vitest globalSetup of the deploy project: its tests render the overlays
 * with a kustomize v4+, which ensure_kustomize finds (kubectl's) or builds
 * into .cache/kustomize, so `npx vitest run --project deploy` needs no step
 * of its own first.
 */
import { ensureDeps } from "@boyd/testkit";

export default async function setup(): Promise<void> {
  await ensureDeps(["kustomize"]);
}
