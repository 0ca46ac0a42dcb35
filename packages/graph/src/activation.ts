import { compare, compareEdges, type AdjacentEdge, type EdgeFilter, type EdgeQuery, type GraphBackend, type GraphReader } from "./backend.js";
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
  /**
   * Per predicate, in [0, 1], a factor on every offer carried by an edge with
   * that predicate: lets a caller favour the predicates relevant to its
   * question. Unlike `predicates` it does not change any node's fan.
   * @default every predicate gets `defaultPredicateWeight`
   */
  predicateWeights?: Readonly<Record<string, number>>;
  /** The weight, in [0, 1], of predicates not in `predicateWeights`. @default 1 */
  defaultPredicateWeight?: number;
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
export const ACTIVATION_DEFAULTS = { maxDepth: 1, topK: 10, minConfidence: 0.1, fanOutCap: 64, defaultPredicateWeight: 1 } as const;

/**
 * ACT-R's maximum associative strength S in S_ji = S - ln(fan_j), here
 * ln 1024 (about 6.93), so that the normalised strength (S - ln fan) / S is
 * 1 - log2(fan) / 10: every doubling of a node's fan costs a tenth of what
 * it passes on (fan 1: 1.0, 2: 0.9, 4: 0.8, 10: 0.67, 50: 0.44, 100: 0.34),
 * and at 512 edges the factor reaches {@link FAN_FLOOR}.
 *
 * ACT-R models use S of about 1.5-4, but a chunk has a handful of slots; a
 * knowledge-graph symbol has tens to thousands of edges. With S = 3 a node
 * of only 20 edges would already spread nothing, so everyday entities would
 * be cut off; S = ln 1024 keeps discriminating across the whole range seen
 * in practice and leaves only real hubs (hundreds to thousands of edges,
 * "is-a thing", a company with every employee) at the floor.
 */
export const FAN_STRENGTH = 10 * Math.LN2;

/**
 * The least fraction a node passes on, however large its fan (rather than
 * ACT-R's 0, which would make a hub a dead end). 0.1 equals the default
 * `minConfidence`: a hub asked about directly (a seed, at 1.0) still shows
 * its certain (confidence 1) neighbours at the default cut-off, while a hub
 * reached by spreading (activation below 1) no longer relays anything at
 * that cut-off, which is the point of the fan effect; a caller lowering
 * `minConfidence` still sees through hubs, faintly.
 */
export const FAN_FLOOR = 0.1;

/**
 * The fan effect: the fraction of its activation a node with `fan` edges
 * passes to each neighbour, clamp((S - ln fan) / S, FAN_FLOOR, 1) with S =
 * {@link FAN_STRENGTH}; computed as 1 - log2(fan) / 10, the same value, so
 * that small fans give round numbers (fan 2: exactly 0.9).
 */
export function fanFactor(fan: number): number {
  if (fan <= 1) return 1;
  // (S - ln fan) / S = 1 - ln(fan) / (10 ln 2) = 1 - log2(fan) / 10.
  return Math.max(FAN_FLOOR, 1 - Math.log2(fan) / 10);
}

interface Candidate {
  readonly edge: AdjacentEdge;
  /** Effective confidence: the edge's confidence after its predicate's temporal profile. */
  readonly confidence: number;
  /** confidence x predicate weight: what the offer is proportional to (confidence itself when nothing is weighted). */
  readonly strength: number;
}

/**
 * Spreading activation, the one implementation both backends share.
 *
 * Seeds start at 1.0. At each depth, every activated symbol j not yet
 * expanded spreads, at the activation it had when the depth began, along its
 * edges in both directions; the neighbour is offered
 *
 *     activation(j) x (effective confidence x weight(predicate)) x hopDecay x fanFactor(fan_j)
 *
 * (multiplied in that order, so both backends get the same bits, and an
 * offer is monotone in the edge's strength) and keeps the maximum it is
 * offered. The effective confidence is the triple's confidence after its
 * predicate's temporal profile. fan_j is j's degree as
 * the backend counts it: its edges in both directions that the query admits
 * (bookkeeping left out unless `includeBookkeeping`, only `predicates` when
 * given), whatever their confidence or weight; {@link fanFactor} turns it into
 * ACT-R's normalised associative strength (S - ln fan_j) / S, clamped to
 * [{@link FAN_FLOOR}, 1], so a hub passes on little and a node with one edge
 * passes on everything. weight is `predicateWeights[predicate]`, else
 * `defaultPredicateWeight`. Activation below `minConfidence` is not kept. A
 * node is expanded once; its fan-out is capped to its `fanOutCap` edges with
 * the strongest offers (effective confidence x weight).
 *
 * Determinism without ordering the work: activations are maxima (order-free);
 * between equal offers to one symbol the shallower provenance wins, then the
 * higher effective edge confidence, then the smaller (from, predicate,
 * direction); the fan-out cap ranks edges by (offer desc, raw confidence
 * desc, predicate, other, direction).
 *
 * Results rank by activation (desc); ties by depth (fewer hops first: the
 * more direct association), then by the effective confidence of the edge
 * that carried the activation (desc: the better-attested link), then by the
 * symbol's own fan (asc: the more specific symbol, fetched from the backend
 * only for symbols still tied), and only as a last resort by id, so the order
 * is total.
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
  const weights = predicateWeights(query);
  const now = query.now ?? Date.now();
  const predicates = query.predicates && query.predicates.length > 0 ? [...query.predicates] : undefined;
  // With no temporal profile and no uneven predicate weight in play, raw
  // confidence orders the offers, so the backend can cut each node's list at
  // the cap (Neo4j then ships no more).
  const inPlay = (p: string): boolean => !predicates || predicates.includes(p);
  const attenuates = [...profiles.keys()].some(inPlay) || [...weights.byPredicate].some(([p, w]) => w !== weights.fallback && inPlay(p));
  const filter: EdgeFilter = { predicates, excludeBookkeeping: query.includeBookkeeping !== true };
  const edgeQuery = { ...filter, limitPerNode: attenuates ? undefined : fanOutCap };
  const walk = { seeds, maxDepth, topK, fanOutCap, minConfidence, hopDecay, weights, now, filter, edgeQuery, profiles };
  // Every hop through one reader: one read transaction for the whole walk
  // where the backend has them (Neo4j), not one per hop.
  const spreadWith = (reader: GraphReader): Promise<ActivationResult> => spread(reader, walk);
  return backend.readSnapshot ? backend.readSnapshot(spreadWith) : spreadWith(backend);
}

/** A validated activation query, as {@link spread} walks it. */
interface Walk {
  readonly seeds: readonly string[];
  readonly maxDepth: number;
  readonly topK: number;
  readonly fanOutCap: number;
  readonly minConfidence: number;
  readonly hopDecay: number;
  readonly weights: Weights;
  readonly now: number;
  readonly filter: EdgeFilter;
  readonly edgeQuery: EdgeQuery;
  readonly profiles: ReadonlyMap<string, TemporalProfile>;
}

/**
 * The walk itself, depth by depth from the seeds. All its state is local, so
 * a backend may run it again when it retries a transaction.
 */
async function spread(reader: GraphReader, walk: Walk): Promise<ActivationResult> {
  const { seeds, maxDepth, topK, fanOutCap, minConfidence, hopDecay, weights, now, filter, edgeQuery, profiles } = walk;
  const nodes = new Map<string, NodeState>();
  for (const s of seeds) nodes.set(s, { activation: 1, provenance: { kind: "seed" }, triple: undefined, depth: 0, confidence: 1 });
  // Each expanded node's fan, reused when ranking ties.
  const fans = new Map<string, number>();
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
    const hop = await reader.edgesOf(
      frontier.map((f) => f.id),
      { ...edgeQuery, prune: { floor, hopDecay, activations: new Map(frontier.map((f) => [f.id, f.a])) } },
    );
    for (const { id, a } of frontier) {
      const { edges, degree } = hop.get(id) ?? { edges: [], degree: 0 };
      fans.set(id, degree);
      const fan = fanFactor(degree);
      for (const { edge, confidence, strength } of strongest(edges, fanOutCap, profiles, now, weights)) {
        const offered = a * strength * hopDecay * fan;
        // Candidates come strongest first, so no later one can do better.
        if (offered < floor) break;
        const state = nodes.get(edge.other);
        if (!state) {
          nodes.set(edge.other, { activation: offered, provenance: via(id, edge, depth), triple: edge.triple, depth, confidence });
          pending.push(edge.other);
        } else if (offered > state.activation || (offered === state.activation && state.provenance.kind === "edge" && beats(id, edge, depth, confidence, state))) {
          state.activation = offered;
          state.provenance = via(id, edge, depth);
          state.triple = edge.triple;
          state.depth = depth;
          state.confidence = confidence;
        }
      }
    }
  }

  const ranked = await rank(
    [...nodes].filter(([id]) => !seedSet.has(id)),
    topK,
    fans,
    (ids) => reader.degrees(ids, filter),
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
  /** Hops from the nearest seed along the kept provenance (0 for a seed). */
  depth: number;
  /** Effective confidence of the edge that carried the kept activation (1 for a seed). */
  confidence: number;
}

interface Weights {
  readonly byPredicate: ReadonlyMap<string, number>;
  readonly fallback: number;
}

/** The query's predicate weights, validated: each in [0, 1], naming the predicate that is not. */
function predicateWeights(query: ActivationQuery): Weights {
  const fallback = query.defaultPredicateWeight ?? ACTIVATION_DEFAULTS.defaultPredicateWeight;
  if (typeof fallback !== "number" || !(fallback >= 0 && fallback <= 1)) {
    throw invalid(`defaultPredicateWeight must be a number in [0, 1], got ${String(fallback)}`);
  }
  const byPredicate = new Map<string, number>();
  for (const [predicate, weight] of Object.entries(query.predicateWeights ?? {})) {
    if (typeof weight !== "number" || !(weight >= 0 && weight <= 1)) {
      throw invalid(`predicateWeights: the weight of predicate ${JSON.stringify(predicate)} must be a number in [0, 1], got ${String(weight)}`);
    }
    byPredicate.set(predicate, weight);
  }
  return { byPredicate, fallback };
}

function via(from: string, edge: AdjacentEdge, depth: number): Provenance {
  return { kind: "edge", from, predicate: edge.triple.predicate, direction: edge.direction, depth };
}

/** Between equal offers: the shallower one, then the higher edge confidence, then the smaller (from, predicate, direction). */
function beats(from: string, edge: AdjacentEdge, depth: number, confidence: number, current: NodeState): boolean {
  const held = current.provenance as Extract<Provenance, { kind: "edge" }>;
  return (
    (depth - current.depth ||
      current.confidence - confidence ||
      compare(from, held.from) ||
      compare(edge.triple.predicate, held.predicate) ||
      compare(edge.direction, held.direction)) < 0
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

type Entry = [string, NodeState];

/** Activation desc, then depth asc, then edge confidence desc: the tie-breaks known without asking the backend. */
function byStrength(x: NodeState, y: NodeState): number {
  return y.activation - x.activation || x.depth - y.depth || y.confidence - x.confidence;
}

/**
 * The top `k` by (activation desc, depth, edge confidence desc, own fan,
 * id). Fans are needed only where the first three tie; those not known from
 * expansion are fetched in one batch, only for the tied symbols that can
 * still reach the top k.
 */
async function rank(entries: Entry[], k: number, fans: Map<string, number>, degrees: (ids: string[]) => Promise<Map<string, number>>): Promise<Entry[]> {
  const top = best(entries, k, (x, y) => byStrength(x[1], y[1]) || compare(x[0], y[0]));
  if (top.length === 0) return top;
  // Anything tied with the k-th on strength may still enter on its fan.
  const last = top[top.length - 1]![1];
  const pool = top.length < k ? top : [...top.filter(([, s]) => byStrength(s, last) !== 0), ...entries.filter(([, s]) => byStrength(s, last) === 0)];
  pool.sort((x, y) => byStrength(x[1], y[1]) || compare(x[0], y[0]));
  const missing: string[] = [];
  pool.forEach(([id, s], i) => {
    const tied = (i > 0 && byStrength(pool[i - 1]![1], s) === 0) || (i + 1 < pool.length && byStrength(s, pool[i + 1]![1]) === 0);
    if (tied && !fans.has(id)) missing.push(id);
  });
  if (missing.length > 0) for (const [id, fan] of await degrees(missing)) fans.set(id, fan);
  // Every symbol compared on its fan is in a tied group, so its fan is known by now.
  const fanOf = (id: string): number => fans.get(id)!;
  return pool
    .sort((x, y) => byStrength(x[1], y[1]) || fanOf(x[0]) - fanOf(y[0]) || compare(x[0], y[0]))
    .slice(0, k);
}

/** The top `k` entries in `order`, without sorting everything. */
function best(entries: Entry[], k: number, order: (x: Entry, y: Entry) => number): Entry[] {
  const top: Entry[] = [];
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
 * A node's `cap` edges with the strongest offers (effective confidence x
 * predicate weight). The list comes in raw-confidence order and attenuation
 * and weights only lower a confidence, so the scan stops once no remaining
 * edge can reach the weakest one kept: a hub costs O(cap), not O(degree).
 */
function strongest(edges: readonly AdjacentEdge[], cap: number, profiles: ReadonlyMap<string, TemporalProfile>, now: number, weights: Weights): Candidate[] {
  const kept: Candidate[] = [];
  const weighted = weights.byPredicate.size > 0 || weights.fallback !== 1;
  for (const edge of edges) {
    if (kept.length >= cap && edge.triple.confidence < kept[kept.length - 1]!.strength) break;
    const profile = profiles.size === 0 ? undefined : profiles.get(edge.triple.predicate);
    const confidence = effectiveConfidence(edge.triple, profile, now);
    const strength = weighted ? confidence * (weights.byPredicate.get(edge.triple.predicate) ?? weights.fallback) : confidence;
    if (strength <= 0) continue;
    // Insert in (strength desc, then edge order) position; drop past the cap.
    const candidate = { edge, confidence, strength };
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
