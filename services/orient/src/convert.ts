import type { Activation, ActivationQuery, ActivationResult, GraphStore, GraphSymbol, KnowledgeGap as GraphGap, TemporalProfile, Triple } from "@boyd/graph";
import {
  ActivationSource,
  GapKind,
  SymbolKind,
  TemporalKind,
  type ActivatedSymbol,
  type ActivationParams,
  type KnowledgeGap,
  type Symbol as ProtoSymbol,
  type TemporalProfile as ProtoTemporalProfile,
  type Triple as ProtoTriple,
} from "@boyd/proto";

// Graph types are free-form; the wire's coarse kind covers the common ones.
const KINDS: Record<string, SymbolKind> = {
  entity: SymbolKind.ENTITY,
  relation: SymbolKind.RELATION,
  composite: SymbolKind.COMPOSITE,
  literal: SymbolKind.LITERAL,
};

/** A graph symbol on the wire. */
export function toProtoSymbol(s: GraphSymbol): ProtoSymbol {
  return { id: s.id, label: s.label, kind: KINDS[s.kind] ?? SymbolKind.ENTITY, type: s.kind };
}

/** A wire symbol for the graph: its free-form type wins over the coarse kind. */
export function fromProtoSymbol(s: ProtoSymbol): GraphSymbol {
  const kind = s.type || (Object.entries(KINDS).find(([, k]) => k === s.kind)?.[0] ?? "entity");
  return { id: s.id, label: s.label || s.id, kind };
}

/** A graph triple on the wire, with its predicate's temporal profile. */
export function toProtoTriple(t: Triple, profile?: TemporalProfile): ProtoTriple {
  return {
    subject: t.subject,
    predicate: t.predicate,
    object: t.object,
    confidence: t.confidence,
    source: t.source,
    createdAtUnixMs: t.createdAt,
    temporal: profile ? toProtoProfile(profile) : undefined,
    subjectLabel: "",
    predicateLabel: "",
    objectLabel: "",
  };
}

function toProtoProfile(p: TemporalProfile): ProtoTemporalProfile {
  if (p.kind === "decaying") return { kind: TemporalKind.DECAYING, halfLifeMs: p.halfLifeMs, ttlMs: 0 };
  if (p.kind === "ephemeral") return { kind: TemporalKind.EPHEMERAL, halfLifeMs: 0, ttlMs: p.ttlMs };
  return { kind: TemporalKind.STABLE, halfLifeMs: 0, ttlMs: 0 };
}

/** Wire temporal profile to the graph's, or undefined when unset. */
export function fromProtoProfile(p: ProtoTemporalProfile | undefined): TemporalProfile | undefined {
  if (!p || p.kind === TemporalKind.UNSPECIFIED) return undefined;
  if (p.kind === TemporalKind.DECAYING) return { kind: "decaying", halfLifeMs: p.halfLifeMs };
  if (p.kind === TemporalKind.EPHEMERAL) return { kind: "ephemeral", ttlMs: p.ttlMs };
  return { kind: "stable" };
}

/** Wire activation parameters to a query (unset fields keep the graph's defaults). */
export function toActivationQuery(seeds: readonly string[], p: ActivationParams | undefined): ActivationQuery {
  return {
    seeds,
    ...(p?.maxDepth !== undefined ? { maxDepth: p.maxDepth } : {}),
    ...(p?.topK !== undefined ? { topK: p.topK } : {}),
    ...(p?.minConfidence !== undefined ? { minConfidence: p.minConfidence } : {}),
    ...(p?.hopDecay !== undefined ? { hopDecay: p.hopDecay } : {}),
    ...(p?.maxFanOut !== undefined ? { fanOutCap: p.maxFanOut } : {}),
    ...(p?.predicateFilter.length ? { predicates: p.predicateFilter } : {}),
    includeBookkeeping: p?.includeBookkeeping ?? false,
  };
}

/** An activation on the wire, with its symbol (looked up) and provenance. */
export function toActivatedSymbol(a: Activation, symbol: GraphSymbol | undefined, carried: Triple | undefined): ActivatedSymbol {
  const p = a.provenance;
  return {
    symbol: toProtoSymbol(symbol ?? { id: a.symbol, label: a.symbol, kind: "entity" }),
    activation: a.activation,
    provenance:
      p.kind === "seed"
        ? { source: ActivationSource.SEED, fromId: "", predicate: "", depth: 0, edgeConfidence: 0 }
        : {
            source: p.direction === "out" ? ActivationSource.GRAPH_EDGE : ActivationSource.INVERSE_EDGE,
            fromId: p.from,
            predicate: p.predicate,
            depth: p.depth,
            edgeConfidence: carried?.confidence ?? 0,
          },
  };
}

/** An activation result on the wire: activated symbols (labels looked up) and the triples that carried them. */
export async function toProtoActivations(
  store: GraphStore,
  result: ActivationResult,
): Promise<{ activations: ActivatedSymbol[]; supportingTriples: ProtoTriple[] }> {
  const symbols = new Map((await store.symbols(result.activations.map((a) => a.symbol))).map((s) => [s.id, s]));
  return {
    activations: result.activations.map((a, i) => toActivatedSymbol(a, symbols.get(a.symbol), result.supporting[i])),
    supportingTriples: result.supporting.map((t) => toProtoTriple(t)),
  };
}

/** A gap on the wire: severity is the share of peers that have the predicate. */
export function toProtoGap(g: GraphGap, label: string): KnowledgeGap {
  return {
    symbolId: g.entity,
    label,
    kind: GapKind.MISSING_PREDICATE,
    description: `${g.peersWith} of ${g.peers} other ${g.type} have "${g.predicate}" (e.g. ${g.examples.join(", ")}); ${g.entity} does not`,
    severity: g.peerShare,
    suggestedPredicates: [g.predicate],
  };
}
