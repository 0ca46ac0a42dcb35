// A saved session is stored as the JSON text {"version", "state": base64 of
// the SessionState}: the bytes must stay exactly those JSON.stringify gives
// (what every earlier version wrote and reads), save after save.
import { SessionState } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileStore, type MemoryStore } from "../src/index.js";
import { Repository } from "../src/state.js";
import { session, tempDir } from "./fixtures/harness.js";

describe("session document", () => {
  let store: MemoryStore;
  let remove: () => void;
  beforeEach(async () => {
    const t = tempDir();
    remove = t.remove;
    store = await openFileStore({ dir: t.dir });
  });
  afterEach(async () => {
    await store.close();
    remove();
  });

  const asJsonStringifyWrites = (version: number, state: SessionState) =>
    new TextEncoder().encode(JSON.stringify({ version, state: Buffer.from(SessionState.encode(state).finish()).toString("base64") }));

  it("is the bytes JSON.stringify gives, for a large session after a small one and back (one writer kept between saves), and reads back", async () => {
    const repo = new Repository(store);
    const large = { ...session("a1", 7, Array.from({ length: 40 }, (_, i) => `goal:ünïcode-${i}`)), name: "agent ☀ with a name outside ASCII" };
    const saves = [session("a1", 1), large, session("a1", 3), { ...large, cycleCount: 8 }];
    let revision = 0;
    for (const [i, state] of saves.entries()) {
      revision = await repo.writeSession("a1", { version: i + 1, state }, revision);
      const stored = await store.getDoc("a1", "session");
      expect(Buffer.from(stored!.value).equals(Buffer.from(asJsonStringifyWrites(i + 1, state))), `save ${i + 1}`).toBe(true);
    }
    // A fresh repository (no decoded copy kept) reads the last save back.
    const read = await new Repository(store).readSession("a1");
    expect(read?.doc.version).toBe(4);
    expect(read?.doc.state).toEqual(saves[3]);
  });
});
