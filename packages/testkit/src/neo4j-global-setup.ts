/**
 * Vitest globalSetup: one Neo4j for the whole test run, its URI handed to
 * tests through `provide()`/`inject()`.
 *
 * ```ts
 * // vitest.config.ts (root: runs once for every project)
 * test: { globalSetup: ["./packages/testkit/src/neo4j-global-setup.ts"], projects: [...] }
 * // a test
 * import { inject } from "vitest";
 * const driver = neo4j.driver(inject("neo4jUri"));
 * ```
 *
 * Community edition has one user database, so tests share it: each test
 * isolates its data by a unique label (see `uniqueLabel()`), never by
 * `MATCH (n) DETACH DELETE n`.
 *
 * Vitest runs global setups in the main process, once per project that lists
 * them (the root config counts as one project; its values reach every
 * project). If both the root and a project list this file, they share one
 * server: the first setup starts it and the last teardown stops it.
 */
import type { TestProject } from "vitest/node";
import { startNeo4j, type Neo4jServer } from "./neo4j-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** `bolt://127.0.0.1:PORT` of the Neo4j started by `@boyd/testkit/neo4j-global-setup`; no auth. */
    neo4jUri: string;
  }
}

/** What this setup provides to tests; import it (as a type) to get `inject("neo4jUri")` typed. */
export interface Neo4jProvidedContext {
  neo4jUri: string;
}

interface Shared {
  server: Promise<Neo4jServer>;
  users: number;
}

// Global setups of different projects load this file through different
// module runners, so module state is not shared between them; globalThis is.
const KEY = Symbol.for("@boyd/testkit/neo4j-global-setup");
type Holder = { [KEY]?: Shared };

/** Starts Neo4j (or joins the one already started in this process), provides `neo4jUri`, returns the teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const holder = globalThis as Holder;
  let shared = holder[KEY];
  if (!shared) {
    shared = { server: startNeo4j(), users: 0 };
    holder[KEY] = shared;
  }
  shared.users += 1;
  let server: Neo4jServer;
  try {
    server = await shared.server;
  } catch (err) {
    shared.users -= 1;
    if (shared.users === 0) delete holder[KEY];
    throw err;
  }
  project.provide("neo4jUri", server.uri);
  const current = shared;
  return async () => {
    current.users -= 1;
    if (current.users > 0) return;
    delete holder[KEY];
    await server.dispose();
  };
}
