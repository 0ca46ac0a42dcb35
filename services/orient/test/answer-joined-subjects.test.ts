import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, type Facts } from "./fixtures/asked-graph.js";

// Students, the courses they take, and the building each course meets in.
const CAMPUS: Facts = [
  ...["ana", "ben", "chloe"].map((s) => [s, "is_a", "student"] as const),
  ...["chemistry", "drawing"].map((c) => [c, "is_a", "course"] as const),
  ["ana", "enrolled_in", "chemistry"],
  ["ben", "enrolled_in", "chemistry"],
  ["chloe", "enrolled_in", "drawing"],
  ["chemistry", "meets_in", "hall_b"],
  ["hall_b", "is_a", "building"],
];

describe("answering - a yes/no question of two things joined by 'and' is asked of each", () => {
  it("'Are Ana and Ben enrolled in chemistry?' is yes with both facts; with Chloe, who is not, it is not yes", async () => {
    const store = await graphWith(CAMPUS, "campus.csv");
    const both = await ask(store, "Are Ana and Ben enrolled in chemistry?");
    expect(both.kind).toBe(AnswerKind.YES);
    expect(both.proof!.summary).toBe("ana enrolled_in chemistry (campus.csv); ben enrolled_in chemistry (campus.csv)");
    const withChloe = await ask(store, "Are Ana and Chloe enrolled in chemistry?");
    expect(withChloe.kind).toBe(AnswerKind.UNKNOWN);
    expect(withChloe.pattern).toBe("chloe enrolled_in chemistry");
  });

  it("'Are chemistry and Hall B courses?' is not yes because chemistry is one and meets in Hall B: each must be a course", async () => {
    const store = await graphWith(CAMPUS, "campus.csv");
    expect((await ask(store, "Are chemistry and Hall B courses?")).kind).toBe(AnswerKind.UNKNOWN);
    const courses = await ask(store, "Are chemistry and drawing courses?");
    expect(courses.kind).toBe(AnswerKind.YES);
    expect(courses.proof!.summary).toBe("chemistry is_a course (campus.csv); drawing is_a course (campus.csv)");
  });

  it("names joined with an article after 'and' ('the chemistry and the drawing') are each asked too", async () => {
    const store = await graphWith([...CAMPUS, ["drawing", "meets_in", "hall_b"]], "campus.csv");
    const both = await ask(store, "Do the chemistry and the drawing meet in Hall B?");
    expect(both.kind).toBe(AnswerKind.YES);
    expect(both.proof!.summary).toBe("chemistry meets_in hall_b (campus.csv); drawing meets_in hall_b (campus.csv)");
    const one = await ask(await graphWith(CAMPUS, "campus.csv"), "Do the chemistry and the drawing meet in Hall B?");
    expect(one.kind).toBe(AnswerKind.UNKNOWN);
    expect(one.pattern).toBe("drawing meets_in hall_b");
  });
});
