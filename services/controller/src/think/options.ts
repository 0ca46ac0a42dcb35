/**
 * Options of `think`, their defaults (seed 002 `ThinkLoopBuilder`) and the
 * one place they are checked.
 */
import type { ControlLoopConfig } from "@boyd/proto";
import { invalidGoalInput } from "../goals/errors.js";
import { type ControlLoopSettings, type ErrorMeasure, resolveControlLoop } from "../goals/progress.js";
import type { ColdStore, ThinkStep } from "./types.js";

/** Options of `think`. */
export interface ThinkOptions {
  /**
   * Control-law constants: max iterations, convergence threshold, Kp, Ki,
   * stall patience, clamps. Unset fields take `DEFAULT_CONTROL_LOOP`.
   */
  readonly control?: ControlLoopConfig | ControlLoopSettings | undefined;
  /**
   * How the question is compared with what was found.
   * - "coverage": the share of question terms present in everything found
   *   so far. Ours, and the default, because it is the question the loop
   *   exists for: how much of what was asked has been found.
   * - "jaccard": the seed's e = 1 - Jaccard(question, observation), each
   *   observation on its own, under which the seed's stall rule (reward
   *   falling `stall_patience` steps in a row) watches answers drifting off
   *   topic. Jaccard divides by the union, so a 40-word passage holding all
   *   five question terms still gives e = 0.875: on real passages it
   *   rarely converges and stops by stall or cap instead.
   * @default "coverage"
   */
  readonly measure?: ErrorMeasure | undefined;
  /** Reward a hot entry needs to be promoted to the cold store, in [0, 1]. @default 0.5 */
  readonly promotionThreshold?: number | undefined;
  /** Hot memory size (FIFO). @default 16 */
  readonly hotCapacity?: number | undefined;
  /** Passages in the answer. @default 3 */
  readonly answerPassages?: number | undefined;
  /** Where promoted entries go. @default an in-memory store (`inMemoryColdStore`) */
  readonly coldStore?: ColdStore | undefined;
  /** Called after each iteration, e.g. to print it as it happens. */
  readonly onStep?: ((step: ThinkStep) => void) | undefined;
  /** Stops the loop between iterations; `think` then rejects with the reason. */
  readonly signal?: AbortSignal | undefined;
}

/** `ThinkOptions` with every default applied (the callback, store and signal stay optional). */
export interface ResolvedThinkOptions {
  /** Validated control-law constants. */
  readonly control: ControlLoopSettings;
  /** Error measure. */
  readonly measure: ErrorMeasure;
  /** Promotion threshold. */
  readonly promotionThreshold: number;
  /** Hot memory size. */
  readonly hotCapacity: number;
  /** Passages in the answer. */
  readonly answerPassages: number;
}

/** Seed 002's promotion threshold and hot capacity, and our answer size. */
export const DEFAULT_THINK = Object.freeze({ measure: "coverage" as ErrorMeasure, promotionThreshold: 0.5, hotCapacity: 16, answerPassages: 3 });

/**
 * Applies defaults and rejects values the loop cannot use, naming the
 * field. The seed clamps silently; a mistyped threshold should fail loudly.
 *
 * @throws GoalError INVALID_ARGUMENT.
 */
export function resolveThinkOptions(options: ThinkOptions = {}): ResolvedThinkOptions {
  const control = resolveControlLoop(options.control);
  const measure = options.measure ?? DEFAULT_THINK.measure;
  if (measure !== "coverage" && measure !== "jaccard") throw invalidGoalInput("measure", `must be "coverage" or "jaccard", got ${JSON.stringify(measure)}`);
  const promotionThreshold = options.promotionThreshold ?? DEFAULT_THINK.promotionThreshold;
  if (!Number.isFinite(promotionThreshold) || promotionThreshold < 0 || promotionThreshold > 1) {
    throw invalidGoalInput("promotionThreshold", `must be in [0, 1], got ${promotionThreshold}`);
  }
  const count = (field: "hotCapacity" | "answerPassages"): number => {
    const v = options[field] ?? DEFAULT_THINK[field];
    if (!Number.isInteger(v) || v < 1) throw invalidGoalInput(field, `must be an integer >= 1, got ${v}`);
    return v;
  };
  return { control, measure, promotionThreshold, hotCapacity: count("hotCapacity"), answerPassages: count("answerPassages") };
}
