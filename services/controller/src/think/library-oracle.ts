/**
 * The act service's `library_search` tool as a think oracle: each query is
 * one Act call, so it passes through the same safety guardian, audit and
 * idempotency ledger as any other action of the agent.
 */
import { BusError, type ServiceClient } from "@boyd/bus";
import { type ActServiceDefinition, ApprovalMode } from "@boyd/proto";
import type { OracleAnswer, OracleHit, ThinkOracle } from "./types.js";

/** Options of `librarySearchOracle`. */
export interface LibraryOracleOptions {
  /** Passages per query. @default 3 */
  readonly topK?: number | undefined;
  /** Passages less similar than this are dropped (library_search's min_similarity). @default 0 */
  readonly minSimilarity?: number | undefined;
  /**
   * Cycle number of the calls; each query is step 0, 1, 2... of it. Act
   * replays a repeated (agent, cycle, step) from its ledger, so two thinks
   * must not share a cycle. @default Date.now() when the oracle is made
   */
  readonly cycle?: number | undefined;
  /** Approval mode of the calls; library_search is read-only. @default UNSPECIFIED (the policy's) */
  readonly approvalMode?: ApprovalMode | undefined;
}

interface LibraryHit {
  passage?: unknown;
  document?: unknown;
  similarity?: unknown;
}

/** Reads library_search's `data.hits`; tolerant, since dataJson is a loose contract. */
function hitsOf(dataJson: string): OracleHit[] {
  if (!dataJson) return [];
  let data: unknown;
  try {
    data = JSON.parse(dataJson);
  } catch {
    return [];
  }
  const hits = (data as { hits?: unknown } | null)?.hits;
  if (!Array.isArray(hits)) return [];
  return (hits as LibraryHit[])
    .filter((h) => typeof h.passage === "string")
    .map((h) => ({ passage: h.passage as string, source: typeof h.document === "string" ? h.document : "", score: typeof h.similarity === "number" ? h.similarity : 0 }));
}

/**
 * An oracle over `library_search`. The observation is the passages
 * themselves, one per line, not the tool's numbered listing: the numbers,
 * titles and similarity figures are not evidence about the question.
 *
 * @throws BusError from the call, or FAILED_PRECONDITION when act refused
 *   or the tool failed (the message is act's).
 */
export function librarySearchOracle(act: Pick<ServiceClient<typeof ActServiceDefinition>, "act">, agentId: string, options: LibraryOracleOptions = {}): ThinkOracle {
  const cycle = options.cycle ?? Date.now();
  const input = { top_k: options.topK ?? 3, min_similarity: options.minSimilarity ?? 0 };
  let step = 0;
  return {
    async search(query: string): Promise<OracleAnswer> {
      const n = step++;
      const { result } = await act.act({
        agentId,
        approvalMode: options.approvalMode ?? ApprovalMode.UNSPECIFIED,
        decision: { agentId, cycle, call: { toolName: "library_search", inputJson: JSON.stringify({ query, ...input }), idempotencyKey: { agentId, cycle, step: n } } },
      });
      const out = result?.output;
      if (!out?.success) throw new BusError("FAILED_PRECONDITION", `library_search failed: ${out?.error?.message ?? "no result"}`);
      const hits = hitsOf(out.dataJson);
      return { text: hits.map((h) => h.passage).join("\n"), hits };
    },
  };
}
