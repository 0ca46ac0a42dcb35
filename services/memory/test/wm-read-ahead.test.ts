import { describe, expect, it } from "vitest";
import type { WmRead } from "../src/state.js";
import { WmReadAhead } from "../src/wm-read-ahead.js";

const read = (revision: number): WmRead => ({ revision, state: { entries: [], episodes: [] } as unknown as WmRead["state"] });

describe("WmReadAhead", () => {
  it("hands a kept read to the agent's next Remember once, and only while fresh", () => {
    let now = 1_000;
    const ahead = new WmReadAhead(() => now);
    ahead.keep("a1", read(7));
    expect(ahead.take("a2")).toBeUndefined();
    expect(ahead.take("a1")?.revision).toBe(7);
    expect(ahead.take("a1")).toBeUndefined();
    ahead.keep("a1", read(8));
    now += 10_001;
    expect(ahead.take("a1")).toBeUndefined();
    // A stale read is forgotten too: a fresh one kept later is the one handed out.
    ahead.keep("a1", read(9));
    expect(ahead.take("a1")?.revision).toBe(9);
  });

  it("keeps the reads of a bounded number of agents, the most recent", () => {
    const ahead = new WmReadAhead(() => 0);
    for (let i = 0; i < 1_000; i++) ahead.keep(`a${i}`, read(i));
    expect(ahead.take("a999")?.revision).toBe(999);
    expect(ahead.take("a0")).toBeUndefined();
  });
});
