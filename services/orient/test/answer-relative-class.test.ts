import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Services, the stores they depend on, and the teams that own them. No fact says what a team is:
// their names do ("payments_team").
const STACK: Facts = [
  ...["gateway", "auth", "billing", "search"].map((s) => [s, "is_a", "service"] as const),
  ["postgres_main", "is_a", "database"],
  ["elastic", "is_a", "database"],
  ["redis_cache", "is_a", "cache"],
  ["gateway", "depends_on", "auth"],
  ["gateway", "depends_on", "search"],
  ["auth", "depends_on", "postgres_main"],
  ["auth", "depends_on", "redis_cache"],
  ["billing", "depends_on", "postgres_main"],
  ["billing", "depends_on", "auth"],
  ["search", "depends_on", "elastic"],
  ["platform_team", "owns", "gateway"],
  ["platform_team", "owns", "search"],
  ["identity_team", "owns", "auth"],
  ["payments_team", "owns", "billing"],
  ["data_team", "owns", "postgres_main"],
  ["data_team", "owns", "elastic"],
  ["ops_team", "owns", "redis_cache"],
];

describe("answering - a class before a relative clause is what the clause's verb reaches", () => {
  it("'Who owns the services that billing depends on?' is auth's owner only: billing being a service does not make postgres one", async () => {
    const store = await graphWith(STACK, "stack.csv");
    const owners = await ask(store, "Who owns the services that billing depends on?");
    expect(ids(owners)).toEqual(["identity_team"]);
    expect(owners.pattern).toBe("billing depends_on ?y1, ?x owns ?y1, ?y1 is_a service");
    expect(proofOf(owners, "identity_team")).toContain("auth is_a service (stack.csv)");
    expect(ids(await ask(store, "Who owns the database that billing depends on?"))).toEqual(["data_team"]);
    expect(ids(await ask(store, "Who owns the cache that auth depends on?"))).toEqual(["ops_team"]);
  });

  it("a class named right before the thing ('the planet Mars') still describes the thing itself", async () => {
    const store = await graphWith(
      [
        ["mars", "is_a", "planet"],
        ["phobos", "orbits", "mars"],
        ["deimos", "orbits", "mars"],
        ["phobos", "is_a", "moon"],
        ["deimos", "is_a", "moon"],
      ],
      "sky.csv",
    );
    const moons = await ask(store, "Which moons orbit the planet Mars?");
    expect(ids(moons)).toEqual(["deimos", "phobos"]);
    expect(proofOf(moons, "phobos")).toContain("mars is_a planet (sky.csv)");
  });
});

describe("answering - the noun after 'which' is the kind of answer, whatever word follows it", () => {
  it("'Which team owns billing?' names its owner, a team by its name", async () => {
    const store = await graphWith(STACK, "stack.csv");
    expect(ids(await ask(store, "Which team owns billing?"))).toEqual(["payments_team"]);
    expect(ids(await ask(store, "Which team owns postgres_main?"))).toEqual(["data_team"]);
  });

  it("'Which team owns the database that billing depends on?' is a team, never the database its owner's name describes", async () => {
    const store = await graphWith(STACK, "stack.csv");
    const owner = await ask(store, "Which team owns the database that billing depends on?");
    expect(ids(owner)).toEqual(["data_team"]);
    expect(proofOf(owner, "data_team")).toBe("billing depends_on postgres_main (stack.csv); data_team owns postgres_main (stack.csv); postgres_main is_a database (stack.csv)");
    expect(ids(await ask(store, "Which team owns the service that gateway depends on?"))).toEqual(["identity_team", "platform_team"]);
  });
});
