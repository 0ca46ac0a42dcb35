import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// A bookshop's shelves: novels, poems and plays, the last two both kinds of text.
const SHOP: Facts = [
  ["dune", "is_a", "novel"],
  ["emma", "is_a", "novel"],
  ["ozymandias", "is_a", "poem"],
  ["ithaka", "is_a", "poem"],
  ["hamlet", "is_a", "play"],
  ["poem", "is_a", "text"],
  ["play", "is_a", "text"],
  ["hamlet", "inspired", "emma"],
];

describe("answering - classes listed after a request ('Find the poems and the plays')", () => {
  it("are each asked for, though they are kinds of one thing: the members of both answer", async () => {
    const store = await graphWith(SHOP, "shop.csv");
    // Read as two names of one kind joined ("the Rhine and the Elbe"), the request was refused.
    const both = await ask(store, "Find the poems and the plays");
    expect(ids(both)).toEqual(["hamlet", "ithaka", "ozymandias"]);
    expect(proofOf(both, "hamlet")).toBe("hamlet is_a play (shop.csv)");
    expect(ids(await ask(store, "List all plays and all poems."))).toEqual(["hamlet", "ithaka", "ozymandias"]);
    expect(ids(await ask(store, "What are the poems and the plays?"))).toEqual(["hamlet", "ithaka", "ozymandias"]);
  });

  it("a thing listed beside the class asked for ties nothing to it: 'Find the novels and Hamlet' is not what Hamlet inspired", async () => {
    const store = await graphWith(SHOP, "shop.csv");
    // Read from Hamlet by any fact, Emma answered as the novel Hamlet inspired.
    const listed = await ask(store, "Find the novels and Hamlet");
    expect(ids(listed)).toEqual([]);
    expect(ids(await ask(store, "Which novels did Hamlet inspire?"))).toEqual(["emma"]);
  });
});
