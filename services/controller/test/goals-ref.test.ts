import type { Goal } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { addGoal, findGoalByRef } from "../src/index.js";

const SATURN = "Find which moons of Saturn have a subsurface ocean";
const MARS = "Find the moons that orbit Mars";

function book(...descriptions: string[]): Goal[] {
  let goals: Goal[] = [];
  for (const description of descriptions) goals = addGoal(goals, { description }).goals;
  return goals;
}

describe("goal references", () => {
  it("findGoalByRef - the goal as the user typed it finds the goal whose id was cut to 40 characters", () => {
    const goals = book(SATURN, MARS);
    expect(goals[0]!.symbolId).toBe("goal:Find which moons of Saturn have a subsur");
    expect(findGoalByRef(goals, SATURN).goal?.symbolId).toBe(goals[0]!.symbolId);
    // With its criteria, as typed in --goals, and in other case and spacing.
    expect(findGoalByRef(goals, `${SATURN} => enceladus, subsurface water`).goal).toBe(goals[0]);
    expect(findGoalByRef(goals, "  find the MOONS that orbit   mars ").goal).toBe(goals[1]);
    // The id still works, and so does a unique start of a description.
    expect(findGoalByRef(goals, "goal:Find the moons that orbit Mars").goal).toBe(goals[1]);
    expect(findGoalByRef(goals, "Find which").goal).toBe(goals[0]);
  });

  it("findGoalByRef - an ambiguous or unknown reference says which goals there are", () => {
    const goals = book(SATURN, MARS, "Find the moons that orbit Mars and Jupiter");
    // An exact description wins over a longer one it starts.
    expect(findGoalByRef(goals, MARS).goal).toBe(goals[1]);
    expect(findGoalByRef(goals, "Find").problem).toBe(
      '"Find" matches 3 goals (goal:Find which moons of Saturn have a subsur, goal:Find the moons that orbit Mars, goal:Find the moons that orbit Mars and Jupit); give more of it or the id',
    );
    expect(findGoalByRef(goals, "Pluto").problem).toMatch(/^no goal matches "Pluto"; goals: goal:Find which/);
    expect(findGoalByRef(goals, "  ").problem).toBe("the goal reference is empty");
  });
});
