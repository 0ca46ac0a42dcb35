import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Bridges, who designed them, and how many spans each has.
const BRIDGES: Facts = [
  ["garabit_viaduct", "is_a", "bridge"],
  ["maria_pia_bridge", "is_a", "bridge"],
  ["menai_bridge", "is_a", "bridge"],
  ["pontcysyllte_aqueduct", "is_a", "bridge"],
  ["garabit_viaduct", "designed_by", "gustave_eiffel"],
  ["maria_pia_bridge", "designed_by", "gustave_eiffel"],
  ["menai_bridge", "designed_by", "thomas_telford"],
  ["pontcysyllte_aqueduct", "designed_by", "thomas_telford"],
  ["garabit_viaduct", "spans", "7"],
  ["maria_pia_bridge", "spans", "3"],
  ["menai_bridge", "spans", "17"],
  ["pontcysyllte_aqueduct", "spans", "19"],
];

// A comparison, a ranking or "are there" asks the rest of the question again; asked in lower case,
// "eiffel" named no one, so each of these found nothing.
describe("answering - a shortened name in the part of a question asked again ('designed by Eiffel')", () => {
  it("compares among the things the name narrows to", async () => {
    const store = await graphWith(BRIDGES, "bridges.csv");
    const a = await ask(store, "Which bridges designed by Eiffel have more than 5 spans?");
    expect(ids(a)).toEqual(["garabit_viaduct"]);
    expect(a.pattern).toBe("?x designed_by gustave_eiffel, ?x is_a bridge, ?x spans ?n, ?n > 5");
  });

  it("ranks among them", async () => {
    const store = await graphWith(BRIDGES, "bridges.csv");
    expect(ids(await ask(store, "Which bridge designed by Telford has the fewest spans?"))).toEqual(["menai_bridge"]);
  });

  it("is yes to 'are there' by one of them, and still unknown for a name that names no one", async () => {
    const store = await graphWith(BRIDGES, "bridges.csv");
    const there = await ask(store, "Are there bridges designed by Telford?");
    expect(there.kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Are there bridges designed by Brunel?")).kind).toBe(AnswerKind.UNKNOWN);
  });
});
