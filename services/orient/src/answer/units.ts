import { predicateTokens } from "@boyd/graph";
import { UNIT_SCALES, UNITS } from "./lexicon.js";

/** Whether a predicate's numbers are in `unit` by its name (`radius_km` for km; `age_billion_years` is not in years). */
export function inUnit(predicate: string, unit: string): boolean {
  const own = predicateTokens(predicate);
  const want = unit.split(" ");
  const at = own.length - want.length;
  return at > 0 && want.every((w, i) => own[at + i] === w) && !UNIT_SCALES.has(own[at - 1]!);
}

/** The scale a predicate's name says its numbers are in: a million for `population_millions`, a billion for `cost_billion_usd`, else 1. */
export function nameScale(predicate: string): number {
  return predicateTokens(predicate).reduce((scale, w) => scale * (UNIT_SCALES.get(w) ?? 1), 1);
}

/** Units of time, by their size in seconds (a year is the Julian year of astronomy, 365.25 days). */
const TIME_SIZES: ReadonlyMap<string, number> = new Map([["seconds", 1], ["minutes", 60], ["hours", 3_600], ["days", 86_400], ["years", 31_557_600]]);

/**
 * Units that measure the same thing, each by its size in the first of its
 * kind (exact by definition). Temperatures are left out: their scales
 * differ by an offset, not a factor.
 */
const SIZES: readonly ReadonlyMap<string, number>[] = [
  new Map([["m", 1], ["mm", 0.001], ["cm", 0.01], ["km", 1_000], ["mi", 1_609.344], ["ft", 0.3048], ["au", 149_597_870_700], ["light years", 9_460_730_472_580_800]]),
  new Map([["g", 1], ["kg", 1_000]]),
  TIME_SIZES,
];

/** Whether `unit` measures time ("minutes", "hours"). */
export function measuresTime(unit: string): boolean {
  return TIME_SIZES.has(unit);
}

/** The unit a predicate's name says its numbers are in (`runtime_minutes`, `height_metres`): a key of UNITS. */
function unitOf(predicate: string): string | undefined {
  for (const [key, names] of Object.entries(UNITS)) if (inUnit(predicate, key) || names.some((n) => inUnit(predicate, n))) return key;
  return undefined;
}

/**
 * What a number in `unit` is multiplied by to be in the unit of
 * `predicate`'s numbers: 1 when the predicate is in that unit, the ratio
 * of their sizes when its name states another unit of the same kind
 * ("1000 feet" against `height_m`: 0.3048), undefined when it states none
 * or one of another kind (no comparison is sound then).
 */
export function scaleInto(predicate: string, unit: string): number | undefined {
  if (inUnit(predicate, unit)) return 1;
  const own = unitOf(predicate);
  const kind = own && SIZES.find((sizes) => sizes.has(own) && sizes.has(unit));
  return kind ? kind.get(unit)! / kind.get(own!)! : undefined;
}
