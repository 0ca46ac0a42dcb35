/**
 * Vitest globalSetup, listed before the Neo4j one in the root config: builds
 * the pinned nats-server, the Neo4j launcher, the `boyd` command (the CLI
 * tests run it as users do) and the web console's page (the browser tests
 * load it) when a clone lacks them or a source changed, so any
 * `npx vitest run ...` works on a fresh clone (once its node modules are
 * installed). Each step is a file check when the tool is already there.
 *
 * A step that cannot run (no Go, no root for apt-get) is reported, not
 * thrown: tests that do not need the tool still run, and those that do fail
 * with their own message naming the fix (startNats, startNeo4j).
 */
import { ensureDeps } from "./ensure-deps.js";

export default async function setup(): Promise<void> {
  try {
    await ensureDeps(["nats", "neo4j_dev", "cli", "console_web"]);
  } catch (err) {
    process.stderr.write(`boyd: tests that need nats-server or Neo4j will fail: ${(err as Error).message}\n`);
  }
}
