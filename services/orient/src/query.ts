import { BusError } from "@boyd/bus";
import type { GraphStore, Triple, TriplePattern } from "@boyd/graph";
import type { QueryBatchRequest, QueryBatchResponse, QueryRequest, QueryResponse } from "@boyd/proto";
import { toProtoTriple } from "./convert.js";

/** Triples one query returns: `limit` when it names none, at most `max`. */
export const QUERY_LIMIT = { default: 100, max: 10_000 } as const;
/** Most queries one QueryBatch may hold: enough for similarity_search's 41 profiles, bounded so one call stays one call's work. */
export const QUERY_BATCH_MAX = 100;

/** A query checked and its labels resolved: what to ask the store. */
interface PlannedQuery {
  readonly pattern: TriplePattern;
  readonly limit: number;
  readonly offset: number;
  readonly minConfidence: number;
}

/** One query's page from the store, before labels. */
interface QueryPage {
  readonly triples: readonly Triple[];
  readonly nextPageToken: string;
}

/** Query: the triples matching one pattern, with labels. */
export async function answerQuery(store: GraphStore, request: QueryRequest): Promise<QueryResponse> {
  const page = await readPage(store, await planQuery(store, request, ""));
  return (await withLabels(store, [page]))[0]!;
}

/**
 * QueryBatch: every query answered as {@link answerQuery} would, in order.
 * All are checked (and their labels resolved) before any is read; the first
 * bad one in request order fails the batch, its error naming `queries[i]`.
 * The pages' labels come from one symbol lookup for the whole batch.
 */
export async function answerQueryBatch(store: GraphStore, request: QueryBatchRequest): Promise<QueryBatchResponse> {
  if (request.queries.length > QUERY_BATCH_MAX) {
    throw new BusError("INVALID_ARGUMENT", `queries: at most ${QUERY_BATCH_MAX} queries in one batch, got ${request.queries.length}`);
  }
  const planned = await Promise.allSettled(request.queries.map((q, i) => planQuery(store, q, `queries[${i}].`)));
  const failed = planned.find((p) => p.status === "rejected");
  if (failed) throw failed.reason;
  const plans = planned.map((p) => (p as PromiseFulfilledResult<PlannedQuery>).value);
  const pages = await Promise.all(plans.map((plan) => readPage(store, plan)));
  return { results: await withLabels(store, pages) };
}

/**
 * Checks a query's limit and page token and resolves label terms to ids.
 * `where` prefixes every field an error names (`queries[3].` in a batch).
 */
async function planQuery(store: GraphStore, request: QueryRequest, where: string): Promise<PlannedQuery> {
  const limit = request.limit ?? QUERY_LIMIT.default;
  if (limit < 1 || limit > QUERY_LIMIT.max) throw new BusError("INVALID_ARGUMENT", `${where}limit must be in 1..${QUERY_LIMIT.max}, got ${limit}`);
  const offset = request.pageToken ? Number(request.pageToken) : 0;
  if (!Number.isInteger(offset) || offset < 0) throw new BusError("INVALID_ARGUMENT", `${where}page_token ${JSON.stringify(request.pageToken)} is not one this service issued`);
  const term = async (value: string, field: string): Promise<string | undefined> =>
    value === "" ? undefined : request.termsAreLabels ? await resolveLabel(store, value, `${where}${field}`) : value;
  const subject = await term(request.subject, "subject");
  const object = await term(request.object, "object");
  const pattern = { ...optional("subject", subject), ...optional("predicate", request.predicate || undefined), ...optional("object", object) };
  return { pattern, limit, offset, minConfidence: request.minConfidence };
}

async function readPage(store: GraphStore, plan: PlannedQuery): Promise<QueryPage> {
  const page = await store.query(plan.pattern, { limit: plan.limit, offset: plan.offset });
  return {
    triples: page.filter((t) => t.confidence >= plan.minConfidence),
    nextPageToken: page.length === plan.limit ? String(plan.offset + plan.limit) : "",
  };
}

/** The pages for the wire: the contract promises labels on reads, so one lookup for every id they mention. */
async function withLabels(store: GraphStore, pages: readonly QueryPage[]): Promise<QueryResponse[]> {
  const ids = [...new Set(pages.flatMap((p) => p.triples.flatMap((t) => [t.subject, t.predicate, t.object])))];
  const labels = new Map((ids.length ? await store.symbols(ids) : []).map((s) => [s.id, s.label]));
  const label = (id: string) => labels.get(id) ?? "";
  return pages.map((p) => ({
    triples: p.triples.map((t) => ({ ...toProtoTriple(t, store.temporalProfile(t.predicate)), subjectLabel: label(t.subject), predicateLabel: label(t.predicate), objectLabel: label(t.object) })),
    nextPageToken: p.nextPageToken,
  }));
}

/** The id of the symbol with this label; exact case first, then the first by id. */
export async function resolveLabel(store: GraphStore, label: string, field: string): Promise<string> {
  const matches = await store.symbolsByLabel([label]);
  const exact = matches.find((s) => s.label === label) ?? matches[0];
  if (!exact) throw new BusError("NOT_FOUND", `${field}: no symbol is labelled ${JSON.stringify(label)}`);
  return exact.id;
}

/** `{ key: value }`, or `{}` when the value is undefined (exactOptionalPropertyTypes). */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
