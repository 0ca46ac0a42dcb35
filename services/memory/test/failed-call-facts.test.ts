// A failed call's TOOL_RESULT entry ("<OUTCOME>: <reason>", as the
// controller writes it) stayed a fact with the tool as its source: a
// refusal's reason, recalled later among what the agent knows. It is
// kept in working memory (the agent knows the call failed), never a fact.
import { ActionOutcome, WorkingMemoryKind } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ctx, entry, filesHandlers } from "./fixtures/harness.js";

describe("facts from tool results", () => {
  let h: Awaited<ReturnType<typeof filesHandlers>>;
  beforeEach(async () => (h = await filesHandlers()));
  afterEach(() => h.close());

  const result = (content: string) => entry(content, { kind: WorkingMemoryKind.TOOL_RESULT, toolName: "web_fetch", symbols: ["goal:moons"] });
  const remember = (cycle: number, content: string) =>
    h.handlers.remember({ afterPosition: 0, includeRules: false, agentId: "a1", cycle, entries: [result(content)], touchIds: [], capacity: 50, session: undefined, provenance: [], save: undefined }, ctx);
  const known = async (query: string) => (await h.handlers.recall({ afterPosition: 0, agentId: "a1", query, symbols: [], topK: 50, includeFacts: true }, ctx)).facts.map((f) => f.content);

  it("a failed call's reason stays in working memory and is no fact; the tool's output is", async () => {
    const failures = [
      "DENIED_BY_POLICY: no rule allows host \"moons.example\" (side effects are denied by default)",
      "DENIED_BY_USER: denied by ann: not on the moons site",
      "EXECUTED: web_fetch failed: HTTP 404 for https://moons.example/mars",
      "TIMED_OUT: web_fetch did not finish within 30000 ms",
    ];
    for (const [i, text] of failures.entries()) expect((await remember(i + 1, text)).facts).toEqual([]);
    const ok = await remember(9, "Mars has two moons, Phobos and Deimos, found on moons.example");
    expect(ok.facts.map((f) => f.content)).toEqual(["Mars has two moons, Phobos and Deimos, found on moons.example"]);
    expect(await known("moons example denied host web_fetch failed")).toEqual(["Mars has two moons, Phobos and Deimos, found on moons.example"]);
    // Working memory still holds every result, failures included.
    const wm = (await h.handlers.recent({ agentId: "a1", limit: 50, kinds: [WorkingMemoryKind.TOOL_RESULT], symbol: "" }, ctx)).entries.map((e) => e.content);
    expect(wm).toHaveLength(failures.length + 1);
    // Every outcome name the controller can write is a failure prefix.
    for (const name of Object.keys(ActionOutcome).filter((k) => Number.isNaN(Number(k)))) expect((await remember(20, `${name}: the call went wrong here`)).facts).toEqual([]);
  });
});
