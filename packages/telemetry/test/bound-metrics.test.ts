import { Counter, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { BoundCounter, BoundHistogram } from "../src/bound-metrics.js";

// Each sample line as "name{sorted labels} value", so two expositions can be
// compared whatever order each writes its labels in.
function normalized(body: string): string[] {
  return body
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const name = m[1]!;
      const labels = [...(m[2] ?? "").matchAll(/(?<!\w)(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => `${l[1]}="${l[2]}"`).sort();
      return `${name}{${labels.join(",")}} ${m[3]}`;
    })
    .sort();
}

const BUCKETS = [0.001, 0.01, 0.1, 1];
const OBSERVED: Array<[string, string, number]> = [
  ["boyd.v1.ActService", "OK", 0.0005],
  ["boyd.v1.ActService", "OK", 0.001], // on a bound: counted in it, as Prometheus' `le` says
  ["boyd.v1.ActService", "OK", 0.05],
  ["boyd.v1.ActService", "INTERNAL", 7], // above every bound: +Inf only
  ['odd "svc"\\\n', "OK", 0.2], // label values the exposition must escape
];

describe("bound rpc metrics", () => {
  it("render the same Prometheus samples as prom-client's Histogram and Counter given the same calls", async () => {
    const registry = new Registry();
    registry.setDefaultLabels({ process: "act" });
    const labelNames = ["service", "code"] as const;
    const theirs = new Histogram({ name: "their_seconds", help: "h", labelNames, buckets: BUCKETS, registers: [registry] });
    const ours = new BoundHistogram({ name: "our_seconds", help: "h", labelNames, buckets: BUCKETS, registers: [registry] });
    const theirCount = new Counter({ name: "their_total", help: "c", labelNames, registers: [registry] });
    const ourCount = new BoundCounter({ name: "our_total", help: "c", labelNames, registers: [registry] });
    for (const [service, code, seconds] of OBSERVED) {
      theirs.labels(service, code).observe(seconds);
      ours.child(service, code).observe(seconds);
      theirCount.labels(service, code).inc();
      ourCount.child(service, code).inc();
    }
    const body = await registry.metrics();
    const theirLines = normalized(body).filter((l) => l.startsWith("their_"));
    const ourLines = normalized(body).filter((l) => l.startsWith("our_"));
    // 3 label sets: 4 buckets, +Inf, _sum and _count each, and 3 counter samples.
    expect(theirLines).toHaveLength(3 * (BUCKETS.length + 3) + 3);
    expect(ourLines.map((l) => l.replace(/^our_/, "their_")).sort()).toEqual(theirLines);
    expect(body).toContain("# TYPE our_seconds histogram");
    expect(body).toContain("# TYPE our_total counter");
  });

  it("a child is bound once: the same cell for the same labels, still counting after a registry reset", async () => {
    const registry = new Registry();
    const counter = new BoundCounter({ name: "calls_total", help: "c", labelNames: ["code"] as const, registers: [registry] });
    const cell = counter.child("OK");
    expect(counter.child("OK")).toBe(cell);
    cell.inc();
    cell.inc();
    expect(await registry.metrics()).toContain('calls_total{code="OK"} 2');
    registry.resetMetrics();
    cell.inc();
    expect(await registry.metrics()).toContain('calls_total{code="OK"} 1');
    expect(() => counter.child("OK", "extra")).toThrow(/calls_total: expected 1 label values, got 2/);
  });
});
