import { describe, expect, it } from "vitest";
import { countHops, splitTime, wallTime, waves, type Op, type OpKind } from "./ops.js";

let nextId = 1;
function op(kind: OpKind, name: string, start: number, end: number, parent?: Op): Op {
  return { id: nextId++, parent: parent?.id, kind, name, start, end, bytes: 0 };
}

/** A cycle shaped like the real one: observe asks memory twice at once, then reads KV; act asks orient; three events. */
function cycle(): Op[] {
  const started = op("event", "cycle.started", 0, 1);
  const observe = op("rpc", "Observe.Observe", 1, 10);
  const recent = op("rpc", "Memory.Recent", 2, 5, observe);
  const recall = op("rpc", "Memory.Recall", 2, 8, observe);
  const keys = op("nats", "consumer create", 3, 4, recall);
  const getA = op("nats", "kv get", 4, 6, recall);
  const getB = op("nats", "kv get", 4, 7, recall);
  const pull = op("nats", "pull", 8.5, 8.5, observe);
  const act = op("rpc", "Act.Act", 11, 20);
  const query = op("rpc", "Orient.Query", 12, 14, act);
  const acted = op("event", "acted", 20, 21);
  const save = op("rpc", "Memory.SaveSession", 21, 24);
  const finished = op("event", "cycle.finished", 24, 25);
  return [started, observe, recent, recall, keys, getA, getB, pull, act, query, acted, save, finished];
}

describe("cycle ops", () => {
  it("countHops - concurrent calls under one parent count once, the longer chain wins", () => {
    const hops = countHops(cycle(), true);
    expect(hops).toEqual({ rpc: 6, events: 3, nats: 4, bus: 8, all: 11 });
    // observe 1 + recall 1 (recent runs beside it), act 1 + query 1, save 1, three events.
    // With the services' requests: recall's chain is 1 + consumer create + one wave of two gets = 3; the pull adds 1.
  });

  it("countHops - events are no hops where they do not travel", () => {
    expect(countHops(cycle(), false).bus).toBe(5);
  });

  it("countHops - an op whose parent is outside the cycle is the controller's own call", () => {
    const run = op("rpc", "Agent.Run", -100, 100);
    const inside = op("rpc", "Observe.Observe", 0, 1, run);
    expect(countHops([inside], false)).toMatchObject({ rpc: 1, bus: 1 });
  });

  it("countHops - a call that outlived its caller was not waited for", () => {
    const act = op("rpc", "Act.Act", 0, 10);
    const query = op("rpc", "Orient.Query", 1, 3, act);
    const facts = op("rpc", "Memory.RecordFacts", 9, 14, act); // fire and forget: act answered at 10
    expect(countHops([act, query, facts], false)).toMatchObject({ rpc: 3, bus: 2 });
  });

  it("waves - touching intervals are sequential, overlapping ones concurrent", () => {
    const a = op("rpc", "a", 0, 2);
    const b = op("rpc", "b", 2, 3);
    const c = op("rpc", "c", 2.5, 4);
    expect(waves([c, a, b]).map((w) => w.map((o) => o.name))).toEqual([["a"], ["b", "c"]]);
  });

  it("wallTime - overlapping ops count once", () => {
    expect(wallTime([op("nats", "kv get", 0, 2), op("nats", "kv get", 1, 3), op("nats", "kv get", 5, 6)])).toBe(4);
  });

  it("splitTime - the controller's calls by name and the time it waited on none", () => {
    const { byName, own } = splitTime(cycle(), 0, 26);
    expect(byName.get("Observe.Observe")).toBe(9);
    expect(byName.get("Memory.Recall")).toBeUndefined(); // nested, not the controller's own call
    expect(byName.get("cycle.started")).toBe(1);
    expect(own).toBe(2); // 10..11 and 25..26
  });
});
