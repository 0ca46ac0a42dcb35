/**
 * Cold stores: where a think's lasting observations go. The memory service
 * (facts tagged "think") in a deployment, or an array for tests and runs
 * with nowhere to keep things (seed 002's default `ColdStore`).
 */
import type { ServiceClient } from "@boyd/bus";
import type { MemoryServiceDefinition } from "@boyd/proto";
import type { ColdEntry, ColdStore } from "./types.js";

/** Memory's bounds on a fact's text (memory `KNOWLEDGE.minFactChars/maxFactChars`). */
const FACT_CHARS = { min: 10, max: 5_000 } as const;

/** A cold store that keeps entries in an array; `entries` shows them. */
export interface InMemoryColdStore extends ColdStore {
  /** Everything promoted so far, in order, with its id. */
  readonly entries: ReadonlyArray<ColdEntry & { readonly id: string; readonly question: string }>;
}

/** An in-process cold store; ids are `cold:<n>`, one per distinct text. */
export function inMemoryColdStore(): InMemoryColdStore {
  const entries: Array<ColdEntry & { id: string; question: string }> = [];
  return {
    entries,
    promote(promoted, question) {
      return Promise.resolve(
        promoted.map((e) => {
          const held = entries.find((x) => x.content === e.content);
          if (held) return held.id;
          const id = `cold:${entries.length + 1}`;
          entries.push({ ...e, id, question });
          return id;
        }),
      );
    },
  };
}

/** Options of `memoryColdStore`. */
export interface MemoryColdStoreOptions {
  /** Cycle recorded on the facts. @default 0 (a think is outside the cycle loop) */
  readonly cycle?: number | undefined;
  /** Fact tags. @default ["think"] */
  readonly tags?: readonly string[] | undefined;
}

/**
 * The memory service as the cold store: each entry becomes a fact (source
 * "think", tags ["think"]) through RecordFacts, which stores a text once
 * per agent. Memory refuses facts under 10 characters, so those are skipped
 * (id ""), and texts over 5000 are cut rather than lost.
 */
export function memoryColdStore(memory: Pick<ServiceClient<typeof MemoryServiceDefinition>, "recordFacts">, agentId: string, options: MemoryColdStoreOptions = {}): ColdStore {
  const tags = [...(options.tags ?? ["think"])];
  return {
    async promote(entries) {
      const keep = entries.map((e, i) => ({ i, content: e.content.trim().slice(0, FACT_CHARS.max) })).filter((e) => e.content.length >= FACT_CHARS.min);
      const ids = entries.map(() => "");
      if (keep.length === 0) return ids;
      const { ids: stored } = await memory.recordFacts({
        agentId,
        facts: keep.map((e) => ({ agentId, content: e.content, source: "think", tags, cycle: options.cycle ?? 0 })),
      });
      keep.forEach((e, n) => (ids[e.i] = stored[n] ?? ""));
      return ids;
    },
  };
}
