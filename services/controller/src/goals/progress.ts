/**
 * The per-goal closed-loop progress signal (seed 002, "ThinkLoop"): each
 * cycle in which a goal is worked on, its success criteria are checked
 * against the evidence about its subject (see evidence.ts) and a PI
 * controller turns the result into a reward and a loop state.
 *
 *   e(k) = 1 - |criteria terms entailed| / |criteria terms|  error
 *   I(k) = clamp(I(k-1) + e(k), 0, integral_max)             integral, anti-windup
 *   K(k) = clamp(Kp + Ki * I(k), gain_min, gain_max)          gain schedule
 *   r(k) = max((1 - e(k)) * K(k), 0)                          reward
 *
 * A goal completes only when every term is entailed (e = 0), with the
 * proof; the seed's convergence threshold (met when e < 0.25) would let a
 * goal with four criteria complete on three, which no user asked for.
 * Stalled when the reward fell stall_patience samples in a row, capped at
 * max_iterations. Pure: no clock, no I/O; the caller supplies the evidence.
 */
import {
  type ControlLoopConfig,
  type Goal,
  type GoalProgress,
  LoopState,
  ProgressOutcome,
} from "@boyd/proto";
import { entailment, type GoalEvidence } from "./evidence.js";
import { contentWords, stem } from "@boyd/vsa";
import { invalidGoalInput } from "./errors.js";

/** Resolved constants of the progress controller; every field is set. */
export interface ControlLoopSettings {
  /** Converged when the error is strictly below this. @default 0.25 */
  readonly convergenceThreshold: number;
  /** Proportional gain Kp. @default 1.0 */
  readonly kProportional: number;
  /** Integral gain Ki. @default 0.05 */
  readonly kIntegral: number;
  /** Falling-reward samples in a row that mean stalled. @default 3 */
  readonly stallPatience: number;
  /** Upper clamp of the integral (anti-windup). @default 100 */
  readonly integralMax: number;
  /** Lower clamp of the gain. @default 0.1 */
  readonly gainMin: number;
  /** Upper clamp of the gain. @default 10 */
  readonly gainMax: number;
  /** Samples on one goal before the loop reports CAPPED. @default 10 */
  readonly maxIterations: number;
}

/** The seed's constants (seed 002 `ThinkLoopBuilder` and signal clamps). */
export const DEFAULT_CONTROL_LOOP: ControlLoopSettings = Object.freeze({
  convergenceThreshold: 0.25,
  kProportional: 1.0,
  kIntegral: 0.05,
  stallPatience: 3,
  integralMax: 100,
  gainMin: 0.1,
  gainMax: 10,
  maxIterations: 10,
});

/**
 * Fills unset fields of a `ControlLoopConfig` with the defaults and rejects
 * values the control law cannot work with. The seed silently clamps bad
 * values; a typo in a config should fail loudly instead, naming the field.
 *
 * @throws GoalError INVALID_ARGUMENT naming the offending field.
 */
export function resolveControlLoop(config?: ControlLoopConfig | ControlLoopSettings | undefined): ControlLoopSettings {
  const d = DEFAULT_CONTROL_LOOP;
  const s: ControlLoopSettings = {
    convergenceThreshold: config?.convergenceThreshold ?? d.convergenceThreshold,
    kProportional: config?.kProportional ?? d.kProportional,
    kIntegral: config?.kIntegral ?? d.kIntegral,
    stallPatience: config?.stallPatience ?? d.stallPatience,
    integralMax: config?.integralMax ?? d.integralMax,
    gainMin: config?.gainMin ?? d.gainMin,
    gainMax: config?.gainMax ?? d.gainMax,
    maxIterations: config?.maxIterations ?? d.maxIterations,
  };
  const finite = (field: keyof ControlLoopSettings): number => {
    const v = s[field];
    if (!Number.isFinite(v)) throw invalidGoalInput(`control.${field}`, `must be a finite number, got ${v}`);
    return v;
  };
  const t = finite("convergenceThreshold");
  if (t < 0 || t > 1) throw invalidGoalInput("control.convergenceThreshold", `must be in [0, 1], got ${t}`);
  finite("kProportional");
  if (finite("kIntegral") < 0) throw invalidGoalInput("control.kIntegral", `must be >= 0, got ${s.kIntegral}`);
  if (finite("integralMax") < 0) throw invalidGoalInput("control.integralMax", `must be >= 0, got ${s.integralMax}`);
  if (finite("gainMin") < 0) throw invalidGoalInput("control.gainMin", `must be >= 0, got ${s.gainMin}`);
  if (finite("gainMax") < s.gainMin) {
    throw invalidGoalInput("control.gainMax", `must be >= gainMin (${s.gainMin}), got ${s.gainMax}`);
  }
  for (const field of ["stallPatience", "maxIterations"] as const) {
    const v = s[field];
    if (!Number.isInteger(v) || v < 1) throw invalidGoalInput(`control.${field}`, `must be an integer >= 1, got ${v}`);
  }
  return Object.freeze(s);
}

// ---------------------------------------------------------------------------
// Tokens and evidence

/**
 * The comparable tokens of a text: content words (lower-case, accents
 * folded, stop words and single letters dropped) reduced to their stems, so
 * "moons" in the criteria matches "moon" in a label. Maps each stem to the
 * first surface word that produced it, which is what `matched_terms` shows
 * (stems like "jupit" read badly).
 */
export function goalTokens(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const w of contentWords(text)) {
    const s = stem(w);
    if (!out.has(s)) out.set(s, w);
  }
  return out;
}

// ---------------------------------------------------------------------------
// The control law

/**
 * How the error compares criteria with evidence.
 *
 * - `"jaccard"` (default): |C ∩ E| / |C ∪ E|, the seed's and the proto
 *   contract's measure. It is symmetric, so evidence that is much larger
 *   than the criteria keeps the error high even when every criterion is
 *   present: 3 criteria tokens inside 30 evidence tokens give e = 0.9. It
 *   therefore rewards *focused* evidence, and converges only when the goal's
 *   neighbourhood says little besides the criteria.
 * - `"coverage"`: |C ∩ E| / |C|, the share of criteria tokens present in the
 *   evidence, which does not punish a large neighbourhood. Offered for
 *   controllers whose evidence is a whole graph neighbourhood plus tool
 *   output; it is a deliberate deviation from the seed and must be chosen
 *   explicitly.
 */
export type ErrorMeasure = "jaccard" | "coverage";

/** Error in [0, 1] between criteria and evidence token sets; 1 when the criteria are empty. */
export function errorOf(criteria: ReadonlySet<string>, evidence: ReadonlySet<string>, measure: ErrorMeasure = "jaccard"): number {
  if (criteria.size === 0) return 1;
  let hit = 0;
  for (const c of criteria) if (evidence.has(c)) hit++;
  const denominator = measure === "coverage" ? criteria.size : criteria.size + evidence.size - hit;
  return 1 - hit / denominator;
}

/** One application of the control law. */
export interface ControlStep {
  /** Error e, as given. */
  readonly error: number;
  /** I = clamp(I_prev + e, 0, integral_max). */
  readonly integral: number;
  /** K = clamp(Kp + Ki * I, gain_min, gain_max). */
  readonly gain: number;
  /** r = max((1 - e) * K, 0). */
  readonly reward: number;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(Math.max(v, lo), hi);

/** The seed's PI law for one sample, given the previous integral. */
export function controlStep(error: number, previousIntegral: number, s: ControlLoopSettings = DEFAULT_CONTROL_LOOP): ControlStep {
  const integral = clamp(previousIntegral + error, 0, s.integralMax);
  const gain = clamp(s.kProportional + s.kIntegral * integral, s.gainMin, s.gainMax);
  // The seed has no floor; the contract adds one so a future error measure
  // outside [0, 1] cannot produce a negative reward.
  const reward = Math.max((1 - error) * gain, 0);
  return { error, integral, gain, reward };
}

/** Input of `evaluateProgress`. */
export interface ProgressInput {
  /** The goal; its `progress` is the previous sample (absent on the first). */
  readonly goal: Goal;
  /** Evidence gathered this cycle: the graph's answers and the tool's output. */
  readonly evidence: GoalEvidence;
  /** Current cycle number, recorded in the sample. */
  readonly cycle: number;
  /**
   * 1-based number of this sample in the goal's loop; CAPPED when it
   * reaches max_iterations. @default goal.cyclesWorked + 1
   */
  readonly iteration?: number | undefined;
  /** Controller constants (raw proto config or already resolved). */
  readonly config?: ControlLoopConfig | ControlLoopSettings | undefined;
  /** Kept for configuration compatibility; the error is the share of criteria terms entailed. */
  readonly measure?: ErrorMeasure | undefined;
}

const fmt = (n: number): string => n.toFixed(3);

/**
 * Takes one closed-loop sample for a goal. The previous sample
 * (`goal.progress`) supplies the integral, the previous reward and error,
 * and the stall streak; without one the loop starts from I = 0, previous
 * reward 0 and previous error 1 (nothing known yet).
 *
 * The previous reward of a first sample is 0 rather than the seed's -inf:
 * rewards are never negative, so "r < previous" is false either way, and 0
 * survives protobuf JSON, which -inf does not everywhere.
 *
 * Verdicts, in order: COMPLETED (loop CONVERGED) when e is strictly below
 * the threshold; FAILED when the tool failed; ADVANCED when the error fell
 * below the previous sample's; otherwise NO_CHANGE. The loop state is
 * CONVERGED, else STALLED when the reward fell `stall_patience` samples in a
 * row, else CAPPED once `iteration >= max_iterations`, else RUNNING. A
 * constant reward (e.g. e stuck at 1, r = 0) never counts as falling: that
 * case is the "cycles without progress" rule of `stall.ts`.
 */
export function evaluateProgress(input: ProgressInput): GoalProgress {
  const { goal, evidence, cycle } = input;
  // Resolving is idempotent and cheap, so settings are re-validated here too.
  const s = resolveControlLoop(input.config);
  const iteration = input.iteration ?? goal.cyclesWorked + 1;
  if (!Number.isInteger(iteration) || iteration < 1) throw invalidGoalInput("iteration", `must be an integer >= 1, got ${iteration}`);

  const found = entailment(goal, input.evidence, cycle);
  const error = 1 - found.met.length / found.terms.length;
  const prev = goal.progress;
  const step = controlStep(error, prev?.integral ?? 0, s);
  const previousReward = prev?.reward ?? 0;
  const previousError = prev?.error ?? 1;
  const stallStreak = step.reward < previousReward ? (prev?.stallStreak ?? 0) + 1 : 0;

  const matchedTerms = [...found.met];
  const converged = found.proof !== undefined;
  const loopState = converged
    ? LoopState.CONVERGED
    : stallStreak >= s.stallPatience
      ? LoopState.STALLED
      : iteration >= s.maxIterations
        ? LoopState.CAPPED
        : LoopState.RUNNING;
  const outcome = converged
    ? ProgressOutcome.COMPLETED
    : evidence.toolSucceeded === false
      ? ProgressOutcome.FAILED
      : error < previousError
        ? ProgressOutcome.ADVANCED
        : ProgressOutcome.NO_CHANGE;

  const terms = goal.successCriteria.trim()
    ? `entailed ${matchedTerms.length}/${found.terms.length} criteria terms${matchedTerms.length > 0 ? `: ${matchedTerms.join(", ")}` : ""}`
    : found.proof
      ? "answered"
      : "no answer with evidence yet";
  const verdict =
    outcome === ProgressOutcome.COMPLETED
      ? `met: ${found.proof!.summary}`
      : outcome === ProgressOutcome.FAILED
        ? `tool failed; error ${fmt(error)}`
        : outcome === ProgressOutcome.ADVANCED
          ? `advanced: error ${fmt(previousError)} -> ${fmt(error)}`
          : `no change: error ${fmt(error)} (was ${fmt(previousError)})`;
  const loopNote =
    loopState === LoopState.STALLED
      ? `; stalled: reward fell ${stallStreak} samples in a row`
      : loopState === LoopState.CAPPED
        ? `; capped after ${iteration} of ${s.maxIterations} iterations`
        : "";

  return {
    goalId: goal.symbolId,
    cycle,
    error,
    integral: step.integral,
    gain: step.gain,
    reward: step.reward,
    previousReward,
    stallStreak,
    loopState,
    outcome,
    matchedTerms,
    reason: `${verdict}; reward ${fmt(step.reward)}; ${terms}${loopNote}`,
    proof: found.proof,
  };
}
