/**
 * Finding a goal the way a person names it. Goal ids are made from the
 * first 40 characters of the description, so the id is not what the user
 * typed: `plan --goal` accepts the id, the description as typed (with or
 * without its "=> criteria"), or the start of either when only one goal
 * has it.
 */
import type { Goal } from "@boyd/proto";

/** The goal a reference named, or why none could be chosen. */
export type GoalLookup = { readonly goal: Goal; readonly problem?: undefined } | { readonly goal?: undefined; readonly problem: string };

const ID_PREFIX = "goal:";

/** Case, spacing, an optional "goal:" and a trailing "=> criteria" do not matter. */
function normalize(text: string): string {
  let t = text.trim();
  if (t.toLowerCase().startsWith(ID_PREFIX)) t = t.slice(ID_PREFIX.length);
  const arrow = t.indexOf("=>");
  if (arrow >= 0) t = t.slice(0, arrow);
  return t.replace(/\s+/g, " ").trim().toLowerCase();
}

/** The forms a goal can be named by, normalized. */
function namesOf(goal: Goal): string[] {
  return [normalize(goal.symbolId), normalize(goal.description)];
}

/**
 * Resolves `ref` against `goals`: an exact id first, then a goal whose
 * description or id equals the reference, then one whose description or id
 * starts with it. Each stage must single out one goal; several matches are
 * reported rather than guessed between.
 */
export function findGoalByRef(goals: readonly Goal[], ref: string): GoalLookup {
  const exact = goals.find((g) => g.symbolId === ref);
  if (exact) return { goal: exact };
  const wanted = normalize(ref);
  if (wanted === "") return { problem: "the goal reference is empty" };
  for (const matches of [(name: string) => name === wanted, (name: string) => name.startsWith(wanted)]) {
    const found = goals.filter((g) => namesOf(g).some(matches));
    if (found.length === 1) return { goal: found[0]! };
    if (found.length > 1) return { problem: `${JSON.stringify(ref)} matches ${found.length} goals (${found.map((g) => g.symbolId).join(", ")}); give more of it or the id` };
  }
  return { problem: `no goal matches ${JSON.stringify(ref)}${goals.length ? `; goals: ${goals.map((g) => g.symbolId).join(", ")}` : ""}` };
}
