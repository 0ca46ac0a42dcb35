import { compare, compareEdges, type AdjacentEdge, type GraphBackend } from "./backend.js";
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
  /** Multiplies every hop's offer (1 = no decay beyond edge confidences). @default 1 */
  hopDecay?: number;
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
  /** How many symbols spread (were expanded). */
  readonly expanded: number;
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
 * Determinism without ordering the work: activations are maxima (order-free);
 * between equal offers the provenance with the smaller (from, predicate,
 * direction) wins; the fan-out cap ranks edges by (strength desc, predicate,
 * other, direction); results rank by (activation desc, id).
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
  const hopDecay = query.hopDecay ?? 1;
  if (!(hopDecay > 0 && hopDecay <= 1)) throw invalid("hopDecay must be in (0, 1]");
  const now = query.now ?? Date.now();
  const predicates = query.predicates && query.predicates.length > 0 ? [...query.predicates] : undefined;
  // With no temporal profile in play, raw confidence is the strength, so the
  // backend can cut each node's list at the cap (Neo4j then ships no more).
  const attenuates = predicates ? predicates.some((p) => profiles.has(p)) : profiles.size > 0;
  const edgeQuery = { predicates, excludeBookkeeping: query.includeBookkeeping !== true, limitPerNode: attenuates ? undefined : fanOutCap };

  const nodes = new Map<string, NodeState>();
  for (const s of seeds) nodes.set(s, { activation: 1, provenance: { kind: "seed" }, triple: undefined });
  // Activated but not yet expanded: exactly what the next depth spreads from.
  let pending: string[] = [...seeds];

  const seedSet = new Set(seeds);
  let expanded = 0;
  for (let depth = 1; depth <= maxDepth && pending.length > 0; depth++) {
    // At the last depth nothing spreads further, so an offer can only matter
    // by entering the top k: anything below the k-th activation already held
    // (activations never fall) cannot, and is skipped, as is a frontier node
    // too weak to make such an offer. The result is exactly the same.
    const floor = depth === maxDepth ? Math.max(minConfidence, kthActivation(nodes, seedSet, topK)) : minConfidence;
    const frontier = pending.map((id) => ({ id, a: nodes.get(id)!.activation })).filter((f) => f.a >= floor);
    pending = [];
    if (frontier.length === 0) break;
    expanded += frontier.length;
    const edges = await backend.edgesOf(
      frontier.map((f) => f.id),
      edgeQuery,
    );
    for (const { id, a } of frontier) {
      for (const { edge, strength } of strongest(edges.get(id) ?? [], fanOutCap, profiles, now)) {
        const offered = a * strength * hopDecay;
        if (offered < floor) continue;
        const state = nodes.get(edge.other);
        if (!state) {
          nodes.set(edge.other, { activation: offered, provenance: via(id, edge, depth), triple: edge.triple });
          pending.push(edge.other);
        } else if (offered > state.activation || (offered === state.activation && state.provenance.kind === "edge" && beats(id, edge, depth, state.provenance))) {
          state.activation = offered;
          state.provenance = via(id, edge, depth);
          state.triple = edge.triple;
        }
      }
    }
  }

  const ranked = best(
    [...nodes].filter(([id]) => !seedSet.has(id)),
    topK,
  );
  return {
    activations: ranked.map(([symbol, s]) => ({ symbol, activation: s.activation, provenance: s.provenance })),
    supporting: ranked.map(([, s]) => s.triple!),
    expanded,
  };
}

interface NodeState {
  activation: number;
  provenance: Provenance;
  triple: Triple | undefined;
}

function via(from: string, edge: AdjacentEdge, depth: number): Provenance {
  return { kind: "edge", from, predicate: edge.triple.predicate, direction: edge.direction, depth };
}

/** Between equal offers: the shallower one, then the smaller (from, predicate, direction). */
function beats(from: string, edge: AdjacentEdge, depth: number, current: Extract<Provenance, { kind: "edge" }>): boolean {
  return (
    (depth - current.depth || compare(from, current.from) || compare(edge.triple.predicate, current.predicate) || compare(edge.direction, current.direction)) < 0
  );
}

/** The k-th highest activation among non-seed nodes, or 0 when fewer are active. */
function kthActivation(nodes: ReadonlyMap<string, NodeState>, seeds: ReadonlySet<string>, k: number): number {
  if (nodes.size - seeds.size < k) return 0;
  const top: number[] = [];
  for (const [id, s] of nodes) {
    if (seeds.has(id)) continue;
    if (top.length === k && s.activation <= top[k - 1]!) continue;
    let i = Math.min(top.length, k - 1);
    while (i > 0 && top[i - 1]! < s.activation) {
      top[i] = top[i - 1]!;
      i--;
    }
    top[i] = s.activation;
  }
  return top.length === k ? top[k - 1]! : 0;
}

/** The top `k` entries by (activation desc, id), without sorting everything. */
function best(entries: [string, NodeState][], k: number): [string, NodeState][] {
  const order = (x: [string, NodeState], y: [string, NodeState]): number => y[1].activation - x[1].activation || compare(x[0], y[0]);
  const top: [string, NodeState][] = [];
  for (const e of entries) {
    if (top.length === k && order(e, top[k - 1]!) >= 0) continue;
    let i = top.length < k ? top.length : k - 1;
    while (i > 0 && order(e, top[i - 1]!) < 0) {
      if (i < k) top[i] = top[i - 1]!;
      i--;
    }
    top[i] = e;
    if (top.length > k) top.length = k;
  }
  return top;
}

/**
 * A node's strongest `cap` edges by effective confidence. The list comes in
 * raw-confidence order and attenuation only lowers a confidence, so the scan
 * stops once no remaining edge can reach the weakest one kept: a hub costs
 * O(cap), not O(degree).
 */
function strongest(edges: readonly AdjacentEdge[], cap: number, profiles: ReadonlyMap<string, TemporalProfile>, now: number): Candidate[] {
  const kept: Candidate[] = [];
  for (const edge of edges) {
    if (kept.length >= cap && edge.triple.confidence < kept[kept.length - 1]!.strength) break;
    const profile = profiles.size === 0 ? undefined : profiles.get(edge.triple.predicate);
    const strength = effectiveConfidence(edge.triple, profile, now);
    if (strength <= 0) continue;
    // Insert in (strength desc, then edge order) position; drop past the cap.
    const candidate = { edge, strength };
    let i = kept.length;
    while (i > 0 && (kept[i - 1]!.strength < strength || (kept[i - 1]!.strength === strength && compareEdges(kept[i - 1]!.edge, edge) > 0))) i--;
    if (i >= cap) continue;
    kept.splice(i, 0, candidate);
    if (kept.length > cap) kept.pop();
  }
  return kept;
}

function positiveInt(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw invalid(`${name} must be a positive integer, got ${value}`);
  return value;
}
