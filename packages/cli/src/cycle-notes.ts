/**
 * The memory side of a cycle line: what consolidation turned into episodes
 * and what reflection changed. Both happen inside the cycle and used to be
 * visible only through `agent cycle` or the raw events.
 */
import { AdjustmentKind, type EpisodicEntry, type ReflectionReport } from "@boyd/proto";
import type { CycleSummary } from "./run-tracker.js";

/** Episode summaries named on the line; the rest are counted. */
const EPISODES_NAMED = 3;
/** Characters of one episode summary on the line. */
const EPISODE_WIDTH = 60;

/**
 * Lines under a cycle line for its consolidation and reflection (none when
 * neither ran). The text is raw: the caller makes it printable.
 */
export function cycleNotes(c: Pick<CycleSummary, "finished" | "reflection">): string[] {
  const lines: string[] = [];
  const episodes = c.finished.consolidated ?? [];
  if (episodes.length > 0) lines.push(`    ⊕ ${consolidationText(episodes)}`);
  if (c.reflection) lines.push(`    ↻ ${reflectionText(c.reflection)}`);
  return lines;
}

/** "consolidated 2 episode(s): "…"; "…"", episodes named by their summaries. */
export function consolidationText(episodes: readonly EpisodicEntry[]): string {
  const named = episodes.slice(0, EPISODES_NAMED).map((e) => `"${clip(e.summary.replace(/\s+/g, " ").trim(), EPISODE_WIDTH)}"`);
  const more = episodes.length > EPISODES_NAMED ? ` and ${episodes.length - EPISODES_NAMED} more` : "";
  return `consolidated ${episodes.length} episode(s): ${named.join("; ")}${more}`;
}

/**
 * "reflected: <what changed>": the adjustments carried out, else the ones
 * only suggested, else that nothing changed, with the goals it judged.
 */
export function reflectionText(r: ReflectionReport): string {
  const applied = r.adjustments.filter((a) => a.applied);
  const suggested = r.adjustments.filter((a) => !a.applied && a.kind !== AdjustmentKind.UNSPECIFIED);
  const advanced = r.goals.filter((g) => g.advanced).length;
  const stagnant = r.goals.filter((g) => g.stagnant).length;
  const judged = `${r.goals.length} goal(s) assessed, ${advanced} advanced, ${stagnant} stagnant`;
  if (applied.length > 0) return `reflected (${judged}): ${applied.map((a) => a.description).join("; ")}`;
  if (suggested.length > 0) return `reflected (${judged}): nothing applied; suggested ${suggested.map((a) => a.description).join("; ")}`;
  return `reflected (${judged}): no change`;
}

function clip(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}
