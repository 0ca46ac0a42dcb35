import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Two bands, their members, albums and songs.
const MUSIC: Facts = [
  ["queen", "is_a", "band"],
  ["nirvana", "is_a", "band"],
  ["freddie", "is_a", "musician"],
  ["brian", "is_a", "musician"],
  ["kurt", "is_a", "musician"],
  ["freddie", "member_of", "queen"],
  ["brian", "member_of", "queen"],
  ["kurt", "member_of", "nirvana"],
  ["queen", "formed_in", "london"],
  ["nirvana", "formed_in", "aberdeen"],
  ["opera", "is_a", "album"],
  ["nevermind", "is_a", "album"],
  ["opera", "recorded_by", "queen"],
  ["nevermind", "recorded_by", "nirvana"],
  ["bohemian_rhapsody", "appears_on", "opera"],
  ["teen_spirit", "appears_on", "nevermind"],
  ["london", "located_in", "england"],
];

describe("answering - 'Who is in ...' asks for what is in the thing, never for the thing", () => {
  it("a described thing holds the answers: the members of the band, the songs on the album", async () => {
    const store = await graphWith(MUSIC, "music.csv");
    // Read as "Who is the band that formed in London?", the band itself answered.
    const members = await ask(store, "Who is in the band that formed in London?");
    expect(ids(members)).toEqual(["brian", "freddie"]);
    expect(proofOf(members, "brian")).toBe("queen formed_in london (music.csv); queen is_a band (music.csv); brian member_of queen (music.csv)");
    expect(ids(await ask(store, "Who was in the band that recorded Nevermind?"))).toEqual(["kurt"]);
    // "What is on the album that Queen recorded?" answered the album.
    expect(ids(await ask(store, "What is on the album that Queen recorded?"))).toEqual(["bohemian_rhapsody"]);
    expect(ids(await ask(store, "Who is in Freddie's band?"))).toEqual(["brian", "freddie"]);
  });

  it("a named thing holds them too, with or without its class before it", async () => {
    const store = await graphWith(MUSIC, "music.csv");
    expect(ids(await ask(store, "Who is in Queen?"))).toEqual(["brian", "freddie"]);
    expect(ids(await ask(store, "Who is in the band Queen?"))).toEqual(["brian", "freddie"]);
    expect(ids(await ask(store, "What's on Nevermind?"))).toEqual(["teen_spirit"]);
    expect(ids(await ask(store, "What is in England?"))).toEqual(["london"]);
    // Queen is no album: the class before the name must hold.
    expect(ids(await ask(store, "Who is in the album Queen?"))).toEqual([]);
  });

  it("refused when no fact puts anything there, or no one thing is named: never the thing itself", async () => {
    const store = await graphWith(MUSIC, "music.csv");
    // A band formed in London is not in London as a member is in a band.
    expect(ids(await ask(store, "Who is in London?"))).toEqual([]);
    expect(ids(await ask(store, "Who is in the band?"))).toEqual([]);
    expect(ids(await ask(store, "Who is on the album by Nirvana?"))).not.toContain("nevermind");
    // Read as "Who was the concert held in London?", the concert answered.
    const concert = await graphWith([...MUSIC, ["live_aid", "is_a", "concert"], ["live_aid", "held_in", "london"]], "music.csv");
    const at = await ask(concert, "Who was at the concert held in London?");
    expect(ids(at)).toEqual([]);
  });

  it("'in the crew of' is one of the crew, which the crew's own fact names; a group others share is refused", async () => {
    const crew = await graphWith(
      [
        ["apollo_11", "crew", "armstrong"],
        ["apollo_11", "crew", "aldrin"],
        ["apollo_11", "is_a", "mission"],
      ],
      "space.csv",
    );
    expect(ids(await ask(crew, "Who was in the crew of Apollo 11?"))).toEqual(["aldrin", "armstrong"]);
    const bands = await graphWith(
      [
        ["freddie", "band", "queen"],
        ["brian", "band", "queen"],
      ],
      "bands.csv",
    );
    // "the band of Freddie" is Queen, a group: its members are asked for, and no fact says who is in it.
    expect(ids(await ask(bands, "Who is in the band of Freddie?"))).toEqual([]);
  });

  it("a yes/no question of one thing in another is yes by the fact that puts it there, and never yes without one", async () => {
    const store = await graphWith(MUSIC, "music.csv");
    const freddie = await ask(store, "Is Freddie in Queen?");
    expect(freddie.kind).toBe(AnswerKind.YES);
    expect(freddie.proof!.summary).toBe("freddie member_of queen (music.csv)");
    expect((await ask(store, "Is Teen Spirit on Nevermind?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Was Kurt in Queen?")).kind).not.toBe(AnswerKind.YES);
    expect((await ask(store, "Is Bohemian Rhapsody on Nevermind?")).kind).not.toBe(AnswerKind.YES);
  });

  it("'in charge of' and 'the same band as' keep their own readings", async () => {
    const store = await graphWith([...MUSIC, ["brian", "owns", "studio"], ["studio", "is_a", "place"]], "music.csv");
    expect(ids(await ask(store, "Who is in charge of the studio?"))).toEqual(["brian"]);
    expect(ids(await ask(store, "Who is in the same band as Freddie?"))).toEqual(["brian"]);
  });
});
