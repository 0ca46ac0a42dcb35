// RememberRequest.include_rules: the reply carries the agent's learned rules
// as ListRules lists them, read after the call's own facts are stored, so
// the controller takes the next cycle's rules from its Remember instead of
// a ListRules call every cycle.
import { Correction, WorkingMemoryKind, type RememberRequest } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KNOWLEDGE } from "../src/constants.js";
import { ctx, entry, filesHandlers } from "./fixtures/harness.js";

describe("Remember with the agent's rules", () => {
  let h: Awaited<ReturnType<typeof filesHandlers>>;
  beforeEach(async () => (h = await filesHandlers()));
  afterEach(() => h.close());

  const remember = (cycle: number, content: string, includeRules: boolean): RememberRequest => ({
    afterPosition: 0,
    includeRules,
    agentId: "a1",
    cycle,
    entries: [entry(content, { kind: WorkingMemoryKind.TOOL_RESULT, toolName: "user_interact" })],
    touchIds: [],
    capacity: 50,
    session: undefined,
    provenance: [],
    save: undefined,
  });
  const listed = async () => (await h.handlers.listRules({ afterPosition: 0, agentId: "a1", limit: KNOWLEDGE.maxRulesListed }, ctx)).rules;

  it("carries every rule ListRules lists, a preference this very call stored among them", async () => {
    await h.handlers.recordCorrection({ correction: Correction.fromPartial({ agentId: "a1", original: 'shell_exec {"command":"rm -rf /tmp/x"}', context: "DENIED_BY_USER: denied by ann", toolName: "shell_exec", deniedByPerson: true }) }, ctx);
    const first = await h.handlers.remember(remember(1, "The moons of Mars are Phobos and Deimos.", true), ctx);
    expect(first.rulesIncluded).toBe(true);
    expect(first.rules.length).toBeGreaterThan(0);
    expect(first.rules).toEqual(await listed());

    const second = await h.handlers.remember(remember(2, "Always cite the mission report when answering about launches.", true), ctx);
    expect(second.rules.length).toBe(first.rules.length + 1);
    expect(second.rules.some((r) => r.text.toLowerCase().includes("always cite the mission report"))).toBe(true);
    expect(second.rules).toEqual(await listed());
  });

  it("carries none unless asked", async () => {
    await h.handlers.recordCorrection({ correction: Correction.fromPartial({ agentId: "a1", original: "kg_query {}", context: "DENIED_BY_USER: no", toolName: "kg_query", deniedByPerson: true }) }, ctx);
    const r = await h.handlers.remember(remember(1, "Prefer short answers about the outer planets.", false), ctx);
    expect(r.rulesIncluded).toBe(false);
    expect(r.rules).toEqual([]);
    expect((await listed()).length).toBeGreaterThan(0);
  });
});
