import { ingestFile, type IngestSummary } from "@boyd/graph";
import { configFromEnv, openGraph } from "@boyd/orient";

/**
 * Loads knowledge files into the graph orient is about to serve, before it
 * starts: opened from orient's own environment (so the same Neo4j and
 * label, or the same embedded store), strictly (a bad line adds nothing of
 * its file). No NATS user is involved: the outside `client` may not call
 * OrientService, and a loader that holds a service's password would be a
 * wider door than an offline load step, which is what `boyd kg ingest`
 * does too.
 */
export async function ingestIntoOrientGraph(orientEnv: NodeJS.ProcessEnv, files: readonly string[]): Promise<IngestSummary[]> {
  if (files.length === 0) return [];
  const { store } = await openGraph(configFromEnv(orientEnv));
  try {
    const done: IngestSummary[] = [];
    for (const file of files) done.push(await ingestFile(store, file, { strict: true }));
    return done;
  } finally {
    await store.close();
  }
}
