// A cycle's decision provenance goes with its Remember (one request, not
// two), against the real memory handlers over a files store. A memory that
// predates RememberRequest.provenance (its handler drops the field and
// returns no ids), or a Remember that fails, has the controller send the
// record with RecordProvenance, under the same id: stored once, either way,
// and listed exactly as the old RecordProvenance call stored it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BusError, InProcessTransport, serveService, type ServiceHandlers } from "@boyd/bus";
import { createMemoryHandlers, openFileStore, type MemoryStore } from "@boyd/memory";
import { DerivationKind, Decision, MemoryServiceDefinition, Observation, Orientation, type ProvenanceRecord, SessionState } from "@boyd/proto";
import { afterEach, describe, expect, it } from "vitest";
import { resolveAgentConfig } from "../src/cycle/agent-config.js";
import { servicePorts } from "../src/cycle/ports.js";
import { decisionProvenance, provenanceId, remember, type Remembering } from "../src/cycle/remember.js";

type MemoryHandlers = ServiceHandlers<typeof MemoryServiceDefinition>;

const AGENT = "prov-agent";
const CYCLE = 7;
const decision = Decision.fromPartial({
  agentId: AGENT,
  cycle: CYCLE,
  goalId: "goal:sun",
  call: { toolName: "kg_query", inputJson: '{"symbol":"sun"}' },
  explanation: { reasoning: "the sun is unexplored", confidence: 1.4 },
  score: { breakdown: "[score=0.85: base=0.80]" },
});

/** The record the controller sent with RecordProvenance before it went with Remember. */
const OLD_RECORD = {
  agentId: AGENT,
  derivedId: `decision:${AGENT}:${CYCLE}`,
  kind: DerivationKind.AGENT_DECISION,
  sourceIds: ["goal:sun"],
  cycle: CYCLE,
  confidence: 1,
  toolName: "kg_query",
  detail: "the sun is unexplored",
  scoreBreakdown: "[score=0.85: base=0.80]",
  supportingTriples: [],
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Real memory handlers over a files store in a temp dir, served through `wrap`, with the rpcs called counted. */
async function memory(wrap: (real: MemoryHandlers) => Partial<MemoryHandlers> = () => ({})) {
  const dir = await mkdtemp(join(tmpdir(), "boyd-remember-prov-"));
  const store: MemoryStore = await openFileStore({ dir });
  const real = createMemoryHandlers(store);
  const calls: string[] = [];
  const counted = Object.fromEntries(
    Object.entries({ ...real, ...wrap(real) }).map(([name, fn]) => [name, (request: unknown, ctx: unknown) => (calls.push(name), (fn as (r: unknown, c: unknown) => unknown)(request, ctx))]),
  ) as unknown as MemoryHandlers;
  const transport = new InProcessTransport();
  const binding = await serveService(transport, MemoryServiceDefinition, counted);
  cleanups.push(async () => {
    await binding.stop();
    await transport.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  const ports = servicePorts(transport, async () => undefined);
  const listed = async () => (await ports.memory.listProvenance({ agentId: AGENT })).records;
  return { ports, calls, listed, real };
}

/** An older memory's Remember: it knows no provenance field, so it stores none and returns no ids. */
const older = (real: MemoryHandlers): Partial<MemoryHandlers> => ({
  remember: async (request, ctx) => ({ ...(await real.remember({ ...request, provenance: [] }, ctx)), provenanceIds: [] }),
});

function cycleRecord(id = provenanceId(Date.now()), capacity = 20): Remembering {
  return {
    observation: Observation.fromPartial({ agentId: AGENT, cycle: CYCLE, summary: "cycle 7: 1 active goal", workingMemorySize: 3 }),
    orientation: Orientation.fromPartial({ agentId: AGENT, cycle: CYCLE, summary: "the sun is a star", memoryPressure: 0.15 }),
    decision,
    result: undefined,
    cfg: { ...resolveAgentConfig(undefined), workingMemoryCapacity: capacity },
    saved: SessionState.fromPartial({ agentId: AGENT }),
    provenance: [decisionProvenance(AGENT, CYCLE, decision, id)],
  };
}

const withoutTime = (r: ProvenanceRecord) => ({ ...r, createdAtUnixMs: 0 });

describe("a cycle's provenance goes with its Remember", () => {
  it("one Remember stores the entries and the record; no RecordProvenance; listed as the old RecordProvenance call stored it", async () => {
    const m = await memory();
    const warnings: string[] = [];
    const what = cycleRecord();
    const remembered = await remember(m.ports, AGENT, CYCLE, what, warnings);
    expect(warnings).toEqual([]);
    expect(m.calls).toEqual(["remember"]);
    expect(remembered.size).toBe(3);
    const listed = await m.listed();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ ...OLD_RECORD, id: what.provenance[0]!.id });
    expect(listed[0]!.createdAtUnixMs).toBeGreaterThan(0);
    expect(what.provenance[0]!.id).toMatch(/^prov:[0-9a-z]+-[0-9a-f]{10}$/);

    // The old way (RecordProvenance beside Remember) lists the same record, apart from its id and time.
    const old = await memory();
    await old.ports.memory.remember({ agentId: AGENT, cycle: CYCLE, entries: [] });
    await old.ports.memory.recordProvenance({ agentId: AGENT, records: [OLD_RECORD] });
    const oldListed = await old.listed();
    expect(listed.map((r) => ({ ...withoutTime(r), id: "" }))).toEqual(oldListed.map((r) => ({ ...withoutTime(r), id: "" })));
    // ...and so do the filtered views (by derived id, by symbol, by kind).
    for (const filter of [{ derivedId: OLD_RECORD.derivedId }, { symbol: "goal:sun" }, { kind: DerivationKind.AGENT_DECISION }, { fromCycle: CYCLE, toCycle: CYCLE }]) {
      const now = (await m.ports.memory.listProvenance({ agentId: AGENT, ...filter })).records.map((r) => r.derivedId);
      const then = (await old.ports.memory.listProvenance({ agentId: AGENT, ...filter })).records.map((r) => r.derivedId);
      expect(now).toEqual(then);
      expect(now).toEqual([OLD_RECORD.derivedId]);
    }
  });

  it("an older memory (the field dropped, no ids back): the record goes with RecordProvenance, the same record", async () => {
    const m = await memory(older);
    const warnings: string[] = [];
    const what = cycleRecord();
    const remembered = await remember(m.ports, AGENT, CYCLE, what, warnings);
    expect(warnings).toEqual([]);
    expect(m.calls).toEqual(["remember", "recordProvenance"]);
    expect(remembered.size).toBe(3);
    expect((await m.listed()).map(withoutTime)).toEqual([{ ...OLD_RECORD, id: what.provenance[0]!.id, createdAtUnixMs: 0 }]);
  });

  it("no decided call: no provenance, and no RecordProvenance from an older memory either", async () => {
    const m = await memory(older);
    const warnings: string[] = [];
    await remember(m.ports, AGENT, CYCLE, { ...cycleRecord(), decision: undefined, provenance: [] }, warnings);
    expect(warnings).toEqual([]);
    expect(m.calls).toEqual(["remember"]);
    expect(await m.listed()).toEqual([]);
  });

  it("Remember refused: working memory is not updated (a warning, as before), the provenance is still recorded", async () => {
    const m = await memory();
    const warnings: string[] = [];
    // Capacity 0 is refused by memory (INVALID_ARGUMENT): final, not retried.
    const remembered = await remember(m.ports, AGENT, CYCLE, cycleRecord(undefined, 0), warnings);
    expect(warnings).toEqual([expect.stringMatching(/^working memory not updated: remember: capacity: must be in 1\.\./)]);
    expect(remembered).toEqual({ size: 3, pressure: 0.15 });
    expect(m.calls).toEqual(["remember", "recordProvenance"]);
    expect((await m.listed()).map((r) => r.derivedId)).toEqual([OLD_RECORD.derivedId]);
  });

  it("Remember stored everything but its answer was lost: the RecordProvenance after it stores nothing twice", async () => {
    const m = await memory((real) => ({
      remember: async (request, ctx) => {
        await real.remember(request, ctx);
        throw new BusError("INTERNAL", "the reply was lost");
      },
    }));
    const warnings: string[] = [];
    await remember(m.ports, AGENT, CYCLE, cycleRecord(), warnings);
    expect(warnings).toEqual([expect.stringMatching(/^working memory not updated: .*the reply was lost/)]);
    expect(m.calls).toEqual(["remember", "recordProvenance"]);
    expect((await m.listed()).map((r) => r.derivedId)).toEqual([OLD_RECORD.derivedId]);
  });

  it("a retried Remember (UNAVAILABLE after it stored) stores the record once", async () => {
    let failed = false;
    const m = await memory((real) => ({
      remember: async (request, ctx) => {
        const r = await real.remember(request, ctx);
        if (failed) return r;
        failed = true;
        throw new BusError("UNAVAILABLE", "connection closed");
      },
    }));
    const warnings: string[] = [];
    await remember(m.ports, AGENT, CYCLE, cycleRecord(), warnings);
    expect(warnings).toEqual([expect.stringMatching(/^remember: UNAVAILABLE .*retrying/)]);
    expect(m.calls).toEqual(["remember", "remember"]);
    expect((await m.listed()).map((r) => r.derivedId)).toEqual([OLD_RECORD.derivedId]);
  });

  it("a provenance failure is a cycle warning, never a failed cycle", async () => {
    const m = await memory((real) => ({
      ...older(real),
      recordProvenance: () => {
        throw new BusError("UNAVAILABLE", "memory is away");
      },
    }));
    const warnings: string[] = [];
    const remembered = await remember(m.ports, AGENT, CYCLE, cycleRecord(), warnings);
    expect(remembered.size).toBe(3);
    expect(warnings).toEqual([expect.stringMatching(/^provenance not recorded: .*memory is away/)]);
    expect(await m.listed()).toEqual([]);
  });
});
