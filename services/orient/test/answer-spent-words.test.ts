import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Who follows whom, and where each lives: one relation chains through people.
const FOLLOWS: Facts = [
  ...["ana", "bo", "cy", "dan"].map((u) => [u, "is_a", "user"] as const),
  ["ana", "follows", "bo"],
  ["ana", "follows", "cy"],
  ["cy", "follows", "dan"],
  ["bo", "lives_in", "oslo"],
  ["cy", "lives_in", "rome"],
  ["dan", "lives_in", "oslo"],
];

describe("answering - a relation word said once is one fact, not also the tie to another thing named", () => {
  it("'Which users does Ana follow that live in Oslo?' is Bo, not Cy (whom Ana follows, and who follows someone in Oslo)", async () => {
    const store = await graphWith(FOLLOWS, "follows.csv");
    const followed = await ask(store, "Which users does Ana follow that live in Oslo?");
    expect(ids(followed)).toEqual(["bo"]);
    expect(proofOf(followed, "bo")).toContain("bo lives_in oslo (follows.csv)");
    expect(ids(await ask(store, "Who does Ana follow that lives in Rome?"))).toEqual(["cy"]);
  });
});
