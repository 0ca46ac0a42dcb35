import type { ListProvenanceRequest, ProvenanceRecord } from "@boyd/proto";
import { PROVENANCE } from "./constants.js";
import { invalid } from "./errors.js";
import { checkLimit, checkRequired, checkSameAgent, checkUnit } from "./validate.js";

/** Checks a record about to be stored, naming the field. */
export function checkProvenance(r: ProvenanceRecord, agentId: string, field: string): void {
  checkSameAgent(r.agentId, agentId, `${field}.agent_id`);
  checkRequired(r.derivedId, `${field}.derived_id`);
  checkUnit(r.confidence, `${field}.confidence`);
  r.supportingTriples.forEach((t, j) => {
    if (!t.subject || !t.predicate || !t.object) throw invalid(`${field}.supporting_triples[${j}]`, "needs subject, predicate and object");
  });
}

/** How records are stamped before they are stored. */
export interface ProvenanceStamp {
  readonly newId: () => string;
  readonly now: () => number;
}

/**
 * Records about to be stored, as RecordProvenance and Remember store them:
 * each checked (fields named under `field`, e.g. records[0].derived_id),
 * then given the agent, an id when it has none and a time when it has
 * none. An id given twice is refused. Throws before anything is written.
 */
export function stampProvenance(records: readonly ProvenanceRecord[], agentId: string, field: string, stamp: ProvenanceStamp): ProvenanceRecord[] {
  records.forEach((r, i) => checkProvenance(r, agentId, `${field}[${i}]`));
  const stamped = records.map((r) => ({ ...r, agentId, id: r.id || stamp.newId(), createdAtUnixMs: r.createdAtUnixMs || stamp.now() }));
  const seen = new Set<string>();
  stamped.forEach((r, i) => {
    if (seen.has(r.id)) throw invalid(`${field}[${i}].id`, `${JSON.stringify(r.id)} appears twice`);
    seen.add(r.id);
  });
  return stamped;
}

/** Whether a record mentions a symbol: as what it explains, among its sources, or in a supporting triple. */
function mentions(r: ProvenanceRecord, symbol: string): boolean {
  return r.derivedId === symbol || r.sourceIds.includes(symbol) || r.supportingTriples.some((t) => t.subject === symbol || t.object === symbol);
}

/** Filters records (oldest first) and pages through them with an offset cursor. */
export function listProvenance(records: readonly ProvenanceRecord[], request: ListProvenanceRequest): { records: ProvenanceRecord[]; nextPageToken: string } {
  const limit = checkLimit(request.limit, "limit", PROVENANCE.defaultLimit, PROVENANCE.maxLimit);
  const offset = request.pageToken ? Number(request.pageToken) : 0;
  if (!Number.isInteger(offset) || offset < 0) throw invalid("page_token", `${JSON.stringify(request.pageToken)} is not one this service issued`);
  if (request.toCycle !== 0 && request.toCycle < request.fromCycle) throw invalid("to_cycle", `${request.toCycle} is before from_cycle ${request.fromCycle}`);
  const matching = records.filter(
    (r) =>
      (request.derivedId === "" || r.derivedId === request.derivedId) &&
      (request.kind === 0 || r.kind === request.kind) &&
      r.cycle >= request.fromCycle &&
      (request.toCycle === 0 || r.cycle <= request.toCycle) &&
      (request.symbol === "" || mentions(r, request.symbol)),
  );
  const page = matching.slice(offset, offset + limit);
  return { records: page, nextPageToken: offset + limit < matching.length ? String(offset + limit) : "" };
}
