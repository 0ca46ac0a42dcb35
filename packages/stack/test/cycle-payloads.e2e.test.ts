import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectNats, createClient, type NatsTransport } from "@boyd/bus";
import { ActRequest, ApprovalMode, DecideRequest, DerivationKind, Event, MemoryServiceDefinition, OrientRequest, RememberRequest, SaveSessionRequest, StopReason } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";
import { ingestSolar } from "./fixtures/run.js";

const AGENT = "slim";
// More cycles than the session keeps tool runs for (32), in two runs: the second loads a session whose working memory is full.
const FIRST_RUN = 4;
const SECOND_RUN = 36;
const REFLECTION_EVERY = 5;

/** Every message on `subject` as it crossed the server, decoded. */
function overhear<T>(outsider: NatsTransport, subject: string, decode: (data: Uint8Array) => T): T[] {
  const heard: T[] = [];
  outsider.connection.subscribe(subject, {
    callback: (_err, m) => {
      heard.push(decode(m.data));
    },
  });
  return heard;
}

describe("what a cycle sends over NATS stays small whatever the agent's age (stack on nats-server)", () => {
  let nats: NatsServer;
  let dir: string;
  let stack: Stack;
  let outsider: NatsTransport;

  beforeAll(async () => {
    nats = await startNats();
    dir = await mkdtemp(join(tmpdir(), "boyd-payloads-"));
    await chmod(dir, 0o755);
    stack = await startStack({ dataDir: dir, nats: nats.url, namespace: "payloads" });
    await ingestSolar(stack);
    outsider = await connectNats({ servers: nats.url });
  }, 60_000);

  /** An agent whose goal never converges: every cycle does the full work (the bench's workload). */
  async function createSteadyAgent(agentId: string): Promise<void> {
    await stack.agents.createAgent({
      agentId,
      goals: [{ description: "Identify the moons that orbit jupiter", successCriteria: "zorbium quasar flux", stallThreshold: 1_000 }],
      config: { maxCycles: 1_000, iterationBudget: 100_000, defaultStallThreshold: 1_000, maxBacktrackAttempts: 1, confirmSideEffectPlans: false, approvalMode: ApprovalMode.CAUTIOUS, reflection: { stagnationThreshold: 1_000, abandonAfterCycles: 1_000 } } as never,
    });
  }

  afterAll(async () => {
    await outsider?.close();
    await stack?.stop();
    await nats?.dispose();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it("SaveSession - no working memory (memory keeps its own) and only the tool runs reflection and resume need", async () => {
    // A save goes on its own (SaveSession) or with the cycle's Remember (RememberRequest.save).
    const saves: SaveSessionRequest[] = [];
    outsider.connection.subscribe("boyd.v1.MemoryService.SaveSession", {
      callback: (_err, m) => {
        saves.push(SaveSessionRequest.decode(m.data));
      },
    });
    outsider.connection.subscribe("boyd.v1.MemoryService.Remember", {
      callback: (_err, m) => {
        const save = RememberRequest.decode(m.data).save;
        if (save) saves.push(save);
      },
    });
    await outsider.connection.flush();
    await createSteadyAgent(AGENT);
    for (const maxCycles of [FIRST_RUN, SECOND_RUN]) {
      const { report } = await stack.agents.run({ agentId: AGENT, maxCycles });
      expect(StopReason[report!.stopReason]).toBe("MAX_CYCLES");
    }
    await outsider.connection.flush();
    const states = saves.filter((s) => s.state?.agentId === AGENT).map((s) => s.state!);
    expect(states.length).toBeGreaterThanOrEqual(FIRST_RUN + SECOND_RUN);
    expect(states.filter((s) => s.workingMemory.length > 0).map((s) => `cycle ${s.cycleCount}: ${s.workingMemory.length} entries`)).toEqual([]);
    const last = states.at(-1)!;
    expect(Number(last.cycleCount)).toBe(FIRST_RUN + SECOND_RUN);
    // At most the newest 32, or every run since the last reflection.
    expect(Math.max(...states.map((s) => s.toolRuns.length))).toBeLessThanOrEqual(Math.max(32, REFLECTION_EVERY));
    expect(last.toolRuns.map((r) => Number(r.cycle))).toEqual(Array.from({ length: 32 }, (_, i) => FIRST_RUN + SECOND_RUN - 31 + i));
  }, 120_000);

  it("independent calls at once - the first cycle's ListRules goes out before orient, later cycles take the rules their last Remember carried; one request each for memory's reads and writes: the recent entries come with Recall, the provenance with Remember", async () => {
    // Every request and every reply, in the order the server delivered them to this subscriber.
    const wire: { subject: string; reply: string }[] = [];
    for (const subject of ["boyd.v1.>", "_INBOX.>"]) {
      outsider.connection.subscribe(subject, {
        callback: (_err, m) => {
          wire.push({ subject: m.subject, reply: m.reply ?? "" });
        },
      });
    }
    const remembers = overhear(outsider, "boyd.v1.MemoryService.Remember", (d) => RememberRequest.decode(d));
    await createSteadyAgent("eager");
    await outsider.connection.flush();
    const { report } = await stack.agents.run({ agentId: "eager", maxCycles: 6 });
    expect(StopReason[report!.stopReason]).toBe("MAX_CYCLES");
    await outsider.connection.flush();
    const at = (subject: string, from = 0): number => wire.findIndex((m, i) => i >= from && m.subject === subject);
    const late: string[] = [];
    let observe = at("boyd.v1.ObserveService.Observe");
    let cycles = 0;
    while (observe >= 0) {
      const next = at("boyd.v1.ObserveService.Observe", observe + 1);
      const end = next < 0 ? wire.length : next;
      const inCycle = (i: number): boolean => i >= 0 && i < end;
      const rules = at("boyd.v1.MemoryService.ListRules", Math.max(0, observe - 3));
      const orient = at("boyd.v1.OrientService.Orient", observe);
      const remember = at("boyd.v1.MemoryService.Remember", observe);
      if (inCycle(orient) && inCycle(remember)) {
        cycles++;
        if (cycles === 1 && !(rules >= 0 && rules < orient)) late.push(`cycle ${cycles}: ListRules after Orient`);
        if (cycles > 1 && inCycle(rules)) late.push(`cycle ${cycles}: ListRules asked, though the last Remember carried the rules`);
        for (const rpc of ["Recent", "RecordProvenance"]) if (inCycle(at(`boyd.v1.MemoryService.${rpc}`, observe))) late.push(`cycle ${cycles}: ${rpc} asked`);
        if (!inCycle(at("boyd.v1.MemoryService.Recall", observe))) late.push(`cycle ${cycles}: no Recall`);
      }
      observe = next;
    }
    expect(cycles).toBeGreaterThanOrEqual(5);
    expect(late).toEqual([]);
    expect(remembers.filter((r) => r.agentId === "eager").every((r) => r.includeRules)).toBe(true);
    // Each cycle's decision went with its Remember, as RecordProvenance carried it.
    const decided = remembers.filter((r) => r.agentId === "eager" && r.provenance.length > 0);
    expect(decided.length).toBeGreaterThanOrEqual(5);
    for (const r of decided) {
      expect(r.provenance).toEqual([expect.objectContaining({ agentId: "eager", derivedId: `decision:eager:${r.cycle}`, cycle: r.cycle, id: expect.stringMatching(/^prov:/) })]);
    }
    const listed = await createClient(stack.transport, MemoryServiceDefinition).listProvenance({ agentId: "eager", kind: DerivationKind.AGENT_DECISION });
    expect(listed.records.map((p) => p.derivedId)).toEqual(decided.map((r) => `decision:eager:${r.cycle}`));
  }, 120_000);

  it("Decide - the tool catalog goes once; later requests name it by catalog_version (with the tools left out); recent entries go once", async () => {
    const asks = overhear(outsider, "boyd.v1.DecideService.Decide", (d) => DecideRequest.decode(d));
    await createSteadyAgent("brief");
    await outsider.connection.flush();
    const { report } = await stack.agents.run({ agentId: "brief", maxCycles: 5 });
    expect(StopReason[report!.stopReason]).toBe("MAX_CYCLES");
    await outsider.connection.flush();
    const mine = asks.filter((a) => a.agentId === "brief");
    expect(mine.length).toBeGreaterThanOrEqual(5);
    // At most the first carries the tools (none when an earlier test's cycles already sent them); every one names the same version.
    expect(mine.slice(1).map((a) => a.tools.length)).toEqual(mine.slice(1).map(() => 0));
    expect(new Set(mine.map((a) => a.catalogVersion)).size).toBe(1);
    expect(mine[0]!.catalogVersion).toMatch(/^[0-9a-f]{16}$/);
    // Working memory's recent entries go once, as the history decide reads, not again inside the orientation's observation.
    expect(mine.slice(1).every((a) => a.history.length > 0)).toBe(true);
    expect(mine.map((a) => a.orientation!.observation!.recentEntries.length)).toEqual(mine.map(() => 0));
  }, 120_000);

  it("Orient - gets the observation without working memory's recent entries (it reads none); decide still gets them as its history", async () => {
    const orients = overhear(outsider, "boyd.v1.OrientService.Orient", (d) => OrientRequest.decode(d));
    const decides = overhear(outsider, "boyd.v1.DecideService.Decide", (d) => DecideRequest.decode(d));
    await createSteadyAgent("oriented");
    await outsider.connection.flush();
    const { report } = await stack.agents.run({ agentId: "oriented", maxCycles: 4 });
    expect(StopReason[report!.stopReason]).toBe("MAX_CYCLES");
    await outsider.connection.flush();
    const sent = orients.filter((o) => o.agentId === "oriented");
    const asked = decides.filter((d) => d.agentId === "oriented");
    expect(sent).toHaveLength(4);
    expect(sent.map((o) => o.observation!.recentEntries.length)).toEqual([0, 0, 0, 0]);
    // Working memory had entries from the second cycle on, and decide saw them (and the goals orient was sent).
    expect(asked.slice(1).every((d) => d.history.length > 0)).toBe(true);
    expect(asked.every((d) => d.orientation!.observation!.goals.length === 1)).toBe(true);
  }, 120_000);

  it("the cycle's commit - a cycle without reflection saves its session with Remember; SaveSession only after a reflection", async () => {
    const remembers = overhear(outsider, "boyd.v1.MemoryService.Remember", (d) => RememberRequest.decode(d));
    const saves = overhear(outsider, "boyd.v1.MemoryService.SaveSession", (d) => SaveSessionRequest.decode(d));
    await createSteadyAgent("committed");
    const memory = createClient(stack.transport, MemoryServiceDefinition);
    const created = await memory.loadSession({ agentId: "committed" });
    await outsider.connection.flush();
    const cycles = 2 * REFLECTION_EVERY;
    const { report } = await stack.agents.run({ agentId: "committed", maxCycles: cycles });
    expect(report!.cyclesRun).toBe(cycles);
    await outsider.connection.flush();
    const byCycle = (states: (SaveSessionRequest | undefined)[]) => states.flatMap((s) => (s?.state?.agentId === "committed" && s.state.cycleCount > 0 ? [Number(s.state.cycleCount)] : []));
    const reflecting = Array.from({ length: cycles }, (_, i) => i + 1).filter((c) => c % REFLECTION_EVERY === 0);
    const others = Array.from({ length: cycles }, (_, i) => i + 1).filter((c) => c % REFLECTION_EVERY !== 0);
    expect(byCycle(remembers.map((r) => r.save))).toEqual(others);
    expect(byCycle(saves)).toEqual(reflecting);
    // Every save made: the run (which saves once as it starts) moved the session a version per cycle, and it loads at the last cycle.
    const loaded = await memory.loadSession({ agentId: "committed" });
    expect(Number(loaded.state!.cycleCount)).toBe(cycles);
    expect(Number(loaded.version) - Number(created.version)).toBe(cycles + 1);
  }, 120_000);

  it("facts - a cycle's tool output is stored as a fact by its Remember alone (no RecordFacts), its provenance naming the goal", async () => {
    const recordFacts = overhear(outsider, "boyd.v1.MemoryService.RecordFacts", (d) => d.length);
    const acts = overhear(outsider, "boyd.v1.ActService.Act", (d) => ActRequest.decode(d));
    await createSteadyAgent("factual");
    await outsider.connection.flush();
    const { report } = await stack.agents.run({ agentId: "factual", maxCycles: 4 });
    expect(report!.cyclesRun).toBe(4);
    await outsider.connection.flush();
    expect(acts.filter((a) => a.agentId === "factual").map((a) => a.callerRecordsFacts)).toEqual([true, true, true, true]);
    // Each cycle starts from the last one saved: act may forget the calls of the cycles before it.
    expect(acts.filter((a) => a.agentId === "factual").map((a) => [Number(a.decision!.cycle), Number(a.committedCycle)])).toEqual([[1, 0], [2, 1], [3, 2], [4, 3]]);
    expect(recordFacts).toEqual([]);
    const memory = createClient(stack.transport, MemoryServiceDefinition);
    const goal = report!.goals[0]!.symbolId;
    const { records } = await memory.listProvenance({ agentId: "factual", kind: DerivationKind.TOOL_OUTPUT });
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.sourceIds[0]!.startsWith("tool:") && r.sourceIds.includes(goal))).toBe(true);
  }, 120_000);

  it("Remember - carries the session's active goals and config, so memory reads no session in it", async () => {
    const remembers = overhear(outsider, "boyd.v1.MemoryService.Remember", (d) => RememberRequest.decode(d));
    const saves = overhear(outsider, "boyd.v1.MemoryService.SaveSession", (d) => SaveSessionRequest.decode(d));
    await createSteadyAgent("mindful");
    await outsider.connection.flush();
    await stack.agents.run({ agentId: "mindful", maxCycles: 2 });
    await outsider.connection.flush();
    const cycles = remembers.filter((r) => r.agentId === "mindful" && r.entries.length > 1);
    expect(cycles).toHaveLength(2);
    // The agent's one goal, active in both cycles (its symbol id, as the saved session holds it).
    const goal = saves.find((s) => s.state?.agentId === "mindful")!.state!.goals[0]!.symbolId;
    expect(cycles.map((r) => r.session?.activeGoalIds)).toEqual([[goal], [goal]]);
    expect(cycles.every((r) => r.session?.config?.maxCycles === 1_000)).toBe(true);
  }, 120_000);

  it("slim events - the oriented event leaves out the observation the observed event just carried", async () => {
    const events = overhear(outsider, "boyd.events.v1.terse.>", (d) => Event.decode(d));
    await createSteadyAgent("terse");
    await outsider.connection.flush();
    await stack.agents.run({ agentId: "terse", maxCycles: 2 });
    await outsider.connection.flush();
    const observed = events.filter((e) => e.kind?.$case === "observed");
    const oriented = events.flatMap((e) => (e.kind?.$case === "oriented" ? [e.kind.value.orientation!] : []));
    expect(observed).toHaveLength(2);
    expect(oriented).toHaveLength(2);
    expect(oriented.map((o) => o.observation)).toEqual([undefined, undefined]);
    expect(oriented.every((o) => o.summary !== "")).toBe(true);
  }, 120_000);
});
