import { createClient, type ServiceClient, type Transport } from "@boyd/bus";
import { OrientServiceDefinition, SymbolKind, type EpisodicEntry, type Fact, type Symbol as ProtoSymbol, type Triple } from "@boyd/proto";
import { CONSOLIDATION } from "./constants.js";
import { cut } from "./working-memory.js";

/**
 * What memory needs from the knowledge graph. Every method is best effort:
 * an implementation reports a failure through its own channel and returns
 * the empty answer, so memory keeps working while the graph is away.
 */
export interface GraphLink {
  /** Objects of the goals' out-triples (for the 0.8 goal relevance); undefined when the graph cannot be asked. */
  goalNeighbours(agentId: string, goalIds: readonly string[]): Promise<Set<string> | undefined>;
  /** Triples touching each symbol, in and out (for novelty); undefined when the graph cannot be asked. */
  degrees(agentId: string, symbols: readonly string[]): Promise<Map<string, number> | undefined>;
  /** Writes episodes as nodes linked to what they learned; whether it worked. */
  linkEpisodes(agentId: string, episodes: readonly EpisodicEntry[]): Promise<boolean>;
  /** Writes facts as nodes linked to their source, tags and the symbols they are about; whether it worked. */
  linkFacts(agentId: string, facts: readonly { fact: Fact; about: readonly string[] }[]): Promise<boolean>;
}

/** Options of {@link orientGraphLink}. */
export interface OrientGraphLinkOptions {
  /** Deadline of one orient call, ms. @default 2000 */
  timeoutMs?: number;
  /** Told each time orient could not be reached or refused a call; memory goes on without the graph. */
  onUnavailable?: (operation: string, error: unknown) => void;
}

/** Predicates memory writes; the `agent:` prefix keeps them out of spreading activation. */
export const MEMORY_PREDICATES = {
  learned: "agent:learned",
  hasTag: "agent:has_tag",
  memoryType: "agent:memory_type",
  consolidationReason: "agent:consolidation_reason",
  fromSource: "agent:from_source",
  about: "agent:about",
} as const;

/** A GraphLink over the orient service's Query and Mutate rpcs. */
export function orientGraphLink(transport: Transport, options: OrientGraphLinkOptions = {}): GraphLink {
  return graphLinkFromClient(createClient(transport, OrientServiceDefinition, { timeoutMs: options.timeoutMs ?? 2_000 }), options);
}

/** A GraphLink over an existing orient client. */
export function graphLinkFromClient(client: ServiceClient<typeof OrientServiceDefinition>, options: OrientGraphLinkOptions = {}): GraphLink {
  const attempt = async <T>(operation: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (err) {
      options.onUnavailable?.(operation, err);
      return undefined;
    }
  };
  const limit = CONSOLIDATION.degreeProbeLimit;
  return {
    goalNeighbours: (agentId, goalIds) =>
      attempt("goal neighbours", async () => {
        const pages = await Promise.all(goalIds.map((g) => client.query({ agentId, subject: g, limit })));
        return new Set(pages.flatMap((p) => p.triples.map((t) => t.object)));
      }),
    degrees: (agentId, symbols) =>
      attempt("symbol degrees", async () => {
        const counts = await Promise.all(
          symbols.map(async (s) => {
            const [out, inc] = await Promise.all([client.query({ agentId, subject: s, limit }), client.query({ agentId, object: s, limit })]);
            return [s, out.triples.length + inc.triples.length] as const;
          }),
        );
        return new Map(counts);
      }),
    linkEpisodes: async (agentId, episodes) =>
      episodes.length === 0 ||
      (await attempt("link episodes", async () => {
        await client.mutate({ agentId, upsertSymbols: episodes.map((e) => entity(e.symbolId, e.summary, "episode")), add: episodes.flatMap(episodeTriples) });
        return true;
      })) === true,
    linkFacts: async (agentId, facts) =>
      facts.length === 0 ||
      (await attempt("link facts", async () => {
        await client.mutate({ agentId, upsertSymbols: facts.map(({ fact }) => entity(fact.id, fact.content, "fact")), add: facts.flatMap(({ fact, about }) => factTriples(fact, about)) });
        return true;
      })) === true,
  };
}

function entity(id: string, label: string, type: string): ProtoSymbol {
  return { id, label: cut(label.replace(/\s+/g, " ").trim(), CONSOLIDATION.graphLabelChars) || id, kind: SymbolKind.ENTITY, type };
}

function triple(subject: string, predicate: string, object: string, confidence: number, source: string, createdAtUnixMs: number): Triple {
  return { subject, predicate, object, confidence, source, createdAtUnixMs, temporal: undefined, subjectLabel: "", predicateLabel: "", objectLabel: "" };
}

/** The triples of one episode, as akh-medu writes them (learned, has_tag, memory_type), at confidence = score. */
export function episodeTriples(e: EpisodicEntry): Triple[] {
  const c = Math.min(1, Math.max(0, e.relevanceScore));
  const t = (p: string, o: string) => triple(e.symbolId, p, o, c, "memory:consolidation", e.timestampUnixMs);
  return [
    ...e.learnings.map((s) => t(MEMORY_PREDICATES.learned, s)),
    ...e.tags.map((tag) => t(MEMORY_PREDICATES.hasTag, `tag:${tag}`)),
    t(MEMORY_PREDICATES.memoryType, "episodic_memory"),
    ...(e.consolidationReason ? [t(MEMORY_PREDICATES.consolidationReason, `reason:${e.consolidationReason}`)] : []),
  ];
}

/** The triples of one fact: its source, its tags, and what it is about; the triple source is the fact's source. */
export function factTriples(f: Fact, about: readonly string[]): Triple[] {
  const t = (p: string, o: string) => triple(f.id, p, o, 1, f.source || "memory:fact", f.createdAtUnixMs);
  return [
    t(MEMORY_PREDICATES.memoryType, "fact_memory"),
    ...(f.source ? [t(MEMORY_PREDICATES.fromSource, f.source)] : []),
    ...f.tags.map((tag) => t(MEMORY_PREDICATES.hasTag, `tag:${tag}`)),
    ...about.map((s) => t(MEMORY_PREDICATES.about, s)),
  ];
}
