import { ActionOutcome, StatusCode, WorkingMemoryKind, type ActionResult, type ToolCall, type WorkingMemoryEntry } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { adjustInput, closestName, editDistance, missingFields, type RetryContext } from "../src/index.js";

const call = (toolName: string, input: unknown): ToolCall => ({ toolName, inputJson: JSON.stringify(input), idempotencyKey: undefined });
const failed = (outcome: ActionOutcome, code: StatusCode, message: string): ActionResult =>
  ({ toolName: "t", outcome, output: { success: false, content: "", symbolsInvolved: [], error: { code, message, details: [] }, truncated: false, outputBytes: 0, durationMs: 0, dataJson: "" } }) as unknown as ActionResult;
const rejected = (message: string) => failed(ActionOutcome.REJECTED, StatusCode.INVALID_ARGUMENT, message);
const entry = (content: string, toolName: string): WorkingMemoryEntry => ({ id: 0, content, symbols: ["g"], kind: WorkingMemoryKind.TOOL_RESULT, timestampUnixMs: 0, relevance: 0.7, sourceCycle: 1, referenceCount: 0, accessCycles: [], toolName });
const context = (goalText: string, recent: WorkingMemoryEntry[] = [], names: string[] | undefined = undefined): RetryContext & { listed: string[] } => {
  const listed: string[] = [];
  return { goalText, recent, listed, listDir: async (dir) => (listed.push(dir), names) };
};

describe("adjusted input for the one retry", () => {
  it("reads the missing fields out of a validation error", () => {
    expect(missingFields("file_io", "file_io input: content: Required")).toEqual(["content"]);
    expect(missingFields("x", "x input: a: Required; b: Expected string, received number; c: Required")).toEqual(["a", "c"]);
    expect(missingFields("x", "x input: a: String must contain at least 1 character(s)")).toEqual([]);
  });

  it("fills a missing text field from the goal's quote, else the user's answer, else the last output; says which", async () => {
    const write = call("file_io", { action: "write", path: "notes.md" });
    const error = rejected("file_io input: content: Required");
    expect(await adjustInput(write, error, context("write 'hello world' to notes.md"))).toEqual({
      inputJson: JSON.stringify({ action: "write", path: "notes.md", content: "hello world" }),
      change: 'content ← the goal\'s quoted text "hello world"',
    });
    const recent = [entry("REJECTED: bad input", "kg_query"), entry("total 3", "shell_exec"), entry("Buy milk", "user_interact")];
    expect((await adjustInput(write, error, context("write what I said to notes.md", recent)))!.change).toBe('content ← the user\'s answer "Buy milk"');
    expect((await adjustInput(write, error, context("save the listing to notes.md", recent.slice(0, 2))))!.change).toBe('content ← the output of shell_exec "total 3"');
    expect(await adjustInput(write, error, context("save it to notes.md"))).toBeUndefined();
  });

  it("a missing path is looked up in its directory and the closest existing name tried", async () => {
    const ctx = context("read notes/todo.md", [], ["todo.txt", "todos.md", "done.md"]);
    const adjusted = await adjustInput(call("file_io", { action: "read", path: "notes/todo.md" }), failed(ActionOutcome.EXECUTED, StatusCode.NOT_FOUND, 'file_io: path "notes/todo.md" does not exist'), ctx);
    expect(ctx.listed).toEqual(["notes"]);
    expect(adjusted).toEqual({ inputJson: JSON.stringify({ action: "read", path: "notes/todos.md" }), change: 'path "notes/todo.md" → "notes/todos.md" (closest name in notes)' });
    // Nothing close enough: no retry.
    const far = context("read report.txt", [], ["inventory.csv"]);
    expect(await adjustInput(call("file_io", { action: "read", path: "report.txt" }), failed(ActionOutcome.EXECUTED, StatusCode.NOT_FOUND, 'file_io: path "report.txt" does not exist'), far)).toBeUndefined();
  });

  it("edit distance and the closest name", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(closestName("note.md", ["notes.md", "nose.md", "README.md"])).toBe("notes.md");
    expect(closestName("Notes.MD", ["notes.md"])).toBe("notes.md");
    expect(closestName("a.md", ["zzzzzz.txt"])).toBeUndefined();
  });
});
