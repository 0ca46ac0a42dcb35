// The change journal stays bounded: a reader far behind gets the whole log
// once (a reset) instead of the journal keeping every change ever made.
import { describe, expect, it } from "vitest";
import { ChangeJournal } from "../src/store/change-journal.js";

describe("change journal", () => {
  const value = new Uint8Array([1]);

  it("a cursor within reach gets each changed id once; one from before the kept changes gets a reset", () => {
    const journal = new ChangeJournal();
    const records = new Map<string, Uint8Array>();
    const start = journal.changes(records, undefined).cursor;
    for (const id of ["a", "b", "a"]) {
      records.set(id, value);
      journal.note(id);
    }
    // "a" changed last: it comes last, as in the log.
    expect(journal.changes(records, start)).toMatchObject({ reset: false, upserts: [{ id: "b" }, { id: "a" }], removed: [] });
    const near = journal.changes(records, start).cursor;
    for (let i = 0; i < 20_000; i++) journal.note(`x${i}`); // removed ids: not in records
    const far = journal.changes(records, start);
    expect(far.reset).toBe(true);
    expect(far.upserts.map((r) => r.id)).toEqual([...records.keys()]);
    expect(journal.changes(records, near).reset).toBe(true);
    const recent = journal.changes(records, far.cursor);
    journal.note("x19999");
    expect(journal.changes(records, recent.cursor)).toMatchObject({ reset: false, upserts: [], removed: ["x19999"] });
  });
});
