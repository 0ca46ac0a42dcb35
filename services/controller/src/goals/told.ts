import { WorkingMemoryKind, type Percept, type WorkingMemoryEntry } from "@boyd/proto";

/**
 * What someone told the agent: a percept, by its source. It is remembered
 * (a PERCEPT entry of working memory, "<source>: <content>"), recalled,
 * and evidence for a goal as a file read is: a statement of a criterion
 * next to the goal's subject, quoted with who said it.
 */
export interface Told {
  /** Who said it: the percept's source, "someone" when it gave none. */
  readonly from: string;
  readonly text: string;
}

/** Longest percept text kept in working memory (a percept is at most 64 KiB). */
const TOLD_CHARS = 5_000;

/** A percept as told: its source (no ": " in it, so the entry reads back) and its text. */
export function toldBy(p: Pick<Percept, "source" | "content">): Told {
  return { from: p.source.trim().replace(/:\s+/g, ":") || "someone", text: p.content.slice(0, TOLD_CHARS) };
}

/** The working-memory text of a percept. */
export function toldEntryText(t: Told): string {
  return `${t.from}: ${t.text}`;
}

/**
 * What the agent was told, newest knowledge first: this cycle's percepts,
 * then those its working memory still holds from earlier cycles (so a goal
 * worked on later is met by what was said before); each once.
 */
export function toldNow(percepts: readonly Percept[], recent: readonly WorkingMemoryEntry[]): Told[] {
  const out = percepts.map(toldBy);
  for (const e of recent) {
    if (e.kind !== WorkingMemoryKind.PERCEPT) continue;
    const at = e.content.indexOf(": ");
    if (at > 0) out.push({ from: e.content.slice(0, at), text: e.content.slice(at + 2) });
  }
  const seen = new Set<string>();
  return out.filter((t) => {
    const key = toldEntryText(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
