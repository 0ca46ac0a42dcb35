import { describe, expect, it } from "vitest";
import { ask, graphWith as graphFrom, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// A music graph the reading rules were not written against: bands, their members, where and when they were born, albums.
const MUSIC: Facts = [
  ["the_beatles", "instance_of", "band"],
  ["queen", "instance_of", "band"],
  ["the_rolling_stones", "instance_of", "band"],
  ...(
    [
      ["john_lennon", "the_beatles", "liverpool", "1940"],
      ["paul_mccartney", "the_beatles", "liverpool", "1942"],
      ["george_harrison", "the_beatles", "liverpool", "1943"],
      ["ringo_starr", "the_beatles", "liverpool", "1940"],
      ["freddie_mercury", "queen", "zanzibar", "1946"],
      ["brian_may", "queen", "hampton", "1947"],
      ["mick_jagger", "the_rolling_stones", "dartford", "1943"],
      ["keith_richards", "the_rolling_stones", "dartford", "1943"],
    ] as const
  ).flatMap(([who, band, place, year]) => [
    [who, "instance_of", "musician"] as const,
    [who, "member_of", band] as const,
    [who, "born_in", place] as const,
    [who, "birth_year", year] as const,
  ]),
  ["liverpool", "located_in", "england"],
  ["hampton", "located_in", "england"],
  ["dartford", "located_in", "england"],
  ["zanzibar", "located_in", "tanzania"],
  ["england", "part_of", "united_kingdom"],
  ["abbey_road", "instance_of", "album"],
  ["abbey_road", "release_year", "1969"],
  ["revolver", "instance_of", "album"],
  ["revolver", "release_year", "1966"],
  ["sticky_fingers", "instance_of", "album"],
  ["sticky_fingers", "release_year", "1971"],
];


const graphWith = (triples: Facts) => graphFrom(triples, "music.csv");

describe("answering - members of a group with a place named", () => {
  it("'Which members of The Beatles were born in Liverpool?': each proven by membership and born_in alone; 'born' is not read again as a birth year", async () => {
    const a = await ask(await graphWith(MUSIC), "Which members of The Beatles were born in Liverpool?");
    expect(ids(a)).toEqual(["george_harrison", "john_lennon", "paul_mccartney", "ringo_starr"]);
    expect(a.pattern).toBe("?x member_of the_beatles, ?x born_in liverpool");
    expect(proofOf(a, "john_lennon")).toBe("john_lennon member_of the_beatles (music.csv); john_lennon born_in liverpool (music.csv)");
  });

  it("'Which members of Queen were born in England?': born in a place within it, the climb in the proof and the pattern; a verb no fact of theirs says finds none", async () => {
    const store = await graphWith(MUSIC);
    const a = await ask(store, "Which members of Queen were born in England?");
    expect(ids(a)).toEqual(["brian_may"]);
    expect(proofOf(a, "brian_may")).toBe("brian_may member_of queen (music.csv); brian_may born_in hampton (music.csv); hampton located_in england (music.csv)");
    expect(a.pattern).toBe("?x member_of queen, ?x born_in ?z1, ?z1 located_in england");
    expect(ids(await ask(store, "Which members of Queen were born in the United Kingdom?"))).toEqual(["brian_may"]);
    expect(ids(await ask(store, "Which members of Queen were born in Tanzania?"))).toEqual(["freddie_mercury"]);
    expect(ids(await ask(store, "Which members of The Rolling Stones were born in England?"))).toEqual(["keith_richards", "mick_jagger"]);
    // Nobody is said to live anywhere: born_in is no answer to "live".
    expect(ids(await ask(store, "Which members of Queen live in England?"))).toEqual([]);
  });
});

describe("answering - the oldest and youngest", () => {
  it("'Which album is the oldest?' ranks by release_year (a form of 'released', a beginning), lowest first", async () => {
    const store = await graphWith(MUSIC);
    expect(ids(await ask(store, "Which album is the oldest?"))).toEqual(["revolver"]);
    expect(ids(await ask(store, "Which album is the newest?"))).toEqual(["sticky_fingers"]);
  });

  it("'Who is the oldest member of Queen?' ranks the members by birth year, every value compared in the proof; a tie gives both; 'the newest member' (who joined last) is not read as the youngest", async () => {
    const store = await graphWith(MUSIC);
    const a = await ask(store, "Who is the oldest member of Queen?");
    expect(ids(a)).toEqual(["freddie_mercury"]);
    expect(proofOf(a, "freddie_mercury")).toContain("brian_may birth_year 1947");
    expect(ids(await ask(store, "Who is the youngest member of The Beatles?"))).toEqual(["george_harrison"]);
    expect(ids(await ask(store, "Who is the oldest member of The Beatles?"))).toEqual(["john_lennon", "ringo_starr"]);
    expect(ids(await ask(store, "Who is the newest member of Queen?"))).toEqual([]);
  });
});

describe("answering - the most of what each has, counted", () => {
  it("'Which band has the most members?': no fact states a number of members, so each band's are counted in the graph, the label saying so and against what, every counted fact in the proof", async () => {
    const a = await ask(await graphWith(MUSIC), "Which band has the most members?");
    expect(ids(a)).toEqual(["the_beatles"]);
    expect(a.answers[0]!.label).toBe("the_beatles: 4 members counted in the graph, against queen 2, the_rolling_stones 2");
    expect(a.pattern).toBe("most ?n: count ?x: ?x member_of ?m, ?m is-a band");
    const proof = proofOf(a, "the_beatles");
    for (const m of ["john_lennon", "paul_mccartney", "george_harrison", "ringo_starr"]) expect(proof).toContain(`${m} member_of the_beatles`);
    expect(proof).toContain("brian_may member_of queen");
    // The fewest: a count of none is no count (the graph may not know them); two bands tie at 2.
    const fewest = await ask(await graphWith(MUSIC), "Which band has the fewest members?");
    expect(ids(fewest)).toEqual(["queen", "the_rolling_stones"]);
    // Each tied answer's label says so, apart from what it was against: no label reads as if it alone won.
    expect(fewest.answers.map((x) => x.label).sort()).toEqual([
      "queen: 2 members counted in the graph, as many as the_rolling_stones; against the_beatles 4",
      "the_rolling_stones: 2 members counted in the graph, as many as queen; against the_beatles 4",
    ]);
  });
});
