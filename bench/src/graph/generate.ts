import type { TripleInput } from "@boyd/graph";
import { seededRandom } from "@boyd/testkit";

/** The shape of a generated graph. */
export type GraphShape = "uniform" | "hub-heavy";

/** The predicates of a generated graph, used in turn (each holds a fifth of the triples). */
export const PREDICATES = ["related-to", "is-a", "part-of", "has-a", "similar-to"];

/**
 * Generates `edges` triples over edges/10 nodes. Uniform: endpoints drawn
 * evenly. Hub-heavy: endpoints drawn with a cubic skew, so a few low-numbered
 * nodes hold a large share of all edges, as real knowledge graphs do.
 */
export function* generateTriples(edges: number, shape: GraphShape, seed = 42): Generator<TripleInput> {
  const nodes = Math.max(10, Math.floor(edges / 10));
  const random = seededRandom(seed);
  const pick = shape === "uniform" ? () => Math.floor(random() * nodes) : () => Math.floor(random() ** 3 * nodes);
  for (let i = 0; i < edges; i++) {
    const s = pick();
    let o = pick();
    if (o === s) o = (o + 1) % nodes;
    yield {
      subject: `n${s}`,
      predicate: PREDICATES[i % PREDICATES.length]!,
      object: `n${o}`,
      confidence: 0.3 + 0.7 * random(),
      source: "bench",
      createdAt: 0,
    };
  }
}

/** Seeds for activation: fixed, spread over the id range. */
export function seedsFor(edges: number, count = 5): string[] {
  const nodes = Math.max(10, Math.floor(edges / 10));
  return Array.from({ length: count }, (_, i) => `n${Math.floor(((i + 0.5) / count) * nodes)}`);
}
