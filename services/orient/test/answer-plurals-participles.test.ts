import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// A farm's animals and tools, and the records athletes set.
const FARM: Facts = [
  ["honk", "is_a", "goose"],
  ["squeak", "is_a", "mouse"],
  ["paring_knife", "is_a", "knife"],
  ["saguaro", "is_a", "cactus"],
  ["soil_test", "is_a", "analysis"],
  ...["honk", "squeak", "paring_knife", "saguaro", "soil_test"].map((x) => [x, "kept_at", "hill_farm"] as const),
  ["world_100m", "is_a", "record"],
  ["world_200m", "is_a", "record"],
  ["world_100m", "set_by", "bolt"],
  ["world_200m", "set_by", "bolt"],
  ["bolt", "is_a", "athlete"],
];

describe("answering - irregular plurals name their class", () => {
  it("'Which geese / mice / knives / cacti / analyses are kept at Hill Farm?' each find their one member", async () => {
    const store = await graphWith(FARM, "farm.csv");
    for (const [plural, member] of [["geese", "honk"], ["mice", "squeak"], ["knives", "paring_knife"], ["cacti", "saguaro"], ["analyses", "soil_test"]] as const) {
      expect(ids(await ask(store, `Which ${plural} are kept at Hill Farm?`)), plural).toEqual([member]);
    }
  });
});

describe("answering - a participle that is its verb ('set', 'run') makes a passive predicate", () => {
  it("'Which records were set by Bolt?' reads `set_by` as passive; 'What did world_100m set?' finds nothing", async () => {
    const store = await graphWith(FARM, "farm.csv");
    const set = await ask(store, "Which records were set by Bolt?");
    expect(ids(set)).toEqual(["world_100m", "world_200m"]);
    expect(proofOf(set, "world_100m")).toContain("world_100m set_by bolt (farm.csv)");
    expect(ids(await ask(store, "Who set world_100m?"))).toEqual(["bolt"]);
    // Read as active, `world_100m set_by bolt` said the record set Bolt.
    expect(ids(await ask(store, "What did world_100m set?"))).toEqual([]);
  });
});
