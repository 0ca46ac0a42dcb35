import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, type Facts } from "./fixtures/asked-graph.js";

// Towns on lakes, two of them capitals.
const LAKES: Facts = [
  ["lausanne", "lies_on", "lake_geneva"],
  ["geneva", "lies_on", "lake_geneva"],
  ["bern", "lies_on", "aare"],
  ["lucerne", "lies_on", "lake_lucerne"],
  ["bern", "capital_of", "switzerland"],
  ["lausanne", "capital_of", "vaud"],
  ["lausanne", "is_a", "city"],
  ["geneva", "is_a", "city"],
  ["bern", "is_a", "city"],
  ["lucerne", "is_a", "city"],
];

// Rust crates and what each depends on.
const CRATES: Facts = [
  ["axum", "depends_on", "tokio"],
  ["axum", "depends_on", "hyper"],
  ["hyper", "depends_on", "tokio"],
  ["tokio", "depends_on", "mio"],
  ["reqwest", "depends_on", "hyper"],
  ["reqwest", "requires", "openssl"],
  ["axum", "is_a", "crate"],
  ["hyper", "is_a", "crate"],
  ["tokio", "is_a", "crate"],
  ["mio", "is_a", "crate"],
  ["reqwest", "is_a", "crate"],
];

describe("answering - a role held of something names its holder ('Which capital lies on Lake Geneva?')", () => {
  it("answers the capital itself, never what it is the capital of", async () => {
    const store = await graphWith(LAKES, "lakes.csv");
    // Read as the last fact `capital_of` from the town, the answer was Vaud, which lies on no lake.
    const a = await ask(store, "Which capital lies on Lake Geneva?");
    expect(a.answers.map((x) => x.symbolId)).toEqual(["lausanne"]);
    expect(a.answers[0]!.proof!.summary).toBe("lausanne lies_on lake_geneva (lakes.csv); lausanne capital_of vaud (lakes.csv)");
  });

  it("shows a role whose other end differs from answer to answer as a variable in the pattern", async () => {
    const store = await graphWith([...LAKES, ["bern", "lies_on", "lake_geneva"]], "lakes.csv");
    const a = await ask(store, "Which capitals lie on Lake Geneva?");
    expect(a.answers.map((x) => x.symbolId).sort()).toEqual(["bern", "lausanne"]);
    expect(a.pattern).toBe("?x lies_on lake_geneva, ?x capital_of ?_");
  });

  it("finds no capital where none lies, and still answers the capital of a place", async () => {
    const store = await graphWith(LAKES, "lakes.csv");
    expect((await ask(store, "Which capital lies on Lake Lucerne?")).answers).toEqual([]);
    expect((await ask(store, "What is the capital of Switzerland?")).answers.map((x) => x.symbolId)).toEqual(["bern"]);
  });
});

describe("answering - a noun for what a verb is done to ('Is tokio a dependency of axum?')", () => {
  it("is yes when the owner depends on it, and never by the fact the other way round", async () => {
    const store = await graphWith(CRATES, "crates.csv");
    const yes = await ask(store, "Is tokio a dependency of axum?");
    expect(yes.kind).toBe(AnswerKind.YES);
    expect(yes.proof!.summary).toBe("axum depends_on tokio (crates.csv)");
    // `axum depends_on tokio` made this yes: a dependency of tokio is what tokio depends on.
    expect((await ask(store, "Is axum a dependency of tokio?")).kind).toBe(AnswerKind.UNKNOWN);
    expect((await ask(store, "Is openssl a requirement of reqwest?")).kind).toBe(AnswerKind.YES);
    expect((await ask(store, "Is reqwest a requirement of openssl?")).kind).toBe(AnswerKind.UNKNOWN);
  });

  it("lists what the owner depends on for 'the dependencies of X' and 'X's dependencies'", async () => {
    const store = await graphWith(CRATES, "crates.csv");
    expect((await ask(store, "What are the dependencies of axum?")).answers.map((x) => x.symbolId).sort()).toEqual(["hyper", "tokio"]);
    expect((await ask(store, "Which crates are dependencies of hyper?")).answers.map((x) => x.symbolId)).toEqual(["tokio"]);
    expect((await ask(store, "What are tokio's dependencies?")).answers.map((x) => x.symbolId)).toEqual(["mio"]);
  });
});

// Teachers, the department each is tied to (one heads it), and the students each teaches.
const SCHOOL: Facts = [
  ["ms_ade", "heads", "physics"],
  ["mr_bose", "works_in", "physics"],
  ["mrs_cole", "works_in", "history"],
  ["ms_ade", "is_a", "teacher"],
  ["mr_bose", "is_a", "teacher"],
  ["mrs_cole", "is_a", "teacher"],
  ["yusuf", "taught_by", "ms_ade"],
  ["zoe", "taught_by", "mr_bose"],
  ["wen", "taught_by", "mrs_cole"],
  ["yusuf", "is_a", "student"],
  ["zoe", "is_a", "student"],
  ["wen", "is_a", "student"],
];

describe("answering - a pattern shows what differs from answer to answer", () => {
  it("names every fact that ties an answer where the answers differ ('?y1 heads|works_in physics')", async () => {
    const store = await graphWith(SCHOOL, "school.csv");
    const a = await ask(store, "Which students are taught by teachers in physics?");
    expect(a.answers.map((x) => x.symbolId).sort()).toEqual(["yusuf", "zoe"]);
    // It read "?y1 heads physics", the first answer's tie, as if it were every answer's.
    expect(a.pattern).toBe("?y1 is_a teacher, ?x taught_by ?y1, ?x is_a student, ?y1 heads|works_in physics");
    expect(a.answers.find((x) => x.symbolId === "zoe")!.proof!.summary).toContain("mr_bose works_in physics");
  });
});
