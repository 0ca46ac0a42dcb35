import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Plays, who they star, how long each runs, and when each opened.
const PLAYS: Facts = [
  ["hamlet_2009", "is_a", "play"],
  ["waiting_for_godot_2009", "is_a", "play"],
  ["the_ferryman", "is_a", "play"],
  ["hamlet_2009", "starring", "jude_law"],
  ["waiting_for_godot_2009", "starring", "ian_mckellen"],
  ["waiting_for_godot_2009", "starring", "patrick_stewart"],
  ["the_ferryman", "starring", "paddy_considine"],
  ["hamlet_2009", "directed_by", "michael_grandage"],
  ["waiting_for_godot_2009", "directed_by", "sean_mathias"],
  ["the_ferryman", "directed_by", "sam_mendes"],
  ["hamlet_2009", "duration_minutes", "210"],
  ["waiting_for_godot_2009", "duration_minutes", "150"],
  ["the_ferryman", "duration_minutes", "195"],
  ["hamlet_2009", "opening_year", "2009"],
  ["waiting_for_godot_2009", "opening_year", "2009"],
  ["the_ferryman", "opening_year", "2017"],
];

describe("answering - 'star in' says `starring` the other way round ('Who starred in The Ferryman?')", () => {
  it("answers who a play stars, and which plays star someone", async () => {
    const store = await graphWith(PLAYS, "plays.csv");
    // Read as `?x starring the_ferryman` (the one named after the verb its object), it found no one.
    const who = await ask(store, "Who starred in Waiting for Godot 2009?");
    expect(ids(who)).toEqual(["ian_mckellen", "patrick_stewart"]);
    expect(who.pattern).toBe("waiting_for_godot_2009 starring ?x");
    expect(ids(await ask(store, "Which plays did Jude Law star in?"))).toEqual(["hamlet_2009"]);
    expect(ids(await ask(store, "Which plays star Jude Law?"))).toEqual(["hamlet_2009"]);
  });

  it("is yes only the way the fact says it", async () => {
    const store = await graphWith(PLAYS, "plays.csv");
    const yes = await ask(store, "Did Paddy Considine star in The Ferryman?");
    expect(yes.kind).toBe(AnswerKind.YES);
    expect(yes.proof!.summary).toBe("the_ferryman starring paddy_considine (plays.csv)");
    expect((await ask(store, "Did Jude Law star in The Ferryman?")).kind).toBe(AnswerKind.UNKNOWN);
  });
});

describe("answering - a verb of duration before a comparison of time ('run for more than 3 hours')", () => {
  it("compares the running time, in the unit said, never the year a play opened", async () => {
    const store = await graphWith(PLAYS, "plays.csv");
    // 3 hours was convertible into `opening_year` too (a year is a unit of time), so no one predicate was compared.
    const long = await ask(store, "Which plays run for more than 3 hours?");
    expect(ids(long)).toEqual(["hamlet_2009", "the_ferryman"]);
    expect(long.pattern).toBe("?x duration_minutes ?n, ?n > 180 (3 hours), ?x is-a play");
  });

  it("compares among the plays a description narrows to", async () => {
    const store = await graphWith(PLAYS, "plays.csv");
    expect(ids(await ask(store, "Which plays directed by Sam Mendes run longer than 3 hours?"))).toEqual(["the_ferryman"]);
    expect(ids(await ask(store, "Which plays starring Ian McKellen last for less than 3 hours?"))).toEqual(["waiting_for_godot_2009"]);
  });
});

describe("answering - 'run longer than' with a unit of time is how long a thing runs ('Which operas run longer than 4 hours?')", () => {
  it("compares a running time the adjective alone does not name", async () => {
    const store = await graphWith(
      [
        ["gotterdammerung", "is_a", "opera"],
        ["tosca", "is_a", "opera"],
        ["gotterdammerung", "running_time_minutes", "270"],
        ["tosca", "running_time_minutes", "120"],
      ],
      "operas.csv",
    );
    // "long" names no `running_time_minutes` (a river's length is long too); with "run" and "hours" it is a span of time.
    expect(ids(await ask(store, "Which operas run longer than 4 hours?"))).toEqual(["gotterdammerung"]);
    expect(ids(await ask(store, "Which operas run shorter than 3 hours?"))).toEqual(["tosca"]);
  });
});
