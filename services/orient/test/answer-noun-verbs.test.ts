import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Predicates that are nouns ("X N Y": Y is X's N), asked about with verbs.
const WEB: Facts = [
  ["owl", "prey", "mouse"],
  ["fox", "prey", "rabbit"],
  ["mouse", "is_a", "animal"],
  ["owl", "is_a", "animal"],
  ["fox", "is_a", "animal"],
  ["rabbit", "is_a", "animal"],
  ["webapp", "dependency", "router"],
  ["router", "dependency", "logger"],
  ["seminar", "prerequisite", "lecture"],
  ["seminar", "is_a", "course"],
  ["lecture", "is_a", "course"],
  ["tom", "manager", "ursula"],
  ["vera", "manager", "ursula"],
  ["alien", "director", "ridley_scott"],
  ["alien", "is_a", "film"],
];

describe("answering - a verb for a noun predicate keeps the roles the verb gives", () => {
  it("'What does the mouse eat?' over `owl prey mouse` is not the owl: the thing before the verb is the one whose N it is", async () => {
    const store = await graphWith(WEB, "web.csv");
    expect(ids(await ask(store, "What does the owl eat?"))).toEqual(["mouse"]);
    expect(ids(await ask(store, "What does the mouse eat?"))).toEqual([]);
    expect(ids(await ask(store, "What eats the mouse?"))).toEqual(["owl"]);
    expect(ids(await ask(store, "What hunts rabbits?"))).toEqual(["fox"]);
    expect(ids(await ask(store, "What does the router depend on?"))).toEqual(["logger"]);
    expect(ids(await ask(store, "What depends on the router?"))).toEqual(["webapp"]);
  });

  it("a yes/no question is yes only the right way round", async () => {
    const store = await graphWith(WEB, "web.csv");
    expect((await ask(store, "Does the owl hunt the mouse?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Does the mouse hunt the owl?")).kind).toBe(AnswerKind.UNKNOWN);
    expect((await ask(store, "Does the logger depend on the router?")).kind).toBe(AnswerKind.UNKNOWN);
    expect((await ask(store, "Does the seminar require the lecture?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Does the lecture require the seminar?")).kind).toBe(AnswerKind.UNKNOWN);
  });

  it("a noun for whoever does the verb turns the roles round ('Who manages Tom?' over `tom manager ursula`), as does the passive", async () => {
    const store = await graphWith(WEB, "web.csv");
    expect(ids(await ask(store, "Who manages Tom?"))).toEqual(["ursula"]);
    expect(ids(await ask(store, "Who does Ursula manage?"))).toEqual(["tom", "vera"]);
    expect((await ask(store, "Does Tom manage Ursula?")).kind).toBe(AnswerKind.UNKNOWN);
    expect(ids(await ask(store, "Who is managed by Ursula?"))).toEqual(["tom", "vera"]);
    expect(ids(await ask(store, "Who directed Alien?"))).toEqual(["ridley_scott"]);
    expect(ids(await ask(store, "Which films did Ridley Scott direct?"))).toEqual(["alien"]);
    expect(ids(await ask(store, "Which courses are required for the seminar?"))).toEqual(["lecture"]);
    expect(ids(await ask(store, "Which courses require the lecture?"))).toEqual(["seminar"]);
  });

  it("the same over `N_of` and `has_N` predicates: the owner is on the other side of `_of`, and a member, like a doer, does the verb", async () => {
    const store = await graphWith(
      [
        ["logger", "dependency_of", "router"],
        ["mouse", "prey_of", "owl"],
        ["fox", "has_prey", "rabbit"],
        ["kim", "manager_of", "lee"],
        ["norway", "member_of", "nato"],
        ["norway", "is_a", "country"],
      ],
      "of.csv",
    );
    expect(ids(await ask(store, "What does the router depend on?"))).toEqual(["logger"]);
    expect(ids(await ask(store, "What does the logger depend on?"))).toEqual([]);
    expect((await ask(store, "Does the logger depend on the router?")).kind).toBe(AnswerKind.UNKNOWN);
    expect((await ask(store, "Does the router depend on the logger?")).kind).toBe(AnswerKind.YES);
    expect(ids(await ask(store, "What eats the mouse?"))).toEqual(["owl"]);
    expect(ids(await ask(store, "What does the mouse eat?"))).toEqual([]);
    expect(ids(await ask(store, "What does the fox eat?"))).toEqual(["rabbit"]);
    expect(ids(await ask(store, "Who manages Lee?"))).toEqual(["kim"]);
    expect((await ask(store, "Does Lee manage Kim?")).kind).toBe(AnswerKind.UNKNOWN);
    expect(ids(await ask(store, "Which countries joined NATO?"))).toEqual(["norway"]);
    // The passive turns the roles round, with "by" after the verb or after its particle.
    expect((await ask(store, "Is Lee managed by Kim?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Is Kim managed by Lee?")).kind).toBe(AnswerKind.UNKNOWN);
    expect((await ask(store, "Is the logger depended on by the router?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Is the router depended on by the logger?")).kind).toBe(AnswerKind.UNKNOWN);
  });

  it("'contain' names `ingredient`, the dish its owner: what a dish contains, what contains a thing, and through others when asked", async () => {
    const store = await graphWith(
      [
        ["trifle", "ingredient", "custard"],
        ["trifle", "ingredient", "sponge"],
        ["custard", "ingredient", "egg"],
        ["trifle", "is_a", "dessert"],
        ["custard", "is_a", "sauce"],
      ],
      "desserts.csv",
    );
    expect(ids(await ask(store, "What does trifle contain?"))).toEqual(["custard", "sponge"]);
    expect(ids(await ask(store, "Which desserts contain custard?"))).toEqual(["trifle"]);
    expect(ids(await ask(store, "What does custard contain?"))).toEqual(["egg"]);
    expect((await ask(store, "Does custard contain trifle?")).kind).toBe(AnswerKind.UNKNOWN);
    expect(ids(await ask(store, "Which desserts contain egg, directly or indirectly?"))).toEqual(["trifle"]);
  });
});
