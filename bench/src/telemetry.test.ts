import { describe, expect, it } from "vitest";
import { telemetryMode } from "./telemetry.js";
import { formatModes, type ModeResult } from "./telemetry-report.js";

const result = (mode: ModeResult["mode"], p50Ratio: number): ModeResult => ({ mode, p50Ratio, p99Ratio: 2, p50ExtraMicros: 15, telemetryMicros: 0.4 });

describe("bench:bus telemetry modes", () => {
  it("BENCH_TELEMETRY - on when unset, each mode taken, anything else refused naming the variable and the value", () => {
    expect(telemetryMode({})).toBe("on");
    for (const mode of ["off", "on", "sampled"] as const) expect(telemetryMode({ BENCH_TELEMETRY: mode })).toBe(mode);
    expect(() => telemetryMode({ BENCH_TELEMETRY: "yes" })).toThrow('BENCH_TELEMETRY must be one of off, on, sampled, got "yes"');
  });

  it("formatModes - one row per mode, the verdict taken on `on` (what services run), not on the best mode", () => {
    const met = formatModes([result("off", 1.25), result("on", 1.19), result("sampled", 1.4)]);
    expect(met.split("\n").filter((l) => /^(off|on|sampled) /.test(l))).toHaveLength(3);
    expect(met).toContain('telemetry on": MET (1.19x)');
    expect(formatModes([result("off", 1.1), result("on", 1.21)])).toContain('telemetry on": NOT MET (1.21x)');
  });
});
