import { BUILTIN_TOOLS } from "@boyd/tools";
import { describe, expect, it } from "vitest";
import { buildInput, commandIn, pathIn, scoringContext } from "../src/index.js";
import { goal } from "./fixtures/requests.js";

// Issue 17: goal text is user input, and the patterns that read tool inputs
// from it must take linear time. Each input below is the shape recheck found
// for the pattern it names; before the rewrite it took seconds to minutes
// here (the path one doubles with every "./." added). A linear read takes
// about a millisecond, so the bound is generous, not a benchmark.
const BOUND_MS = 1_000;

function timed<T>(read: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = read();
  return { value, ms: performance.now() - start };
}

function inputFor(toolName: string, description: string) {
  const tool = BUILTIN_TOOLS.find((t) => t.name === toolName)!;
  const g = goal(description);
  const ctx = scoringContext({ goals: [g], activeGoalIds: [g.symbolId], goalContexts: [{ goalId: g.symbolId, triples: [], inferences: [] }], episodes: [], pressure: 0, history: [], psyche: undefined, plan: undefined });
  return buildInput(tool, ctx);
}

describe("decide - hostile goal text is read in linear time", () => {
  it("a directory path built to backtrack (exponential before) is read at once, and a real path after it is still found", () => {
    const hostile = "-/-" + "./.".repeat(28) + "\u0000";
    const r = timed(() => pathIn(`${hostile} then list docs/notes/`));
    expect(r.value).toBe("docs/notes/");
    expect(r.ms).toBeLessThan(BOUND_MS);
  });

  it("an unclosed quote repeated 25,000 times, and a command whose arguments are 50 KB of spaces", () => {
    const quotes = timed(() => commandIn(`${"“\u0000".repeat(25_000)} run ls -la`));
    expect(quotes.value).toEqual(["ls", "-la"]);
    expect(quotes.ms).toBeLessThan(BOUND_MS);
    const spaced = timed(() => commandIn(`run ls${"\t ".repeat(25_000)}-la${".K".repeat(25_000)}\u0000`));
    expect(spaced.value?.slice(0, 2)).toEqual(["ls", `-la${".K".repeat(25_000)}\u0000`]);
    expect(spaced.ms).toBeLessThan(BOUND_MS);
  });

  it("a 60 KB line of search verbs without 'in' does not hide the search on the next line", () => {
    const r = timed(() => inputFor("file_io", `${"grep ".repeat(12_000)}\nfind 'meeting' in notes.md`));
    expect(r.value).toMatchObject({ input: { action: "search", path: "notes.md", query: "meeting" } });
    expect(r.ms).toBeLessThan(BOUND_MS);
  });

  it("a question with 50 KB of spaces before a line break, and a note ending in 50 KB of '!' and a stray character", () => {
    const question = timed(() => inputFor("user_interact", `ask me${" ".repeat(50_000)}which file\nto read`));
    expect(question.value).toMatchObject({ input: { question: `Ask me${" ".repeat(50_000)}which file\nto read?` } });
    expect(question.ms).toBeLessThan(BOUND_MS);
    const note = timed(() => inputFor("save_note", `note that it rains${"!".repeat(50_000)}\u0000!`));
    expect(note.value).toMatchObject({ input: { text: `it rains${"!".repeat(50_000)}\u0000` } });
    expect(note.ms).toBeLessThan(BOUND_MS);
  });
});
