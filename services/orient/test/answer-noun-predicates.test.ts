import { describe, expect, it } from "vitest";
import { ask, graphWith, type Facts } from "./fixtures/asked-graph.js";

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

const ids = (a: { answers: readonly { symbolId: string }[] }): string[] => a.answers.map((x) => x.symbolId).sort();

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
