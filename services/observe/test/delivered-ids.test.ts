import { describe, expect, it } from "vitest";
import { DeliveredIds } from "../src/percepts/port.js";

// Every agent ever given a percept kept up to 4,096 delivered ids (about
// 400 KB) for as long as the process ran.
describe("DeliveredIds", () => {
  it("remembers each agent's newest ids, and only the agents most recently given a percept", () => {
    const delivered = new DeliveredIds(2, 2);
    delivered.add("a1", "p1");
    delivered.add("a1", "p2");
    delivered.add("a1", "p3"); // a1's oldest id goes
    expect(["p1", "p2", "p3"].map((id) => delivered.has("a1", id))).toEqual([false, true, true]);
    delivered.add("a2", "q1");
    delivered.add("a1", "p4"); // a1 given one last: a2 is now the agent given one longest ago
    delivered.add("a3", "r1"); // a third agent: a2 is forgotten
    expect([delivered.has("a2", "q1"), delivered.has("a1", "p4"), delivered.has("a3", "r1")]).toEqual([false, true, true]);
  });
});
