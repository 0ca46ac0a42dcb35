import { describe, expect, it } from "vitest";
import { AnswerKind } from "@boyd/proto";
import { ask, graphWith, ids, type Facts } from "./fixtures/asked-graph.js";

// Engines written in C, C++ and C#, the two last named by their labels.
const ENGINES: Facts = [
  ...["duckdb", "lmdb", "ravendb", "sqlite"].map((e) => [e, "is_a", "engine"] as const),
  ["sqlite", "written_in", "c"],
  ["lmdb", "written_in", "c"],
  ["duckdb", "written_in", "cpp"],
  ["ravendb", "written_in", "csharp"],
  ["cpp", "label", "C++"],
  ["csharp", "label", "C#"],
];

describe("answering - 'C++' and 'C#' are not 'C'", () => {
  it("each names its own language, and 'C' names only C", async () => {
    const store = await graphWith(ENGINES, "engines.csv");
    // "C++" folded to "c": C, C++ and C# were one name, and every engine was written in C.
    expect(ids(await ask(store, "Which engines are written in C?"))).toEqual(["lmdb", "sqlite"]);
    expect(ids(await ask(store, "Which engines are written in C++?"))).toEqual(["duckdb"]);
    expect(ids(await ask(store, "Which engines are written in C#?"))).toEqual(["ravendb"]);
  });

  it("a yes/no question about C is never yes by a fact about C++", async () => {
    const store = await graphWith(ENGINES, "engines.csv");
    expect((await ask(store, "Is DuckDB written in C?")).kind).not.toBe(AnswerKind.YES);
    expect((await ask(store, "Is DuckDB written in C++?")).kind).toBe(AnswerKind.YES);
  });
});
