// RememberRequest.save: a cycle's session save made by its Remember, after
// the entries, exactly as SaveSession makes it. A save that fails leaves the
// entries written and `saved` unset (the caller then sends SaveSession and
// gets the save's own error); bad save input is refused before anything is
// written.
import { BusError } from "@boyd/bus";
import type { RememberRequest, SaveSessionRequest } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ctx, entry, filesHandlers, session } from "./fixtures/harness.js";

describe("Remember with the session's save", () => {
  let h: Awaited<ReturnType<typeof filesHandlers>>;
  beforeEach(async () => (h = await filesHandlers()));
  afterEach(() => h.close());

  const remember = (cycle: number, save: SaveSessionRequest | undefined): RememberRequest => ({ afterPosition: 0, includeRules: false,
    agentId: "a1",
    cycle,
    entries: [entry(`note of cycle ${cycle}`)],
    touchIds: [],
    capacity: 50,
    session: undefined,
    provenance: [],
    save,
  });
  const entries = async () => (await h.handlers.recent({ agentId: "a1", limit: 50, kinds: [], symbol: "" }, ctx)).entries.map((e) => e.content);
  const refusal = (work: () => unknown) => Promise.resolve().then(work).then(() => "accepted", (e: unknown) => (e instanceof BusError ? `${e.code}: ${e.message}` : String(e)));

  it("saves the session after the entries: the new version comes back and loads", async () => {
    const { version: created } = await h.handlers.saveSession({ state: session("a1", 0), expectedVersion: 0 }, ctx);
    const r = await h.handlers.remember(remember(1, { state: session("a1", 1), expectedVersion: created }), ctx);
    expect(r.saved?.version).toBe(created + 1);
    expect(r.ids).toHaveLength(1);
    const loaded = await h.handlers.loadSession({ agentId: "a1", resume: false }, ctx);
    expect([Number(loaded.version), Number(loaded.state!.cycleCount)]).toEqual([created + 1, 1]);
    expect(await entries()).toEqual(["note of cycle 1"]);
  });

  it("a save at a stale version is not made: the entries are, saved is unset, and SaveSession names the conflict", async () => {
    const { version: created } = await h.handlers.saveSession({ state: session("a1", 0), expectedVersion: 0 }, ctx);
    // Another writer moved the session on.
    await h.handlers.saveSession({ state: session("a1", 7), expectedVersion: created }, ctx);
    const r = await h.handlers.remember(remember(1, { state: session("a1", 1), expectedVersion: created }), ctx);
    expect(r.saved).toBeUndefined();
    expect(await entries()).toEqual(["note of cycle 1"]);
    expect(Number((await h.handlers.loadSession({ agentId: "a1", resume: false }, ctx)).state!.cycleCount)).toBe(7);
    expect(await refusal(() => h.handlers.saveSession({ state: session("a1", 1), expectedVersion: created }, ctx))).toMatch(/^ABORTED: session of a1 is at version 2, not 1/);
  });

  it("a retried call whose save was made succeeds again with the same version (its reply was lost)", async () => {
    const { version: created } = await h.handlers.saveSession({ state: session("a1", 0), expectedVersion: 0 }, ctx);
    const save = { state: session("a1", 1), expectedVersion: created };
    const first = await h.handlers.remember(remember(1, save), ctx);
    const again = await h.handlers.remember(remember(1, save), ctx);
    expect(again.saved?.version).toBe(first.saved?.version);
  });

  it("bad save input is refused naming the field, and nothing is written", async () => {
    const { version } = await h.handlers.saveSession({ state: session("a1", 0), expectedVersion: 0 }, ctx);
    const twice = session("a1", 1, ["goal:sun", "goal:sun"]);
    expect(await refusal(() => h.handlers.remember(remember(1, { state: twice, expectedVersion: version }), ctx))).toBe(
      'INVALID_ARGUMENT: save.state.goals[1].symbol_id: "goal:sun" appears twice',
    );
    expect(await refusal(() => h.handlers.remember(remember(1, { state: session("b2", 1), expectedVersion: version }), ctx))).toBe(
      'INVALID_ARGUMENT: save.state.agent_id: must be agent_id "a1", got "b2"',
    );
    expect(await refusal(() => h.handlers.remember(remember(1, { state: undefined, expectedVersion: version }), ctx))).toBe("INVALID_ARGUMENT: save.state: is required");
    expect(await entries()).toEqual([]);
    expect(Number((await h.handlers.loadSession({ agentId: "a1", resume: false }, ctx)).version)).toBe(version);
  });
});
