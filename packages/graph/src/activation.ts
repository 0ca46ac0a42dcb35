import type { AdjacentEdge, GraphBackend } from "./backend.js";
import { isBookkeepingPredicate, isBookkeepingSymbol } from "./bookkeeping.js";
import { invalid } from "./errors.js";
import { effectiveConfidence, type TemporalProfile, type Triple } from "./model.js";

/** A spreading-activation request. */
export interface ActivationQuery {
  /** Where activation starts, each at 1.0. At least one. */
  seeds: readonly string[];
  /** Hops from the seeds. @default 1 */
  maxDepth?: number;
  /** How many activated symbols to return. @default 10 */
  topK?: number;
  /** Activation below this neither counts nor spreads. @default 0.1 */
  minConfidence?: number;
  /** Only these predicates carry activation. @default all */
  predicates?: readonly string[];
  /** Per node, only the strongest this-many edges spread (bounds hubs). @default 64 */
  fanOutCap?: number;
  /** Let bookkeeping symbols (goal:, status:, agent: ...) be activated. @default false */
  includeBookkeeping?: boolean;
  /** The time temporal profiles are evaluated at, unix ms. @default now */
  now?: number;
}

/** Why a symbol is active: it is a seed, or an edge from an active symbol reached it. */
export type Provenance =
  | { readonly kind: "seed" }
  | {
      readonly kind: "edge";
      readonly from: string;
      readonly predicate: string;
      /** `out`: (from, predicate, symbol); `in`: (symbol, predicate, from). */
      readonly direction: "out" | "in";
      readonly depth: number;
    };

/** One activated symbol. */
export interface Activation {
  readonly symbol: string;
  readonly activation: number;
  readonly provenance: Provenance;
}

/** The result: activated symbols (seeds excluded), strongest first, and the triples that carried them. */
export interface ActivationResult {
  readonly activations: Activation[];
  /** For each returned activation, the triple its provenance names, in the same order. */
  readonly supporting: Triple[];
}

/** Defaults of {@link ActivationQuery}, fixed here so every backend and caller agrees. */
export const ACTIVATION_DEFAULTS = { maxDepth: 1, topK: 10, minConfidence: 0.1, fanOutCap: 64 } as const;

interface Candidate {
  readonly edge: AdjacentEdge;
  readonly strength: number;
}

/**
 * Spreading activation, the one implementation both backends share.
 *
 * Seeds start at 1.0. At each depth, every activated symbol not yet expanded
 * spreads, at the activation it had when the depth began, along its edges in
 * both directions: the neighbour receives parent x effective confidence, and
 * keeps the maximum it is offered. Activation below `minConfidence` is not
 * kept. A node is expanded once; its fan-out is capped to its strongest edges.
 *
 * Determinism: the frontier is visited by (activation desc, id), a node's
 * edges by (strength desc, predicate, other, direction), and results sorted by
 * (activation desc, id); an equal offer never replaces an earlier one.
 */
export async function spreadActivation(
  backend: GraphBackend,
  query: ActivationQuery,
  profiles: ReadonlyMap<string, TemporalProfile>,
): Promise<ActivationResult> {
  const seeds = [...new Set(query.seeds)].sort();
  if (seeds.length === 0) throw invalid("activation needs at least one seed");
  const maxDepth = positiveInt(query.maxDepth ?? ACTIVATION_DEFAULTS.maxDepth, "maxDepth");
  const topK = positiveInt(query.topK ?? ACTIVATION_DEFAULTS.topK, "topK");
  const fanOutCap = positiveInt(query.fanOutCap ?? ACTIVATION_DEFAULTS.fanOutCap, "fanOutCap");
  const minConfidence = query.minConfidence ?? ACTIVATION_DEFAULTS.minConfidence;
  if (!(minConfidence >= 0 && minConfidence <= 1)) throw invalid("minConfidence must be in [0, 1]");
  const now = query.now ?? Date.now();
  const predicates = query.predicates && query.predicates.length > 0 ? [...query.predicates] : undefined;
  const admits = (edge: AdjacentEdge): boolean =>
    query.includeBookkeeping === true || (!isBookkeepingSymbol(edge.other) && !isBookkeepingPredicate(edge.triple.predicate));

  const activation = new Map<string, number>();
  const provenance = new Map<string, Provenance>();
  const carriedBy = new Map<string, Triple>();
  for (const s of seeds) {
    activation.set(s, 1);
    provenance.set(s, { kind: "seed" });
  }
  const expanded = new Set<string>();

  for (let depth = 1; depth <= maxDepth; depth++) {
    const frontier = [...activation]
      .filter(([id, a]) => !expanded.has(id) && a >= minConfidence)
      .sort(byActivationThenId)
      .map(([id, a]) => ({ id, a }));
    if (frontier.length === 0) break;
    for (const f of frontier) expanded.add(f.id);
    const edges = await backend.edgesOf(
      frontier.map((f) => f.id),
      predicates,
    );
    for (const { id, a } of frontier) {
      for (const { edge, strength } of strongest(edges.get(id) ?? [], fanOutCap, profiles, now, admits)) {
        const offered = a * strength;
        if (offered < minConfidence) continue;
        if (offered > (activation.get(edge.other) ?? 0)) {
          activation.set(edge.other, offered);
          provenance.set(edge.other, { kind: "edge", from: id, predicate: edge.triple.predicate, direction: edge.direction, depth });
          carriedBy.set(edge.other, edge.triple);
        }
      }
    }
  }

  const seedSet = new Set(seeds);
  const ranked = [...activation].filter(([id]) => !seedSet.has(id)).sort(byActivationThenId).slice(0, topK);
  return {
    activations: ranked.map(([symbol, a]) => ({ symbol, activation: a, provenance: provenance.get(symbol)! })),
    supporting: ranked.map(([symbol]) => carriedBy.get(symbol)!),
  };
}

/** A node's edges that may spread, strongest first, at most `cap`. */
function strongest(
  edges: readonly AdjacentEdge[],
  cap: number,
  profiles: ReadonlyMap<string, TemporalProfile>,
  now: number,
  admits: (edge: AdjacentEdge) => boolean,
): Candidate[] {
  const candidates: Candidate[] = [];
  for (const edge of edges) {
    if (!admits(edge)) continue;
    const strength = effectiveConfidence(edge.triple, profiles.get(edge.triple.predicate), now);
    if (strength > 0) candidates.push({ edge, strength });
  }
  candidates.sort(
    (x, y) =>
      y.strength - x.strength ||
      compare(x.edge.triple.predicate, y.edge.triple.predicate) ||
      compare(x.edge.other, y.edge.other) ||
      compare(x.edge.direction, y.edge.direction),
  );
  return candidates.length > cap ? candidates.slice(0, cap) : candidates;
}

function byActivationThenId(x: [string, number], y: [string, number]): number {
  return y[1] - x[1] || compare(x[0], y[0]);
}

/** Code-unit order, the same in every process (unlike localeCompare). */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function positiveInt(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw invalid(`${name} must be a positive integer, got ${value}`);
  return value;
}
