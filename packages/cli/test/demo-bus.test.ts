import { startNats } from "@boyd/testkit";
import { describe, expect, it } from "vitest";
import { runBusDemo } from "../src/index.js";

async function demoLines(nats?: string): Promise<string[]> {
  const lines: string[] = [];
  await runBusDemo({ requests: 6, print: (l) => lines.push(l), ...(nats ? { nats } : {}) });
  return lines;
}

function expectDemo(lines: string[]): void {
  const served = lines.filter((l) => l.includes("echo ->"));
  expect(served).toHaveLength(6);
  expect(new Set(served.map((l) => /served by (\S+)\)/.exec(l)?.[1])).size).toBeGreaterThan(1);
  expect(lines.some((l) => l.includes("DEADLINE_EXCEEDED"))).toBe(true);
  expect(lines.some((l) => l.includes("PERMISSION_DENIED: echo refuses that word"))).toBe(true);
  expect(lines.some((l) => l.includes("INVALID_ARGUMENT"))).toBe(true);
  expect(lines.filter((l) => l.includes("event demo/cycle."))).toHaveLength(2);
}

describe("boyd demo bus", () => {
  it("demo - in-process run shows spread, deadlines, errors and events", async () => {
    expectDemo(await demoLines());
  });

  it("demo - the same walk-through over a real nats-server", async () => {
    await using nats = await startNats();
    expectDemo(await demoLines(nats.url));
  });
});
