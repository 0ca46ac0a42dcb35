import { GraphStore, openEmbeddedBackend, openNeo4jBackend, type GraphStoreOptions, type OpenReport } from "@boyd/graph";
import type { OrientConfig } from "./config.js";

/** Opens the graph the configuration names: Neo4j when a URI is given, else the embedded store. */
export async function openGraph(
  config: Pick<OrientConfig, "dataDir" | "neo4j">,
  options: GraphStoreOptions = {},
): Promise<{ store: GraphStore; report?: OpenReport }> {
  if (config.neo4j) {
    const backend = await openNeo4jBackend({
      uri: config.neo4j.uri,
      database: config.neo4j.database,
      label: config.neo4j.label,
      ...(config.neo4j.user ? { user: config.neo4j.user, password: config.neo4j.password ?? "" } : {}),
    });
    return { store: new GraphStore(backend, options) };
  }
  const { backend, report } = await openEmbeddedBackend({ dir: config.dataDir });
  return { store: new GraphStore(backend, options), report };
}
