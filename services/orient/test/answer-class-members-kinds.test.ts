import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// A garage: kinds of vehicle, a few models, and what else a model has facts with.
const GARAGE: Facts = [
  ["car", "is_a", "vehicle"],
  ["truck", "is_a", "vehicle"],
  ["trailer", "is_a", "vehicle"],
  ["sedan", "is_a", "car"],
  ["corolla", "is_a", "sedan"],
  ["civic", "is_a", "sedan"],
  ["f150", "is_a", "truck"],
  ["f150", "tows", "trailer"],
  ["corolla", "made_by", "toyota"],
  ["toyota", "is_a", "maker"],
];

describe("answering - a class asked for alone is answered by its members, never by its own kinds ('Which are the sedans?')", () => {
  it("the members answer, however the request is worded, though the class is itself a kind of another", async () => {
    const store = await graphWith(GARAGE, "garage.csv");
    // `sedan is_a car` read upward answered car and vehicle.
    const which = await ask(store, "Which are the sedans?");
    expect(ids(which)).toEqual(["civic", "corolla"]);
    expect(which.pattern).toBe("?x is_a sedan");
    expect(proofOf(which, "civic")).toBe("civic is_a sedan (garage.csv)");
    for (const request of ["List the sedans.", "Find the sedans", "What are the sedans?"]) expect(ids(await ask(store, request))).toEqual(["civic", "corolla"]);
    expect(ids(await ask(store, "Find the trucks"))).toEqual(["f150"]);
  });
});

describe("answering - 'What kind of vehicle is the F150?' asks the kind the F150 is, not any vehicle it has a fact with", () => {
  it("the thing after the copula is tied to the answer by its own is-a fact", async () => {
    const store = await graphWith(GARAGE, "garage.csv");
    // `f150 tows trailer`, and a trailer is a vehicle: the trailer was the answer.
    const f150 = await ask(store, "What kind of vehicle is the F150?");
    expect(ids(f150)).toEqual(["truck"]);
    expect(proofOf(f150, "truck")).toBe("truck is_a vehicle (garage.csv); f150 is_a truck (garage.csv)");
    // Each kind it is through its chain of is-a facts answers; its maker, no vehicle, never.
    expect(ids(await ask(store, "What kind of vehicle is a Corolla?"))).toEqual(["car", "sedan"]);
  });

  it("in a clause the thing after the copula still describes the clause's noun ('a sedan that is ...')", async () => {
    const store = await graphWith(GARAGE, "garage.csv");
    expect(ids(await ask(store, "Who makes a car that is a sedan?"))).toEqual(["toyota"]);
  });
});
