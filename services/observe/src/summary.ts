import type { Goal } from "@boyd/proto";
import { OBSERVE } from "./constants.js";

/** What the one-line summary reports. */
export interface SummaryFacts {
  cycle: number;
  /** Active goals, highest priority first. */
  active: readonly Goal[];
  workingMemorySize: number;
  workingMemoryCapacity: number;
  episodes: number;
  percepts: number;
  /** Percepts lost to a full inbox since the previous observation. */
  droppedPercepts: number;
  /** Percepts still queued for the next observation. */
  waitingPercepts: number;
}

/**
 * The observation in one line, as recorded in working memory, e.g.
 * `cycle 4: 2 active goals (top: "learn about the sun"), WM 12/100, 1 episode recalled, 3 percepts`.
 */
export function summarize(f: SummaryFacts): string {
  const top = f.active[0];
  const goals = `${count(f.active.length, "active goal")}${top ? ` (top: ${JSON.stringify(clip(top.description || top.symbolId, OBSERVE.summaryGoalChars))})` : ""}`;
  const extras = [f.waitingPercepts > 0 ? `${f.waitingPercepts} more waiting` : "", f.droppedPercepts > 0 ? `${f.droppedPercepts} dropped` : ""].filter(Boolean);
  const percepts = `${count(f.percepts, "percept")}${extras.length ? ` (${extras.join(", ")})` : ""}`;
  return `cycle ${f.cycle}: ${goals}, WM ${f.workingMemorySize}/${f.workingMemoryCapacity}, ${count(f.episodes, "episode")} recalled, ${percepts}`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
