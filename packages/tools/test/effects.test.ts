import { describe, expect, it } from "vitest";
import { BUILTIN_TOOLS, callHasSideEffects } from "../src/index.js";

const tool = (name: string) => BUILTIN_TOOLS.find((t) => t.name === name)!;

describe("callHasSideEffects", () => {
  it("effects - a file read, list or search changes nothing; a write or delete does", () => {
    for (const action of ["read", "list", "search", " READ "]) expect(callHasSideEffects(tool("file_io"), JSON.stringify({ action, path: "notes.md" })), action).toBe(false);
    for (const action of ["write", "delete"]) expect(callHasSideEffects(tool("file_io"), JSON.stringify({ action, path: "notes.md" })), action).toBe(true);
  });

  it("effects - reading tools never have side effects, writing tools always", () => {
    for (const name of ["kg_query", "memory_recall", "library_search", "similarity_search", "reason", "list_jobs"]) expect(callHasSideEffects(tool(name), "{}"), name).toBe(false);
    for (const name of ["kg_mutate", "content_ingest", "shell_exec", "create_job"]) expect(callHasSideEffects(tool(name), "{}"), name).toBe(true);
  });

  it("effects - an unknown tool, or a file_io call whose action cannot be read, counts as a change", () => {
    expect(callHasSideEffects(undefined, "{}")).toBe(true);
    expect(callHasSideEffects(tool("file_io"), "")).toBe(true);
    expect(callHasSideEffects(tool("file_io"), "{not json")).toBe(true);
    expect(callHasSideEffects(tool("file_io"), JSON.stringify({ path: "x" }))).toBe(true);
  });
});
