import { BusError, type ServiceClient } from "@boyd/bus";
import { BUILTIN_TOOLS } from "@boyd/tools";
import type { MemoryServiceDefinition, OrientServiceDefinition, QueryResponse, ToolDescriptor, Triple } from "@boyd/proto";

/** The orient service as the core tools use it. */
export type OrientClient = ServiceClient<typeof OrientServiceDefinition>;
/** The memory service as the core tools use it. */
export type MemoryClient = ServiceClient<typeof MemoryServiceDefinition>;

/** The built-in catalog entry of `name` (the registry adds the input schema). */
export function builtinDescriptor(name: string): ToolDescriptor {
  const found = BUILTIN_TOOLS.find((t) => t.name === name);
  if (!found) throw new Error(`no built-in tool named ${name}`);
  return found;
}

/** A triple as one line: `"Earth" -> orbits -> "Sun"  [0.95]`. */
export function tripleLine(t: Triple): string {
  return `"${t.subjectLabel || t.subject}" -> ${t.predicateLabel || t.predicate} -> "${t.objectLabel || t.object}"  [${t.confidence.toFixed(2)}]`;
}

/**
 * Resolves what an agent calls a symbol (usually a label, as decide fills
 * inputs) to the graph's id: an exact label first, then the text as an id.
 * NOT_FOUND when the graph knows neither.
 */
export async function resolveSymbol(orient: OrientClient, agentId: string, text: string): Promise<{ id: string; label: string }> {
  for (const field of ["subject", "object"] as const) {
    try {
      const { triples } = await orient.query({ agentId, [field]: text, termsAreLabels: true, limit: 1 });
      const t = triples[0];
      if (t) return field === "subject" ? { id: t.subject, label: t.subjectLabel || text } : { id: t.object, label: t.objectLabel || text };
    } catch (err) {
      if (!(err instanceof BusError && err.code === "NOT_FOUND")) throw err;
    }
  }
  for (const field of ["subject", "object"] as const) {
    const { triples } = await orient.query({ agentId, [field]: text, limit: 1 });
    const t = triples[0];
    if (t) return { id: text, label: (field === "subject" ? t.subjectLabel : t.objectLabel) || text };
  }
  throw new BusError("NOT_FOUND", `the knowledge graph has no symbol labelled or identified ${JSON.stringify(text)}`);
}

/** Every triple touching a symbol id, in the directions asked, at most `limit` each way. */
export async function factsAbout(orient: OrientClient, agentId: string, id: string, direction: "from" | "to" | "both", limit: number): Promise<Triple[]> {
  const out = direction === "to" ? [] : (await orient.query({ agentId, subject: id, limit })).triples;
  const into = direction === "from" ? [] : (await orient.query({ agentId, object: id, limit })).triples;
  return [...out, ...into];
}

/** Most queries OrientService.QueryBatch takes in one call (the contract's bound). */
const QUERY_BATCH_MAX = 100;

/**
 * {@link factsAbout} for many symbol ids in one OrientService.QueryBatch
 * round trip (more, sent at once, when the queries exceed the batch bound):
 * `result[i]` holds the triples of `ids[i]`, as factsAbout would return them.
 * An orient that predates QueryBatch (nobody serves it: UNAVAILABLE; an
 * older NATS auth.conf: PERMISSION_DENIED) is asked one Query per id, as
 * before, so act can be upgraded first.
 */
export async function factsAboutMany(orient: OrientClient, agentId: string, ids: readonly string[], direction: "from" | "to" | "both", limit: number): Promise<Triple[][]> {
  const fields = { from: ["subject"], to: ["object"], both: ["subject", "object"] }[direction] as readonly ("subject" | "object")[];
  const queries = ids.flatMap((id) => fields.map((field) => ({ agentId, [field]: id, limit })));
  let results: QueryResponse[];
  try {
    results = (await Promise.all(chunks(queries, QUERY_BATCH_MAX).map((batch) => orient.queryBatch({ agentId, queries: batch })))).flatMap((r) => r.results);
  } catch (err) {
    if (!(err instanceof BusError && (err.code === "UNAVAILABLE" || err.code === "PERMISSION_DENIED"))) throw err;
    return Promise.all(ids.map((id) => factsAbout(orient, agentId, id, direction, limit)));
  }
  if (results.length !== queries.length) throw new BusError("INTERNAL", `QueryBatch answered ${results.length} of ${queries.length} queries`);
  return ids.map((_, i) => results.slice(i * fields.length, (i + 1) * fields.length).flatMap((r) => r.triples));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, k) => items.slice(k * size, (k + 1) * size));
}
