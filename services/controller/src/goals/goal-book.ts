/**
 * The goal book: immutable updates over the agent's `Goal[]`. Every change
 * returns a new array (input arrays and goals are never mutated, so a
 * session snapshot taken before a cycle stays valid if the cycle is retried)
 * together with the `GoalChanged` event the controller should emit.
 */
import {
  type AgentConfig,
  type Goal,
  GoalChangeKind,
  type GoalChanged,
  GoalJustification,
  type GoalProgress,
  GoalSource,
  GoalStatus,
  ProgressOutcome,
} from "@boyd/proto";
import { GoalError, invalidGoalInput } from "./errors.js";
import { defaultStallThreshold, thresholdFromEffort } from "./stall.js";

/** Priority given when a new goal sets none (akh-medu's CLI default). */
export const DEFAULT_GOAL_PRIORITY = 128;
/** Longest accepted description; longer text is a document, not a goal (akh-medu P0 "garbage goals"). */
export const MAX_DESCRIPTION_LENGTH = 2000;

/** Statuses a goal never leaves. */
export const TERMINAL_STATUSES: ReadonlySet<GoalStatus> = new Set([GoalStatus.COMPLETED, GoalStatus.FAILED]);

/** Whether a goal is finished (COMPLETED or FAILED). */
export function isTerminal(goal: Pick<Goal, "status">): boolean {
  return TERMINAL_STATUSES.has(goal.status);
}

/** What a caller gives to add a goal; everything but the description is optional. */
export interface NewGoalInput {
  /** Graph symbol id. @default "goal:" + the first 40 characters of the description, suffixed "#n" if taken */
  readonly symbolId?: string | undefined;
  /** What to achieve; must contain non-blank text. */
  readonly description: string;
  /** Text checked against evidence. @default the description */
  readonly successCriteria?: string | undefined;
  /** Importance, integer 0..255. @default 128 */
  readonly priority?: number | undefined;
  /** Cycles without progress before stalled; 0 or unset takes the default. @default from effort, else AgentConfig.default_stall_threshold (5) */
  readonly stallThreshold?: number | undefined;
  /** Effort estimate in cycles; 0 when unknown. @default 0 */
  readonly estimatedEffortCycles?: number | undefined;
  /** What created the goal. @default USER */
  readonly source?: GoalSource | undefined;
  /**
   * How firmly the goal is held. @default USER_REQUESTED for USER goals,
   * otherwise UNSPECIFIED. akh-medu left user goals unjustified, so they
   * counted as entrenchment 0 and could be auto-suspended (weakness 11).
   */
  readonly justification?: GoalJustification | undefined;
  /** Parent goal id, which must exist. */
  readonly parentId?: string | undefined;
  /** Goals that must finish first; each must exist. */
  readonly blockedBy?: readonly string[] | undefined;
  /** Initial status: ACTIVE, PENDING or PROPOSED. @default ACTIVE */
  readonly status?: GoalStatus | undefined;
}

/** Where and when a change happens; the book reads no clock itself. */
export interface GoalContext {
  /** Current cycle; a new goal's progress clock starts here. @default 0 */
  readonly cycle?: number | undefined;
  /** Wall time recorded as created_at. @default 0 */
  readonly nowUnixMs?: number | undefined;
  /** Supplies default_stall_threshold. */
  readonly agent?: Pick<AgentConfig, "defaultStallThreshold"> | undefined;
}

/** A new goal array plus the goal that changed and the event to emit. */
export interface GoalUpdate {
  /** The whole book after the change. */
  readonly goals: Goal[];
  /** The changed goal as it is now. */
  readonly goal: Goal;
  /** Event to publish; undefined when nothing changed. */
  readonly change: GoalChanged | undefined;
}

function checkPriority(field: string, p: number): void {
  if (!Number.isInteger(p) || p < 0 || p > 255) throw invalidGoalInput(field, `must be an integer 0..255, got ${p}`);
}

function defaultId(goals: readonly Goal[], description: string): string {
  const base = `goal:${description.trim().replace(/\s+/g, " ").slice(0, 40)}`;
  const taken = new Set(goals.map((g) => g.symbolId));
  if (!taken.has(base)) return base;
  // Same 40-character prefix: akh-medu silently reused the existing node,
  // merging two goals; suffix instead.
  let n = 2;
  while (taken.has(`${base}#${n}`)) n++;
  return `${base}#${n}`;
}

/**
 * Builds a validated goal without adding it. `goals` is the current book,
 * used for id uniqueness and reference checks.
 *
 * @throws GoalError INVALID_ARGUMENT naming the field, or ALREADY_EXISTS for a taken symbolId.
 */
export function createGoal(goals: readonly Goal[], input: NewGoalInput, ctx: GoalContext = {}): Goal {
  const description = typeof input.description === "string" ? input.description.trim() : "";
  if (description === "") throw invalidGoalInput("description", "must not be empty");
  if (description.length > MAX_DESCRIPTION_LENGTH) {
    throw invalidGoalInput("description", `must be at most ${MAX_DESCRIPTION_LENGTH} characters, got ${description.length}`);
  }
  // Criteria are optional: without them a question is met by its answers
  // and an action by its run (evidence.ts), never by restating the goal.
  const criteria = input.successCriteria?.trim() ?? "";
  const priority = input.priority ?? DEFAULT_GOAL_PRIORITY;
  checkPriority("priority", priority);
  const effort = input.estimatedEffortCycles ?? 0;
  if (!Number.isInteger(effort) || effort < 0) throw invalidGoalInput("estimatedEffortCycles", `must be an integer >= 0, got ${effort}`);
  const stall = input.stallThreshold ?? 0;
  if (!Number.isInteger(stall) || stall < 0) throw invalidGoalInput("stallThreshold", `must be an integer >= 1 (0 for the default), got ${stall}`);
  const status = input.status ?? GoalStatus.ACTIVE;
  if (status !== GoalStatus.ACTIVE && status !== GoalStatus.PENDING && status !== GoalStatus.PROPOSED) {
    throw invalidGoalInput("status", `a new goal must be ACTIVE, PENDING or PROPOSED, got ${GoalStatus[status] ?? status}`);
  }
  const cycle = ctx.cycle ?? 0;

  let symbolId: string;
  if (input.symbolId !== undefined) {
    symbolId = input.symbolId.trim();
    if (symbolId === "") throw invalidGoalInput("symbolId", "must not be blank when given");
    if (goals.some((g) => g.symbolId === symbolId)) throw new GoalError("ALREADY_EXISTS", "symbolId", `goal ${symbolId} already exists`);
  } else {
    symbolId = defaultId(goals, description);
  }
  const parentId = input.parentId ?? "";
  if (parentId !== "" && !goals.some((g) => g.symbolId === parentId)) throw invalidGoalInput("parentId", `no goal ${parentId}`);
  const blockedBy = [...(input.blockedBy ?? [])];
  for (const b of blockedBy) {
    if (b === symbolId || !goals.some((g) => g.symbolId === b)) throw invalidGoalInput("blockedBy", `no goal ${b}`);
  }
  const source = input.source ?? GoalSource.USER;

  return {
    symbolId,
    description,
    successCriteria: criteria,
    priority,
    status,
    statusReason: "",
    replacementGoalId: "",
    stallThreshold: stall > 0 ? stall : thresholdFromEffort(effort, defaultStallThreshold(ctx.agent)),
    parentId,
    childIds: [],
    createdAtUnixMs: ctx.nowUnixMs ?? 0,
    cyclesWorked: 0,
    // The progress clock starts when the goal is added, so a goal added at
    // cycle 50 is not "50 cycles without progress" (akh-medu starts it at 0).
    lastProgressCycle: cycle,
    source,
    blockedBy,
    justification: input.justification ?? (source === GoalSource.USER ? GoalJustification.USER_REQUESTED : GoalJustification.UNSPECIFIED),
    priorityRationale: "",
    reformulatedFrom: "",
    answers: undefined,
    proof: undefined,
    estimatedEffortCycles: effort,
    progress: undefined,
  };
}

/** Adds a validated goal at the end of the book (the end is creation order). */
export function addGoal(goals: readonly Goal[], input: NewGoalInput, ctx: GoalContext = {}): GoalUpdate {
  const goal = createGoal(goals, input, ctx);
  return {
    goals: [...goals, goal],
    goal,
    change: { goal, change: GoalChangeKind.CREATED, previousStatus: GoalStatus.UNSPECIFIED, previousPriority: 0, reason: "added" },
  };
}

/** The ids of the goals being worked on (ACTIVE). */
export function activeGoalIds(goals: readonly Goal[]): string[] {
  return goals.filter((g) => g.status === GoalStatus.ACTIVE).map((g) => g.symbolId);
}

/** The goal with `id`, or undefined. */
export function findGoal(goals: readonly Goal[], id: string): Goal | undefined {
  return goals.find((g) => g.symbolId === id);
}

/**
 * The goal with `id`.
 *
 * @throws GoalError NOT_FOUND.
 */
export function getGoal(goals: readonly Goal[], id: string): Goal {
  const g = findGoal(goals, id);
  if (g === undefined) throw new GoalError("NOT_FOUND", "goalId", `no goal ${id}`);
  return g;
}

/**
 * Replaces the goal `id` by `update(goal)`; the id itself cannot change.
 *
 * @throws GoalError NOT_FOUND.
 */
export function updateGoal(goals: readonly Goal[], id: string, update: (goal: Goal) => Goal): Goal[] {
  getGoal(goals, id);
  return goals.map((g) => (g.symbolId === id ? { ...update(g), symbolId: id } : g));
}

/**
 * Sets a goal's status with a reason. COMPLETED and FAILED are final:
 * leaving them would let a finished goal flip back and forth with noisy
 * evidence. Setting the current status again changes nothing.
 *
 * @throws GoalError NOT_FOUND; INVALID_ARGUMENT for UNSPECIFIED or a FAILED without reason; FAILED_PRECONDITION when the goal is finished.
 */
export function setStatus(goals: readonly Goal[], id: string, status: GoalStatus, reason: string): GoalUpdate {
  const before = getGoal(goals, id);
  if (status === GoalStatus.UNSPECIFIED || status === GoalStatus.UNRECOGNIZED) throw invalidGoalInput("status", "must be a real status");
  if (status === GoalStatus.FAILED && reason.trim() === "") throw invalidGoalInput("reason", "a FAILED goal needs a reason");
  if (before.status === status) return { goals: [...goals], goal: before, change: undefined };
  if (isTerminal(before)) {
    throw new GoalError("FAILED_PRECONDITION", "status", `goal ${id} is ${GoalStatus[before.status]} and cannot become ${GoalStatus[status]}`);
  }
  const next = updateGoal(goals, id, (g) => ({ ...g, status, statusReason: reason }));
  const goal = getGoal(next, id);
  return {
    goals: next,
    goal,
    change: { goal, change: GoalChangeKind.STATUS, previousStatus: before.status, previousPriority: before.priority, reason },
  };
}

/**
 * Sets a goal's base priority. Clears any computed priority, which was
 * derived from the old value.
 *
 * @throws GoalError NOT_FOUND; INVALID_ARGUMENT when outside 0..255.
 */
export function setPriority(goals: readonly Goal[], id: string, priority: number, reason: string): GoalUpdate {
  checkPriority("priority", priority);
  const before = getGoal(goals, id);
  if (before.priority === priority) return { goals: [...goals], goal: before, change: undefined };
  const next = updateGoal(goals, id, ({ computedPriority: _dropped, ...g }) => ({ ...g, priority, priorityRationale: reason }));
  const goal = getGoal(next, id);
  return {
    goals: next,
    goal,
    change: { goal, change: GoalChangeKind.PRIORITY, previousStatus: before.status, previousPriority: before.priority, reason },
  };
}

/** Options of `recordProgress`. */
export interface RecordProgressOptions {
  /** AgentConfig.tool_failure_fails_goal: a FAILED sample fails the goal. @default false */
  readonly toolFailureFailsGoal?: boolean | undefined;
}

/** Result of `recordProgress`: a PROGRESS event, plus a STATUS event when the status changed. */
export interface ProgressUpdate {
  /** The whole book after the change. */
  readonly goals: Goal[];
  /** The goal as it is now. */
  readonly goal: Goal;
  /** Events to publish, in order. */
  readonly changes: GoalChanged[];
}

/**
 * Stores a progress sample on its goal: one more cycle worked; ADVANCED or
 * COMPLETED restart the stall clock at `sample.cycle`; COMPLETED completes
 * the goal. A FAILED sample fails the goal only when `toolFailureFailsGoal`
 * is set: by default a failed tool fails the plan step and backtracking
 * takes over (akh-medu failed the goal on any tool failure, weakness 1).
 *
 * @throws GoalError NOT_FOUND; FAILED_PRECONDITION when the goal is not ACTIVE.
 */
export function recordProgress(goals: readonly Goal[], sample: GoalProgress, options: RecordProgressOptions = {}): ProgressUpdate {
  const before = getGoal(goals, sample.goalId);
  if (before.status !== GoalStatus.ACTIVE) {
    throw new GoalError("FAILED_PRECONDITION", "goalId", `goal ${before.symbolId} is ${GoalStatus[before.status]}, not ACTIVE`);
  }
  const progressed = sample.outcome === ProgressOutcome.ADVANCED || sample.outcome === ProgressOutcome.COMPLETED;
  let status: GoalStatus = before.status;
  if (sample.outcome === ProgressOutcome.COMPLETED) status = GoalStatus.COMPLETED;
  else if (sample.outcome === ProgressOutcome.FAILED && options.toolFailureFailsGoal === true) status = GoalStatus.FAILED;
  const next = updateGoal(goals, before.symbolId, (g) => ({
    ...g,
    progress: sample,
    cyclesWorked: g.cyclesWorked + 1,
    lastProgressCycle: progressed ? sample.cycle : g.lastProgressCycle,
    ...(status !== g.status ? { status, statusReason: sample.reason } : {}),
    ...(status === GoalStatus.COMPLETED ? { proof: sample.proof } : {}),
  }));
  const goal = getGoal(next, before.symbolId);
  const base = { goal, previousStatus: before.status, previousPriority: before.priority, reason: sample.reason };
  const changes: GoalChanged[] = [{ ...base, change: GoalChangeKind.PROGRESS }];
  if (status !== before.status) changes.push({ ...base, change: GoalChangeKind.STATUS });
  return { goals: next, goal, changes };
}

/** computed_priority when set, else priority (the proto rule). */
export function effectivePriority(goal: Pick<Goal, "priority" | "computedPriority">): number {
  return goal.computedPriority ?? goal.priority;
}

/** Whether some goal in `blockedBy` exists and has not finished. Unknown blockers do not block. */
export function isBlocked(goal: Pick<Goal, "blockedBy">, goals: readonly Goal[]): boolean {
  return goal.blockedBy.some((id) => {
    const b = findGoal(goals, id);
    return b !== undefined && !isTerminal(b);
  });
}

/**
 * The goal to work on in cycle `cycle`: among the ACTIVE, unblocked goals
 * of highest effective priority, the one that progressed in the cycle
 * before (it keeps its momentum); else the one worked on least, so a goal
 * that is getting nowhere does not hold up one a single cycle would answer;
 * ties go to the earlier `createdAtUnixMs`, then to the earlier position in
 * the book. Undefined when none is eligible.
 */
export function focusGoal(goals: readonly Goal[], cycle = 0): Goal | undefined {
  const eligible = goals.filter((g) => g.status === GoalStatus.ACTIVE && !isBlocked(g, goals));
  if (eligible.length === 0) return undefined;
  const top = Math.max(...eligible.map(effectivePriority));
  const first = eligible.filter((g) => effectivePriority(g) === top);
  const moving = first.find((g) => cycle > 1 && g.cyclesWorked > 0 && Number(g.lastProgressCycle) === cycle - 1);
  if (moving) return moving;
  return first.reduce((best, g) => (g.cyclesWorked < best.cyclesWorked || (g.cyclesWorked === best.cyclesWorked && g.createdAtUnixMs < best.createdAtUnixMs) ? g : best));
}

/** Children of `id`: its `childIds` in order, then any other goal naming it as parent. */
export function childrenOf(goals: readonly Goal[], id: string): Goal[] {
  const parent = findGoal(goals, id);
  const listed = (parent?.childIds ?? []).map((c) => findGoal(goals, c)).filter((g): g is Goal => g !== undefined);
  const seen = new Set(listed.map((g) => g.symbolId));
  return [...listed, ...goals.filter((g) => g.parentId === id && !seen.has(g.symbolId))];
}

/**
 * Whether the run has nothing left to do: no goal is ACTIVE or PENDING.
 * Suspended parents do not keep a run alive by themselves: their children
 * do, and `settleParents` resumes a parent once its children finish.
 */
export function allDone(goals: readonly Goal[]): boolean {
  return !goals.some((g) => g.status === GoalStatus.ACTIVE || g.status === GoalStatus.PENDING);
}
