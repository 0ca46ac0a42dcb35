// Facts stored again (act's RecordFacts and Remember's TOOL_RESULT entry
// carry the same tool output every cycle) validate the facts log once per
// call, and what is answered stays right when another replica wrote the
// fact, removed it, or took its key first.
import type { CallContext, NatsTransport } from "@boyd/bus";
import { Fact } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { createMemoryHandlers } from "../src/index.js";
import { useNatsReplicas } from "./fixtures/replicas.js";

const nats = useNatsReplicas();
const ctx = {} as CallContext;
const agentId = "fact-writes";
const content = "Phobos orbits Mars every 7 hours and 39 minutes";
const fact = (extra: Partial<Fact> = {}) => Fact.fromPartial({ agentId, content, source: "tool:kg_query", ...extra });

describe("a fact stored again", () => {
  it("costs one request over KV: the facts log is validated once, not once to find the key taken and again to read it", async () => {
    let transport: NatsTransport | undefined;
    const store = await nats.kvStore(`memory_fact_writes_${process.pid}`, (t) => (transport = t));
    const handlers = createMemoryHandlers(store);
    const first = await handlers.recordFacts({ agentId, facts: [fact()] }, ctx);
    await handlers.recordFacts({ agentId, facts: [fact()] }, ctx); // brings this replica's copy of the log up to date
    await transport!.connection.flush();
    const before = transport!.connection.stats().outMsgs;
    const again = await handlers.recordFacts({ agentId, facts: [fact()] }, ctx);
    expect(transport!.connection.stats().outMsgs - before).toBe(1);
    expect(again.ids).toEqual(first.ids);
  }, 20_000);
});

describe.each(nats.modes("memory_fact_replicas"))("facts written by another replica (%s)", (_mode, make) => {
  it("a fact another replica stored under its own id is answered with that id, seen before or not", async () => {
    const { a, b } = await make();
    await b.recordFacts({ agentId, facts: [fact({ id: "fact-from-b" })] }, ctx);
    // A has never seen the fact: it tries to add it, finds the key taken and reads who took it.
    expect((await a.recordFacts({ agentId, facts: [fact()] }, ctx)).ids).toEqual(["fact-from-b"]);
    // Now A has seen it: it reads it first and adds nothing.
    expect((await a.recordFacts({ agentId, facts: [fact()] }, ctx)).ids).toEqual(["fact-from-b"]);
    const listed = await a.listProvenance({ agentId, derivedId: "fact-from-b", symbol: "", kind: 0, fromCycle: 0, toCycle: 0, limit: 10, pageToken: "" }, ctx);
    expect(listed.records).toHaveLength(1);
  }, 20_000);

  it("a fact another replica removed after this one saw it is stored again, with its provenance", async () => {
    const { a, b, stores } = await make();
    const [id] = (await a.recordFacts({ agentId, facts: [fact({ content: "Deimos orbits Mars every 30 hours" })] }, ctx)).ids;
    await stores.at(-1)!.removeRecords(agentId, "facts", [id!]);
    const recalled = async () => (await b.recall({ afterPosition: 0, agentId, query: "Deimos orbits Mars", symbols: [], topK: 5, includeFacts: true }, ctx)).facts.map((f) => f.id);
    expect(await recalled()).not.toContain(id);
    expect((await a.recordFacts({ agentId, facts: [fact({ content: "Deimos orbits Mars every 30 hours" })] }, ctx)).ids).toEqual([id]);
    expect(await recalled()).toContain(id);
  }, 20_000);
});
