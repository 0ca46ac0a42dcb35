/**
 * Vitest globalSetup, listed before the Neo4j one in the root config: builds
 * the pinned nats-server and the Neo4j launcher when a clone lacks them, so
 * any `npx vitest run ...` works on a fresh clone (once its node modules are
 * installed). Each step is a file check when the tool is already there.
 */
import { ensureDeps } from "./ensure-deps.js";

export default async function setup(): Promise<void> {
  await ensureDeps(["nats", "neo4j_dev"]);
}
