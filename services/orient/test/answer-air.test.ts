import { describe, expect, it } from "vitest";
import { ask, graphWith as graphFrom, ids, type Facts } from "./fixtures/asked-graph.js";

// Airports known by labels that end in what they are ("Heathrow Airport"), airlines and flights: a graph the reading rules were not written against.
const AIR: Facts = [
  ...["fra", "muc", "lhr"].map((a) => [a, "instance_of", "airport"] as const),
  ["fra", "label", "Frankfurt Airport"],
  ["muc", "label", "Munich Airport"],
  ["lhr", "label", "Heathrow Airport"],
  ["lufthansa", "instance_of", "airline"],
  ["british_airways", "instance_of", "airline"],
  ["air_france", "instance_of", "airline"],
  ["lufthansa", "hub", "fra"],
  ["lufthansa", "hub", "muc"],
  ["british_airways", "hub", "lhr"],
  ...["lh400", "ba903", "af1234"].map((f) => [f, "instance_of", "flight"] as const),
  ["lh400", "operated_by", "lufthansa"],
  ["ba903", "operated_by", "british_airways"],
  ["af1234", "operated_by", "air_france"],
  ["af1234", "arrives_at", "muc"],
  ["lh400", "departs_from", "fra"],
  ["lh400", "arrives_at", "lhr"],
  ["ba903", "departs_from", "lhr"],
  ["ba903", "arrives_at", "fra"],
];

const graphWith = (triples: Facts) => graphFrom(triples, "air.csv");

describe("answering - a name shortened to what sets it apart", () => {
  it("'Heathrow' is Heathrow Airport (the word left names its kind, and no other name starts so); a word two such names start with names neither", async () => {
    const store = await graphWith(AIR);
    expect(ids(await ask(store, "Which flights depart from Heathrow?"))).toEqual(["ba903"]);
    expect(ids(await ask(store, "Which airline has a hub at Heathrow?"))).toEqual(["british_airways"]);
    expect(ids(await ask(store, "Which flights arrive at Heathrow?"))).toEqual(["lh400"]);
    expect(ids(await ask(store, "Which airline has a hub at Munich?"))).toEqual(["lufthansa"]);
    // A word that starts two names says neither.
    const two = await graphWith([...AIR, ["lhr2", "instance_of", "airport"], ["lhr2", "label", "Heathrow Terminal Airport"]]);
    expect(ids(await ask(two, "Which flights depart from Heathrow?"))).toEqual([]);
  });
});

describe("answering - which way a journey goes", () => {
  it("'Which airline operates the flight from Heathrow?' is tied to Heathrow by departs_from, never by arrives_at; 'a flight to Munich Airport' never by an airline's hub there", async () => {
    const store = await graphWith(AIR);
    const from = await ask(store, "Which airline operates the flight from Heathrow?");
    expect(ids(from)).toEqual(["british_airways"]);
    expect(ids(await ask(store, "Which airline operates a flight to Heathrow?"))).toEqual(["lufthansa"]);
    // Lufthansa's hub is Munich Airport, but none of its flights goes there.
    expect(ids(await ask(store, "Which airline operates a flight to Munich Airport?"))).toEqual(["air_france"]);
  });
});
