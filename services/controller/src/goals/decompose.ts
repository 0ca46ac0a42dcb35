/**
 * Decomposition of a stalled goal into sub-goals, and the reverse step:
 * resuming a suspended parent once its children have finished.
 *
 * Splitting follows akh-medu's fallback (`generate_sub_goal_descriptions`):
 * parts separated by commas and "and" (here also ";", "&", new lines and
 * list bullets), child priorities 200, 190, 180, ...; the parent is
 * suspended and the children are linked by agent:parent_goal /
 * agent:child_goal triples. Differences, each for a reason given where it
 * is implemented: the criteria are split first (the book says criteria, the
 * code split the description), children's criteria are the bare part (no
 * "Complete: " prefix that no evidence ever contains), a leading verb is
 * shared with the parts that lack one, child ids are deterministic, and
 * goals that cannot be split are refused rather than replaced by two generic
 * "Query knowledge about ..." children that restate the stalled goal.
 */
import { type Goal, GoalChangeKind, type GoalChanged, GoalJustification, GoalSource, GoalStatus, type Triple } from "@boyd/proto";
import { contentWords } from "@boyd/vsa";
import { GoalError } from "./errors.js";
import { findGoal, getGoal, isTerminal } from "./goal-book.js";
import { goalTokens } from "./progress.js";

/** Predicate from a child to its parent. */
export const PARENT_GOAL_PREDICATE = "agent:parent_goal";
/** Predicate from a parent to each child. */
export const CHILD_GOAL_PREDICATE = "agent:child_goal";
/** Priority of the first child; each next one is 10 lower (akh-medu: 200 - 10·i). */
export const FIRST_CHILD_PRIORITY = 200;
/** Priority step between consecutive children. */
export const CHILD_PRIORITY_STEP = 10;
/** Deepest level a goal may be decomposed at (a root is depth 0). */
export const DEFAULT_MAX_DECOMPOSITION_DEPTH = 3;

// Separators between parts: , ; & new line, and the word "and" (\b keeps
// "Andromeda" and "sand" whole).
const SEPARATORS = /\s*(?:[,;&\n]|\band\b)\s*/i;
// A list bullet at the start of a line: -, *, •, or "1." / "1)".
const BULLET = /^\s*(?:[-*•·]|\d+[.)])\s+/gm;
// Words that open a noun phrase; a part starting with one lacks its verb.
const DETERMINERS = new Set(["the", "a", "an", "all", "any", "its", "their", "his", "her", "some", "each", "every", "these", "those", "which"]);

/** One sub-goal text: the description carries the verb, the criteria only what evidence can show. */
export interface GoalPart {
  /** Child description, e.g. "find the moons of Jupiter". */
  readonly description: string;
  /** Child criteria, e.g. "the moons of Jupiter". */
  readonly criteria: string;
}

function firstWord(text: string): string {
  return (text.split(/\s+/, 1)[0] ?? "").toLowerCase();
}

/**
 * Splits a goal text into parts. Parts without content words (a dangling
 * "and", "etc.") are dropped, as are repeats. When the first part is "verb
 * determiner ..." ("find the moons of Mars") and later parts start with a
 * determiner ("the rings of Saturn"), the verb is shared with them, so each
 * child says what to do; criteria never carry that verb, because evidence
 * names moons and rings, not the act of finding them.
 */
export function splitGoalText(text: string): GoalPart[] {
  const raw = text
    .replace(BULLET, "\n")
    .split(SEPARATORS)
    .map((p) => p.trim().replace(/[.!?:]+$/, "").trim())
    .filter((p) => p.length > 3 && contentWords(p).length > 0);
  const seen = new Set<string>();
  const parts = raw.filter((p) => {
    const key = tokenKey(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const first = parts[0];
  if (first === undefined) return [];
  const words = first.split(/\s+/);
  const lead = words.length > 2 && DETERMINERS.has((words[1] ?? "").toLowerCase()) ? words[0] : undefined;
  const shares = lead !== undefined && parts.slice(1).some((p) => DETERMINERS.has(firstWord(p)));
  return parts.map((p, i) => {
    if (!shares || lead === undefined) return { description: p, criteria: p };
    if (i === 0) return { description: p, criteria: p.slice(lead.length).trim() };
    return DETERMINERS.has(firstWord(p)) ? { description: `${lead} ${p}`, criteria: p } : { description: p, criteria: p };
  });
}

/** Order-free signature of a text's stems, to recognise the same criterion reworded. */
function tokenKey(text: string): string {
  return [...goalTokens(text).keys()].sort().join(" ");
}

/** Depth of a goal: parent hops up to a root (0 for a root). Cycles in the data stop the walk. */
export function goalDepth(goals: readonly Goal[], id: string): number {
  const seen = new Set<string>();
  let depth = 0;
  let g = findGoal(goals, id);
  while (g !== undefined && g.parentId !== "" && !seen.has(g.symbolId)) {
    seen.add(g.symbolId);
    depth++;
    g = findGoal(goals, g.parentId);
  }
  return depth;
}

/** Why a goal was not decomposed. */
export type DecomposeRefusal =
  | "NOT_ACTIVE"
  | "ALREADY_DECOMPOSED"
  | "MAX_DEPTH"
  | "SINGLE_PART"
  | "REPEATS_ANCESTOR";

/** Options of `decomposeGoal`. */
export interface DecomposeOptions {
  /** Current cycle: the children's progress clock starts here. @default 0 */
  readonly cycle?: number | undefined;
  /** Wall time for the children's created_at. @default 0 */
  readonly nowUnixMs?: number | undefined;
  /** Deepest level that may still be split. @default 3 */
  readonly maxDepth?: number | undefined;
  /**
   * Id of the i-th child (0-based). The default, `${parent}/${i + 1}`, is
   * deterministic so a redelivered cycle recreates the same children rather
   * than duplicates.
   */
  readonly childId?: ((parent: Goal, index: number, part: GoalPart) => string) | undefined;
  /** Recorded as the link triples' source. @default "controller:decomposition" */
  readonly source?: string | undefined;
  /** Why the goal is being decomposed (e.g. the stall verdict), for events. */
  readonly reason?: string | undefined;
}

/** A decomposition that happened. */
export interface Decomposition {
  readonly ok: true;
  /** The whole book after the change: the parent updated, the children appended. */
  readonly goals: Goal[];
  /** The suspended parent. */
  readonly parent: Goal;
  /** The new children, in priority order. */
  readonly children: Goal[];
  /** agent:child_goal (parent -> child) and agent:parent_goal (child -> parent) triples to store. */
  readonly links: Triple[];
  /** Events: the parent's DECOMPOSED change, then one CREATED per child. */
  readonly changes: GoalChanged[];
}

/** A decomposition that was refused, and why. */
export interface DecomposeRefused {
  readonly ok: false;
  /** Machine-readable cause. */
  readonly code: DecomposeRefusal;
  /** Human-readable cause. */
  readonly reason: string;
}

function refuse(code: DecomposeRefusal, reason: string): DecomposeRefused {
  return { ok: false, code, reason };
}

function link(subject: string, predicate: string, object: string, source: string, createdAtUnixMs: number): Triple {
  return {
    subject,
    predicate,
    object,
    confidence: 1,
    source,
    createdAtUnixMs,
    temporal: undefined,
    subjectLabel: "",
    predicateLabel: "",
    objectLabel: "",
  };
}

/**
 * Splits goal `id` into children. Its criteria are split first, and its
 * description when the criteria are a single part. Refused when the goal is
 * not ACTIVE, already has children (a parent resumed after its children
 * finished gets no second round: a new split of the same text would
 * recreate the same children), sits at `maxDepth`, yields fewer than two
 * parts, or when a part restates the goal or one of its ancestors, which
 * would re-decompose a child into its own single criterion.
 *
 * @throws GoalError NOT_FOUND when `id` is unknown; ALREADY_EXISTS when a child id is taken.
 */
export function decomposeGoal(goals: readonly Goal[], id: string, options: DecomposeOptions = {}): Decomposition | DecomposeRefused {
  const goal = getGoal(goals, id);
  if (goal.status !== GoalStatus.ACTIVE) return refuse("NOT_ACTIVE", `goal is ${GoalStatus[goal.status]}, only ACTIVE goals are decomposed`);
  if (goal.childIds.length > 0 || goals.some((g) => g.parentId === id)) {
    return refuse("ALREADY_DECOMPOSED", "goal already has sub-goals; it is not split twice");
  }
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DECOMPOSITION_DEPTH;
  const depth = goalDepth(goals, id);
  if (depth >= maxDepth) return refuse("MAX_DEPTH", `goal is at depth ${depth}; sub-goals stop at depth ${maxDepth}`);

  let parts = splitGoalText(goal.successCriteria);
  if (parts.length < 2) parts = splitGoalText(goal.description);
  if (parts.length < 2) return refuse("SINGLE_PART", "criteria and description each name a single part; nothing to split");

  const lineage = new Set<string>();
  for (let g: Goal | undefined = goal; g !== undefined && !lineage.has(g.symbolId); g = g.parentId === "" ? undefined : findGoal(goals, g.parentId)) {
    lineage.add(g.symbolId);
    const ownKey = tokenKey(g.successCriteria);
    const repeated = parts.find((p) => tokenKey(p.criteria) === ownKey);
    if (repeated !== undefined) {
      return refuse("REPEATS_ANCESTOR", `part "${repeated.criteria}" restates goal ${g.symbolId}`);
    }
  }

  const cycle = options.cycle ?? 0;
  const now = options.nowUnixMs ?? 0;
  const source = options.source ?? "controller:decomposition";
  const childId = options.childId ?? ((parent: Goal, i: number) => `${parent.symbolId}/${i + 1}`);
  const taken = new Set(goals.map((g) => g.symbolId));
  const children: Goal[] = parts.map((part, i) => {
    const symbolId = childId(goal, i, part);
    if (taken.has(symbolId)) throw new GoalError("ALREADY_EXISTS", "childId", `goal ${symbolId} already exists`);
    taken.add(symbolId);
    return {
      symbolId,
      description: part.description,
      successCriteria: part.criteria,
      priority: Math.max(0, FIRST_CHILD_PRIORITY - CHILD_PRIORITY_STEP * i),
      status: GoalStatus.ACTIVE,
      statusReason: "",
      replacementGoalId: "",
      stallThreshold: goal.stallThreshold,
      parentId: goal.symbolId,
      childIds: [],
      createdAtUnixMs: now,
      cyclesWorked: 0,
      lastProgressCycle: cycle,
      source: GoalSource.DECOMPOSITION,
      blockedBy: [],
      justification: GoalJustification.DECOMPOSED_FROM,
      priorityRationale: "",
      reformulatedFrom: "",
      estimatedEffortCycles: 0,
      progress: undefined,
    };
  });

  const why = options.reason ?? "stalled";
  const reason = `decomposed (${why}) into ${children.length} sub-goals: ${children.map((c) => c.description).join("; ")}`;
  const parent: Goal = { ...goal, status: GoalStatus.SUSPENDED, statusReason: reason, childIds: children.map((c) => c.symbolId) };
  const links = children.flatMap((c) => [
    link(goal.symbolId, CHILD_GOAL_PREDICATE, c.symbolId, source, now),
    link(c.symbolId, PARENT_GOAL_PREDICATE, goal.symbolId, source, now),
  ]);
  const changes: GoalChanged[] = [
    { goal: parent, change: GoalChangeKind.DECOMPOSED, previousStatus: goal.status, previousPriority: goal.priority, reason },
    ...children.map((c) => ({
      goal: c,
      change: GoalChangeKind.CREATED,
      previousStatus: GoalStatus.UNSPECIFIED,
      previousPriority: 0,
      reason: `sub-goal of ${goal.symbolId}`,
    })),
  ];
  return {
    ok: true,
    goals: [...goals.map((g) => (g.symbolId === id ? parent : g)), ...children],
    parent,
    children,
    links,
    changes,
  };
}

/** How a finished child ended, following REFORMULATED goals to their replacement. */
function finalStatus(goals: readonly Goal[], child: Goal): GoalStatus | undefined {
  const seen = new Set<string>();
  let g: Goal | undefined = child;
  while (g !== undefined && g.status === GoalStatus.REFORMULATED && !seen.has(g.symbolId)) {
    seen.add(g.symbolId);
    g = findGoal(goals, g.replacementGoalId);
  }
  return g !== undefined && isTerminal(g) ? g.status : undefined;
}

/** Options of `settleParents`. */
export interface SettleOptions {
  /** Current cycle: a resumed parent's progress clock restarts here. @default 0 */
  readonly cycle?: number | undefined;
}

/** Result of `settleParents`. */
export interface Settlement {
  /** The whole book after the changes. */
  readonly goals: Goal[];
  /** One STATUS event per parent resumed or failed. */
  readonly changes: GoalChanged[];
}

/**
 * Resumes or fails SUSPENDED parents whose children have all finished
 * (COMPLETED or FAILED; a REFORMULATED child counts as its replacement, a
 * child missing from the book as failed).
 * Nothing happens while any child is still open: a sibling still running
 * may yet produce the evidence the parent needs.
 *
 * - Every child failed: the parent FAILS; its own attempt stalled and none
 *   of its parts worked, so another round on it would only stall again.
 * - Otherwise (all completed, or some completed and some failed): the
 *   parent resumes to ACTIVE with a fresh loop (no progress sample, cycles
 *   worked 0, stall clock at `cycle`), so its own criteria are checked
 *   against what the children found. It cannot be split again
 *   (ALREADY_DECOMPOSED), so if it stalls once more the controller fails it:
 *   at most one extra round per level.
 *
 * One pass; a resumed parent that then completes settles its own parent on
 * a later call.
 */
export function settleParents(goals: readonly Goal[], options: SettleOptions = {}): Settlement {
  const cycle = options.cycle ?? 0;
  const changes: GoalChanged[] = [];
  const next = goals.map((g) => {
    if (g.status !== GoalStatus.SUSPENDED || g.childIds.length === 0) return g;
    const outcomes = g.childIds.map((c) => {
      const child = findGoal(goals, c);
      // A child missing from the book can never finish; counting it as
      // failed keeps its parent from waiting forever.
      return child === undefined ? GoalStatus.FAILED : finalStatus(goals, child);
    });
    if (outcomes.some((o) => o === undefined)) return g;
    const failed = g.childIds.filter((_, i) => outcomes[i] === GoalStatus.FAILED);
    let updated: Goal;
    if (failed.length === g.childIds.length) {
      updated = { ...g, status: GoalStatus.FAILED, statusReason: `all ${failed.length} sub-goals failed` };
    } else {
      const partial = failed.length > 0 ? `; failed: ${failed.join(", ")}` : "";
      updated = {
        ...g,
        status: GoalStatus.ACTIVE,
        statusReason: `resumed: ${g.childIds.length - failed.length}/${g.childIds.length} sub-goals completed${partial}`,
        progress: undefined,
        cyclesWorked: 0,
        lastProgressCycle: cycle,
      };
    }
    changes.push({
      goal: updated,
      change: GoalChangeKind.STATUS,
      previousStatus: g.status,
      previousPriority: g.priority,
      reason: updated.statusReason,
    });
    return updated;
  });
  return { goals: next, changes };
}
