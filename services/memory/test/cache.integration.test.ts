// The caches behind recall and rules (logs kept per process, decoded
// records, stems and vectors per record) must see every write: made by the
// same handlers, or, on JetStream KV, by another replica over the same
// bucket. Each replica here is its own store and handlers.
import type { CallContext } from "@boyd/bus";
import { Fact } from "@boyd/proto";
import { beforeAll, describe, expect, it } from "vitest";
import type { MemoryStore } from "../src/index.js";
import { useNatsReplicas, type Handlers } from "./fixtures/replicas.js";

const replicas = useNatsReplicas();
const ctx = {} as CallContext;

describe.each(replicas.modes("memory_cache"))("memory caches (%s)", (_name, setup) => {
  let stores: MemoryStore[];
  let a: Handlers;
  let b: Handlers;
  beforeAll(async () => {
    ({ stores, a, b } = await setup());
  });

  const recallFacts = async (agentId: string, query: string) =>
    (await a.recall({ afterPosition: 0, agentId, query, symbols: [], topK: 5, includeFacts: true }, ctx)).facts.map((f) => f.content);

  it("a fact recorded after a recall is found by the next recall, by its words and by similarity", async () => {
    await b.recordFacts({ agentId: "c1", facts: [Fact.fromPartial({ agentId: "c1", content: "The staging database lives on host alpha", source: "user" })] }, ctx);
    expect(await recallFacts("c1", "zebra crossing")).toEqual([]);
    expect(await recallFacts("c1", "staging database")).toEqual(["The staging database lives on host alpha"]);
    await b.recordFacts({ agentId: "c1", facts: [Fact.fromPartial({ agentId: "c1", content: "The zebra crossing on Elm street is closed", source: "user" })] }, ctx);
    expect(await recallFacts("c1", "zebra crossing")).toEqual(["The zebra crossing on Elm street is closed"]);
    // A paraphrase shares no whole word with the fact ("crossings", "closure" stem or n-gram alike).
    const byWords = await a.recall({ afterPosition: 0, agentId: "c1", query: "zebra crossings closure", symbols: [], topK: 5, includeFacts: true }, ctx);
    expect(byWords.facts.map((f) => f.content)).toContain("The zebra crossing on Elm street is closed");
    expect(byWords.factScores[0]!.similarity).toBeGreaterThan(0);
  });

  it("an episode consolidated after a recall is found by the next recall", async () => {
    const episodes = async () => (await a.recall({ afterPosition: 0, agentId: "c2", query: "", symbols: ["topic:mars"], topK: 5, includeFacts: false }, ctx)).episodes.map((e) => e.summary);
    expect(await episodes()).toEqual([]);
    await b.remember({ afterPosition: 0, includeRules: false, session: undefined, provenance: [], save: undefined, agentId: "c2", cycle: 1, entries: [{ id: 0, content: "Mars has two moons", symbols: ["topic:mars"], kind: 1, timestampUnixMs: 0, relevance: 0.9, sourceCycle: 1, referenceCount: 0, accessCycles: [], toolName: "" }], touchIds: [], capacity: 10 }, ctx);
    await b.consolidate({ agentId: "c2", cycle: 2, trigger: 0, goalIds: ["topic:mars"], config: { minRelevance: 0 } }, ctx);
    expect(await episodes()).toEqual(["Mars has two moons"]);
  });

  it("a rule listed, then removed by the other handlers, stops applying; denied again, it is back", async () => {
    const deny = () =>
      b.recordCorrection({ correction: { agentId: "c3", original: 'shell_exec {"argv":["ls"]}', context: "DENIED_BY_USER: denied by ann", toolName: "shell_exec", deniedByPerson: true, cycle: 1, createdAtUnixMs: 1 } as never }, ctx);
    const rules = async () => (await a.listRules({ afterPosition: 0, agentId: "c3", limit: 20 }, ctx)).rules;
    expect(await rules()).toEqual([]);
    await deny();
    const [rule] = await rules();
    expect(rule).toMatchObject({ matchCall: 'shell_exec {"argv":["ls"]}', scoreAdjustment: -0.3 });
    await b.removeRule({ agentId: "c3", ruleId: rule!.id }, ctx);
    expect(await rules()).toEqual([]);
    await deny();
    expect((await rules()).map((r) => r.id)).toEqual([rule!.id]);
  });

  it("store port - a record removed and added again under its id is read with its new value, last", async () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    const text = async () => (await stores[0]!.readRecords("c4", "facts")).map((r) => [r.id, new TextDecoder().decode(r.value)]);
    const other = stores[stores.length - 1]!;
    await other.addRecords("c4", "facts", [{ id: "x", value: bytes("X") }, { id: "y", value: bytes("Y") }]);
    expect(await text()).toEqual([["x", "X"], ["y", "Y"]]);
    await other.removeRecords("c4", "facts", ["x"]);
    expect(await text()).toEqual([["y", "Y"]]);
    await other.addRecords("c4", "facts", [{ id: "x", value: bytes("X2") }]);
    expect(await text()).toEqual([["y", "Y"], ["x", "X2"]]);
    // Unchanged, a read answers the same records again.
    expect(await text()).toEqual([["y", "Y"], ["x", "X2"]]);
  });
});
