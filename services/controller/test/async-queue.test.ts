import { BusError } from "@boyd/bus";
import { describe, expect, it } from "vitest";
import { AsyncQueue } from "../src/agents/async-queue.js";

const drain = async <T>(queue: AsyncQueue<T>, out: T[]): Promise<void> => {
  for await (const item of queue) out.push(item);
};

// WatchEvents queued every event for a client that stopped reading, for as
// long as agents ran: the controller's memory grew without end.
describe("AsyncQueue", () => {
  it("delivers what was pushed, in order, then ends when closed", async () => {
    const queue = new AsyncQueue<number>(undefined, { items: 3, overflow: () => new Error("unused") });
    [1, 2, 3].forEach((n) => queue.push(n));
    queue.close();
    const got: number[] = [];
    await drain(queue, got);
    expect(got).toEqual([1, 2, 3]);
  });

  it("with a limit, a consumer more than `items` behind gets the limit's error and nothing more is kept", async () => {
    const queue = new AsyncQueue<number>(undefined, { items: 3, overflow: () => new BusError("RESOURCE_EXHAUSTED", "too far behind") });
    for (let n = 1; n <= 1_000; n++) queue.push(n);
    const got: number[] = [];
    await expect(drain(queue, got)).rejects.toMatchObject({ code: "RESOURCE_EXHAUSTED" });
    expect(got).toEqual([]);
  });

  it("a consumer keeping up is never cut off, however many items pass", async () => {
    const queue = new AsyncQueue<number>(undefined, { items: 2, overflow: () => new Error("cut off") });
    const got: number[] = [];
    const reading = drain(queue, got);
    for (let n = 1; n <= 100; n++) {
      queue.push(n);
      await new Promise((resolve) => setImmediate(resolve));
    }
    queue.close();
    await reading;
    expect(got).toHaveLength(100);
  });
});
