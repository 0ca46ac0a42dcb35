import { BusError } from "@boyd/bus";
import type { ReflectionConfig } from "@boyd/proto";

/**
 * Reflection settings: the contract's {@link ReflectionConfig} plus two
 * knobs the contract does not carry. Every field is optional; unset fields
 * take the defaults of {@link DEFAULT_REFLECTION}.
 */
export interface ReflectionOptions extends ReflectionConfig {
  /**
   * Memory pressure (working-memory entries / capacity) at or above which
   * reflection asks for consolidation.
   * @default 0.8
   */
  consolidationPressure?: number | undefined;
  /**
   * Calls a tool needs before its success rate is judged: one failed call
   * says little about a tool.
   * @default 2
   */
  minToolInvocations?: number | undefined;
}

/** Reflection settings with every default filled in. */
export interface ResolvedReflectionConfig {
  /** Reflect every N cycles; 0 turns periodic reflection off. @default 5 */
  readonly reflectEveryNCycles: number;
  /** Cycles worked before a goal is judged at all. @default 3 */
  readonly minCyclesWorked: number;
  /** Tools below this success rate are flagged. @default 0.3 */
  readonly minToolSuccessRate: number;
  /** Cycles worked and cycles without progress that make a goal stagnant. @default 8 */
  readonly stagnationThreshold: number;
  /** Cycles worked after which a stagnant goal is abandoned. @default 16 */
  readonly abandonAfterCycles: number;
  /** Priority added to a goal that advanced. @default 20 */
  readonly boostAmount: number;
  /** Priority removed from a stagnant goal. @default 30 */
  readonly demoteAmount: number;
  /** Pressure at or above which consolidation is triggered. @default 0.8 */
  readonly consolidationPressure: number;
  /** Calls before a tool can be flagged. @default 2 */
  readonly minToolInvocations: number;
}

/**
 * The defaults. Interval 5, success floor 0.3 and stagnation 8 are the
 * reference agent's ReflectionConfig; abandon at 16 cycles worked, +20 and
 * -30 are the constants its reflection and metacognition use; 0.8 is the
 * pressure at which its documentation consolidates.
 */
export const DEFAULT_REFLECTION: ResolvedReflectionConfig = Object.freeze({
  reflectEveryNCycles: 5,
  minCyclesWorked: 3,
  minToolSuccessRate: 0.3,
  stagnationThreshold: 8,
  abandonAfterCycles: 16,
  boostAmount: 20,
  demoteAmount: 30,
  consolidationPressure: 0.8,
  minToolInvocations: 2,
});

/** Highest goal priority (a u8 in the original model). */
export const MAX_PRIORITY = 255;

const COUNTS = [
  "reflectEveryNCycles",
  "minCyclesWorked",
  "stagnationThreshold",
  "abandonAfterCycles",
  "boostAmount",
  "demoteAmount",
  "minToolInvocations",
] as const;
const FRACTIONS = ["minToolSuccessRate", "consolidationPressure"] as const;

/**
 * Fills in defaults and rejects values that cannot be meant: negative or
 * fractional counts, rates outside 0..1, priority steps beyond the 0..255
 * range, and a stagnation threshold of 0 (every goal would be stagnant).
 *
 * @throws BusError INVALID_ARGUMENT naming the field and the value.
 */
export function resolveReflectionConfig(options: ReflectionOptions | undefined = {}): ResolvedReflectionConfig {
  const out: Record<string, number> = { ...DEFAULT_REFLECTION };
  for (const key of COUNTS) {
    const v = options[key];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || v < 0) throw invalid(key, v, "a whole number >= 0");
    out[key] = v;
  }
  for (const key of FRACTIONS) {
    const v = options[key];
    if (v === undefined) continue;
    if (!Number.isFinite(v) || v < 0 || v > 1) throw invalid(key, v, "a number in 0..1");
    out[key] = v;
  }
  const resolved = out as unknown as ResolvedReflectionConfig;
  if (resolved.stagnationThreshold === 0) throw invalid("stagnationThreshold", 0, "at least 1");
  if (resolved.boostAmount > MAX_PRIORITY) throw invalid("boostAmount", resolved.boostAmount, `at most ${MAX_PRIORITY}`);
  if (resolved.demoteAmount > MAX_PRIORITY) throw invalid("demoteAmount", resolved.demoteAmount, `at most ${MAX_PRIORITY}`);
  return Object.freeze(resolved);
}

function invalid(field: string, value: unknown, expected: string): BusError {
  return new BusError("INVALID_ARGUMENT", `reflection config: ${field} must be ${expected}, got ${String(value)}`);
}
