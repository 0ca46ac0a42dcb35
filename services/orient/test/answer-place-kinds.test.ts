import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Services placed on servers, the servers in cities: no fact places a service itself.
const HOSTS: Facts = [
  ...["gateway", "auth", "billing"].map((s) => [s, "is_a", "service"] as const),
  ...["node_a", "node_b", "node_c"].map((s) => [s, "is_a", "server"] as const),
  ["frankfurt", "is_a", "city"],
  ["dublin", "is_a", "city"],
  ["germany", "is_a", "country"],
  ["gateway", "runs_on", "node_a"],
  ["auth", "runs_on", "node_b"],
  ["billing", "runs_on", "node_c"],
  ["node_a", "located_in", "frankfurt"],
  ["node_b", "located_in", "frankfurt"],
  ["node_c", "located_in", "dublin"],
  ["frankfurt", "located_in", "germany"],
  ["auth", "released_in", "2019"],
  ["billing", "depends_on", "node_a"],
];

describe("answering - 'in which city' asks where, of the kind named", () => {
  it("'In which city does auth run?' goes through the server auth runs on, as 'Where does auth run?' does", async () => {
    const store = await graphWith(HOSTS, "hosts.csv");
    const city = await ask(store, "In which city does auth run?");
    expect(ids(city)).toEqual(["frankfurt"]);
    expect(city.pattern).toBe("auth runs_on ?y1, ?y1 located_in ?x, ?x is_a city");
    expect(proofOf(city, "frankfurt")).toBe("auth runs_on node_b (hosts.csv); node_b located_in frankfurt (hosts.csv); frankfurt is_a city (hosts.csv)");
    expect(ids(await ask(store, "Which city does billing run in?"))).toEqual(["dublin"]);
    expect(ids(await ask(store, "In which city is node_c located?"))).toEqual(["dublin"]);
  });

  it("the kind still holds: a city is no country, and a year is no place", async () => {
    const store = await graphWith(HOSTS, "hosts.csv");
    expect(ids(await ask(store, "In which country does auth run?"))).toEqual(["germany"]);
    expect(ids(await ask(store, "In which country does billing run?"))).toEqual([]);
    expect(ids(await ask(store, "In which year was auth released?"))).toEqual(["2019"]);
    expect((await ask(store, "In which city does gateway run?")).kind).toBe(AnswerKind.ENTITIES);
  });
});

describe("answering - the verb before 'in' a place says its fact places the answer there", () => {
  it("'Which services run in Frankfurt?' are those on a server in Frankfurt, each with the server in its proof", async () => {
    const store = await graphWith(HOSTS, "hosts.csv");
    const here = await ask(store, "Which services run in Frankfurt?");
    expect(ids(here)).toEqual(["auth", "gateway"]);
    expect(here.pattern).toBe("?y1 located_in frankfurt, ?x runs_on ?y1, ?x is_a service");
    expect(proofOf(here, "auth")).toBe("node_b located_in frankfurt (hosts.csv); auth runs_on node_b (hosts.csv); auth is_a service (hosts.csv)");
    expect(ids(await ask(store, "Which services run in Dublin?"))).toEqual(["billing"]);
  });

  it("a fact the verb does not name places nothing: billing depends on a server in Frankfurt and does not run there", async () => {
    const store = await graphWith(HOSTS, "hosts.csv");
    expect(ids(await ask(store, "Which services run in Frankfurt?"))).not.toContain("billing");
    expect(ids(await ask(store, "Which services are in Frankfurt?"))).toEqual([]);
  });
});
