import { isBookkeepingSymbol, type GraphStore } from "@boyd/graph";
import type { Goal } from "@boyd/proto";

// Words that name no entity; matching them would seed activation with noise
// (the reference system's "what", "get", "run" keyword entities).
const STOP_WORDS = new Set(
  "a about above after all also an and any are as at be been being but by can could did do does find for from get has have how in into is it its know learn list more most much of on or our out over should some such than that the their them then there these they this those through to up use was we were what when where which who why will with would you your".split(
    " ",
  ),
);

/** Content words of a text: lower-cased, stop words and very short words dropped, with naive singulars. */
export function contentWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}_-]+/u)
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
  const out = new Set<string>();
  for (const w of words) {
    out.add(w);
    if (w.endsWith("ies") && w.length > 4) {
      out.add(`${w.slice(0, -3)}y`);
      continue;
    }
    if (w.endsWith("es") && w.length > 4) out.add(w.slice(0, -2));
    if (w.endsWith("s") && !w.endsWith("ss") && w.length > 3) out.add(w.slice(0, -1));
  }
  return [...out];
}

/**
 * The symbols a goal is about: its own node when the graph has it, plus the
 * world symbols whose labels match the content words of its description and
 * success criteria. Bookkeeping symbols never seed orientation.
 */
export async function goalSeeds(store: GraphStore, goal: Pick<Goal, "symbolId" | "description" | "successCriteria">): Promise<string[]> {
  const seeds = new Set<string>();
  if (goal.symbolId && (await store.symbols([goal.symbolId])).length > 0) seeds.add(goal.symbolId);
  const words = contentWords(`${goal.description} ${goal.successCriteria}`);
  for (const s of await store.symbolsByLabel(words)) if (!isBookkeepingSymbol(s.id)) seeds.add(s.id);
  return [...seeds].sort();
}
