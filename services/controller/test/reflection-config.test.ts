import { isBusError } from "@boyd/bus";
import { describe, expect, it } from "vitest";
import { DEFAULT_REFLECTION, resolveReflectionConfig } from "../src/reflection/config.js";

function rejection(f: () => unknown): unknown {
  try {
    f();
  } catch (err) {
    return err;
  }
  return undefined;
}

describe("reflection config", () => {
  it("config - unset or undefined fields take the defaults", () => {
    expect(resolveReflectionConfig()).toEqual(DEFAULT_REFLECTION);
    expect(resolveReflectionConfig({ boostAmount: undefined, minCyclesWorked: 4 })).toEqual({ ...DEFAULT_REFLECTION, minCyclesWorked: 4 });
  });

  it("config - a resolved config resolves to itself", () => {
    const c = resolveReflectionConfig({ demoteAmount: 10, consolidationPressure: 0.7 });
    expect(resolveReflectionConfig(c)).toEqual(c);
  });

  it("config - bad values are INVALID_ARGUMENT naming the field", () => {
    const cases: [Record<string, number>, RegExp][] = [
      [{ minCyclesWorked: -1 }, /minCyclesWorked must be a whole number >= 0, got -1/],
      [{ reflectEveryNCycles: 2.5 }, /reflectEveryNCycles/],
      [{ minToolSuccessRate: 1.1 }, /minToolSuccessRate must be a number in 0..1/],
      [{ consolidationPressure: Number.NaN }, /consolidationPressure/],
      [{ stagnationThreshold: 0 }, /stagnationThreshold must be at least 1/],
      [{ boostAmount: 256 }, /boostAmount must be at most 255/],
      [{ demoteAmount: 300 }, /demoteAmount must be at most 255/],
    ];
    for (const [options, message] of cases) {
      const err = rejection(() => resolveReflectionConfig(options));
      expect(isBusError(err, "INVALID_ARGUMENT"), JSON.stringify(options)).toBe(true);
      expect((err as Error).message).toMatch(message);
    }
  });

  it("config - the resolved config is frozen", () => {
    expect(Object.isFrozen(resolveReflectionConfig({ boostAmount: 3 }))).toBe(true);
    expect(Object.isFrozen(DEFAULT_REFLECTION)).toBe(true);
  });
});
