import { canonicalPredicate, predicateTokens } from "@boyd/graph";
import { containedBy, CONTAINMENT, placesItsSubject, roleOf, type Edge } from "./facts.js";
import { WORD_MATCH_THRESHOLD, wordScore } from "./relation-match.js";
import type { FoundAnswer } from "./result.js";

// Paths through places: down from a place into the places within it, up
// from a place to the places it is within, and which facts name a place.

/** A path read as an answer, as far as places are concerned. */
interface PlacedCandidate {
  readonly anchor: string;
  readonly hops: readonly { predicate: string; direction: "out" | "in" }[];
  readonly answers: readonly FoundAnswer[];
  readonly unsure: readonly string[];
}

/** How many of a path's first facts go down from the anchor into the places within it (`?y1 located_in england`). */
export function placesWithin(hops: PlacedCandidate["hops"]): number {
  let n = 0;
  while (n < hops.length && hops[n]!.direction === "in" && CONTAINMENT.has(canonicalPredicate(hops[n]!.predicate))) n++;
  return n;
}

/**
 * "Which monarchs were born in England?": born in Oxford, in England, and
 * in Greenwich, in London, in England, are one reading, though each depth
 * of places is a path of its own; the shortest wins, and the answers of the
 * deeper ones (the same facts after the places) are added to it.
 */
export function withPlacesDeeper<C extends PlacedCandidate>(best: C, judged: readonly C[]): C {
  const within = placesWithin(best.hops);
  const rest = best.hops.slice(within);
  const sameRest = (c: C): boolean => {
    const k = placesWithin(c.hops);
    return c.anchor === best.anchor && k > within && c.hops.length - k === rest.length && rest.every((h, i) => h.predicate === c.hops[k + i]!.predicate && h.direction === c.hops[k + i]!.direction);
  };
  const seen = new Set(best.answers.map((a) => a.id));
  const deeperPaths = judged.filter(sameRest);
  const deeper = deeperPaths.flatMap((c) => c.answers).filter((a) => !seen.has(a.id) && (seen.add(a.id), true));
  const unsure = [...new Set([...best.unsure, ...deeperPaths.flatMap((c) => c.unsure)])];
  return deeper.length === 0 && unsure.length === best.unsure.length ? best : { ...best, answers: [...best.answers, ...deeper], unsure };
}

/**
 * How many of the path's last facts climb from a place to the places it is
 * within, after a fact that places something (`held_by`, `located_in`) or
 * says where it happened (`born_in`): Guernica is held by the Reina Sofía,
 * in Madrid, in Spain. A kind of place asked for ("which country") may be
 * reached that way.
 */
export function climbed(hops: readonly Edge[]): number {
  let n = 0;
  while (n < hops.length - 1 && containedBy(hops[hops.length - 1 - n]!)) n++;
  // After a fact that places nothing (`runs_on` a server), the first containment fact places its subject itself:
  // the climb starts from there (the server in Frankfurt, Frankfurt in Germany).
  const places = (h: Edge): boolean => h.direction === "out" && (locative(h.predicate) || placesItsSubject(h.predicate));
  while (n > 0 && !places(hops[hops.length - 1 - n]!)) n--;
  return n;
}

/** Whether a free path is one fact, or one that places its subject and the climb after it. */
export function climbing(hops: readonly Edge[]): boolean {
  return hops.length > 1 && climbed(hops) === hops.length - 1;
}

/**
 * Whether the last fact of a path to an answer of "where" ends at a place:
 * its object, when "where" names the fact (`located_in`) or its name says
 * so (`worked_at`); its subject only for a fact "of" a thing
 * (`location_of`). "Where is Bletchley Park?" is never answered by who
 * worked at it.
 */
export function namesPlace(last: Edge, namedByWhere: boolean): boolean {
  // `venue location_of event` makes the venue the place: from the venue, its object is what is there, not where it is.
  if (last.direction === "out") return !placeOfObject(last.predicate) && (namedByWhere || locative(last.predicate) || containedBy(last));
  return namedByWhere && predicateTokens(last.predicate).at(-1) === "of";
}

/** A predicate whose object is a place by its name (`born_in`, `located_at`, `comes_from`, `birth_place`, `birthPlace`, `country`). */
export function locative(predicate: string): boolean {
  const tokens = predicateTokens(predicate);
  const last = tokens.at(-1) ?? "";
  // "place of birth" names a place as "birth place" does: the noun before "of" is the head.
  const ofHead = tokens.length > 2 && tokens[1] === "of" && PLACE_NOUNS.has(tokens[0]!);
  return last === "in" || last === "at" || last === "from" || PLACE_NOUNS.has(last) || ofHead;
}

/** A place noun and "of" (`location_of`, `site_of`): its subject is the place of its object. */
function placeOfObject(predicate: string): boolean {
  return roleOf(predicate).some((noun) => PLACE_NOUNS.has(noun));
}

/** Last words of a predicate naming where its subject is, was or happened. */
const PLACE_NOUNS: ReadonlySet<string> = new Set(["place", "birthplace", "deathplace", "location", "residence", "venue", "site", "headquarters", "hometown", "origin", "city", "town", "country"]);

/** "Which bands are from England?", "Are Radiohead from England?": "from" names a fact that says where its subject comes from (`from`, `comes_from`, `origin`, `hometown`), as "in" names one that places it. */
export function fromAsked(toks: readonly string[], predicate: string): boolean {
  return toks.includes("from") && (predicateTokens(predicate).at(-1) === "from" || comesFrom(predicate));
}

/** A fact of where its subject comes from (`origin`, `hometown`, `comes_from`, `from`), by the concept's words. */
export function comesFrom(predicate: string): boolean {
  return wordScore("origin", predicate) >= WORD_MATCH_THRESHOLD;
}
