import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Three ports and how many people live in each.
const PORTS: Facts = [
  ...[["callao", "1100000"], ["mollendo", "28000"], ["valparaiso", "296000"]].flatMap(([port, people]): [string, string, string][] => [
    [port!, "is_a", "port"],
    [port!, "population", people!],
  ]),
];

describe("answering - 'a million' is one million ('Which ports have more than a million inhabitants?')", () => {
  it("compares with the scale itself, in open and yes/no questions", async () => {
    const store = await graphWith(PORTS, "ports.csv");
    // With no digit before "million", no comparison was read: refused.
    const over = await ask(store, "Which ports have more than a million inhabitants?");
    expect(ids(over)).toEqual(["callao"]);
    expect(over.pattern).toBe("?x population ?n, ?n > 1000000, ?x is-a port");
    expect(ids(await ask(store, "Which ports have fewer than a thousand inhabitants?"))).toEqual([]);
    expect(ids(await ask(store, "Which ports have more than a thousand inhabitants?"))).toEqual(["callao", "mollendo", "valparaiso"]);
    expect((await ask(store, "Does Valparaiso have more than a million inhabitants?")).kind).toBe(AnswerKind.NO);
  });
});
