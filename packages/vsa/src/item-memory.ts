import { randomVector, type Hypervector } from "./hypervector.js";
import { Prng } from "./random.js";

// Item memory: each token's vector is generated from a seed hashed from the
// token, so it never has to be stored or shared; a bounded cache only saves
// the ~10 µs of generating it again.
const CACHE_LIMIT = 50_000;
const cache = new Map<string, Hypervector>();

/**
 * The item vector of a token: random-looking, independent of every other
 * token's, and identical in every process and run. Callers must not modify
 * the returned vector (it is shared through the cache).
 */
export function itemVector(token: string): Hypervector {
  let v = cache.get(token);
  if (v === undefined) {
    v = randomVector(Prng.fromToken(token));
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(token, v);
  }
  return v;
}
