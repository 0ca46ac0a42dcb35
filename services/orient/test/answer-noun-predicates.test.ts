import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Support tickets and two animals: one-word predicates that end in "s" and are nouns.
const FACTS: Facts = [
  ["ticket_41", "status", "open"],
  ["ticket_42", "status", "resolved"],
  ["ticket_41", "is_a", "ticket"],
  ["ticket_42", "is_a", "ticket"],
  ["lion", "genus", "panthera"],
  ["wolf", "genus", "canis"],
  ["ticket_42", "owns", "billing_bug"],
];

describe("answering - a one-word noun predicate ending in 's' is no verb ('What is the status of ticket 42?')", () => {
  it("answers 'the N of X' from X", async () => {
    const store = await graphWith(FACTS, "tickets.csv");
    // `status` read as a verb's third person ("orbits") put ticket 42 at its object's end: no answer.
    const status = await ask(store, "What is the status of ticket 42?");
    expect(ids(status)).toEqual(["resolved"]);
    expect(status.pattern).toBe("ticket_42 status ?x");
    expect(ids(await ask(store, "What is the genus of the wolf?"))).toEqual(["canis"]);
  });

  it("still reads a verb's third person as a verb", async () => {
    const store = await graphWith(FACTS, "tickets.csv");
    expect(ids(await ask(store, "What does ticket 42 own?"))).toEqual(["billing_bug"]);
    expect(ids(await ask(store, "Which tickets are open?"))).toEqual(["ticket_41"]);
  });
});

// Parcels: a state each is in, where each is bound for, and a depot that is a thing of its own.
const PARCELS: Facts = [
  ["parcel_7", "status", "in_transit"],
  ["parcel_8", "status", "delivered"],
  ["parcel_7", "bound_for", "leeds"],
  ["parcel_8", "held_at", "york_depot"],
  ["parcel_8", "condition", "york_depot"],
  ["york_depot", "is_a", "depot"],
];

describe("answering - a yes/no question of a thing's state ('Is parcel 8 delivered?')", () => {
  it("is yes by the fact giving it that value, with that fact as proof", async () => {
    const store = await graphWith(PARCELS, "parcels.csv");
    // Read as `parcel_8 is_a delivered`, it was unknown.
    const yes = await ask(store, "Is parcel 8 delivered?");
    expect(yes.kind).toBe(AnswerKind.YES);
    expect(yes.proof!.summary).toBe("parcel_8 status delivered (parcels.csv)");
    expect((await ask(store, "Is parcel 7 in transit?")).kind).toBe(AnswerKind.YES);
  });

  it("is never yes by another thing's state, by a relation, or by a value that is a thing of its own", async () => {
    const store = await graphWith(PARCELS, "parcels.csv");
    expect((await ask(store, "Is parcel 7 delivered?")).kind).toBe(AnswerKind.UNKNOWN);
    // `bound_for` is a relation to Leeds, no state of the parcel.
    expect((await ask(store, "Is parcel 7 Leeds?")).kind).toBe(AnswerKind.UNKNOWN);
    // The depot is a depot: a thing, not a value (whatever `condition` says).
    expect((await ask(store, "Is parcel 8 York Depot?")).kind).toBe(AnswerKind.UNKNOWN);
  });
});
