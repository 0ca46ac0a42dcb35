import { BusError, connectNats, InProcessTransport, serveService, type ServiceBinding, type Transport } from "@boyd/bus";
import { ConsolidationTrigger, GoalStatus, MemoryServiceDefinition, WorkingMemoryKind } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createObserveHandlers, openInProcessPerceptInbox, serveObserve, type MemoryReader } from "../src/index.js";
import { agentId, entry, failureOf, goal, observeClient, startNeighbours, type Neighbours } from "./fixtures/harness.js";

let nats: NatsServer;
beforeAll(async () => {
  nats = await startNats();
});
afterAll(async () => {
  await nats?.stop();
});

const transports: [string, () => Promise<Transport>][] = [
  ["in-process", () => Promise.resolve(new InProcessTransport())],
  ["NATS", () => connectNats({ servers: nats.url })],
];

describe.each(transports)("observe over the bus (%s)", (_name, open) => {
  let transport: Transport;
  let neighbours: Neighbours;
  let observe: ServiceBinding;
  let client: ReturnType<typeof observeClient>;

  beforeEach(async () => {
    transport = await open();
    neighbours = await startNeighbours(transport);
    observe = await serveObserve(transport);
    client = observeClient(transport);
  });
  afterEach(async () => {
    await observe.stop();
    await neighbours.close();
    await transport.close();
  });

  it("goals - every goal is returned; active ids ranked by effective priority, then age, then the order given", async () => {
    const goals = [
      goal("g:low", { priority: 10 }),
      goal("g:failed", { priority: 250, status: GoalStatus.FAILED }),
      goal("g:boosted", { priority: 10, computedPriority: 200 }),
      goal("g:demoted", { priority: 250, computedPriority: 50 }),
      goal("g:tie-a-young", { priority: 100, createdAtUnixMs: 5_000 }),
      goal("g:tie-c-old", { priority: 100, createdAtUnixMs: 1_000 }),
      goal("g:tie-b-old", { priority: 100, createdAtUnixMs: 1_000 }),
      goal("g:suspended", { priority: 255, status: GoalStatus.SUSPENDED }),
    ];
    const { observation } = await client.observe({ agentId: agentId(), cycle: 4, goals, episodeTopK: 0 });
    expect(observation!.goals.map((g) => g.symbolId)).toEqual(goals.map((g) => g.symbolId));
    expect(observation!.goals[1]!.status).toBe(GoalStatus.FAILED);
    expect(observation!.activeGoalIds).toEqual(["g:boosted", "g:tie-c-old", "g:tie-b-old", "g:tie-a-young", "g:demoted", "g:low"]);
    expect(observation!.cycle).toBe(4);
    expect(observation!.summary).toBe(`cycle 4: 6 active goals (top: "goal g:boosted"), WM 0/100, 0 episodes recalled, 0 percepts`);
  });

  it("working memory - recent entries newest first after Remember, with size and capacity", async () => {
    const agent = agentId();
    await neighbours.memory.remember({ agentId: agent, cycle: 1, entries: [1, 2, 3, 4, 5, 6, 7].map((n) => entry(`note ${n}`, { kind: WorkingMemoryKind.INFERENCE })), capacity: 50 });
    const few = (await client.observe({ agentId: agent, cycle: 2, recentLimit: 3 })).observation!;
    expect(few.recentEntries.map((e) => e.content)).toEqual(["note 7", "note 6", "note 5"]);
    expect([few.workingMemorySize, few.workingMemoryCapacity]).toEqual([7, 50]);
    const byDefault = (await client.observe({ agentId: agent, cycle: 2 })).observation!;
    expect(byDefault.recentEntries.map((e) => e.content)).toEqual(["note 7", "note 6", "note 5", "note 4", "note 3"]);
    const none = (await client.observe({ agentId: agent, cycle: 2, recentLimit: 0 })).observation!;
    expect(none.recentEntries).toEqual([]);
    expect(none.workingMemorySize).toBe(7);
    expect(none.summary).toBe("cycle 2: 0 active goals, WM 7/50, 0 episodes recalled, 0 percepts");
  });

  it("episodes - recalled for the active goals after a consolidation, newest first", async () => {
    const agent = agentId();
    const sun = goal("goal:sun", { description: "learn how the sun makes light", successCriteria: "fusion of hydrogen in the core" });
    const remember = (content: string, cycle: number) => neighbours.memory.remember({ agentId: agent, cycle, entries: [entry(content, { symbols: ["goal:sun"], relevance: 0.9, kind: WorkingMemoryKind.INFERENCE })] });
    const consolidate = (cycle: number) => neighbours.memory.consolidate({ agentId: agent, cycle, trigger: ConsolidationTrigger.MANUAL, goalIds: ["goal:sun"], config: { minRelevance: 0 } });
    // The older episode matches the goal text best, so recall ranks it first.
    await remember("the sun makes light by fusion of hydrogen in its core", 1);
    expect((await consolidate(2)).episodes).toHaveLength(1);
    neighbours.advance(60_000);
    await remember("sunspots are cooler regions", 3);
    expect((await consolidate(4)).episodes).toHaveLength(1);
    await neighbours.memory.remember({ agentId: agent, cycle: 5, entries: [entry("unrelated chatter about bread")] });

    const ranked = await neighbours.memory.recall({ agentId: agent, query: "learn how the sun makes light. fusion of hydrogen in the core", symbols: ["goal:sun"], topK: 3 });
    expect(ranked.episodes.map((e) => e.summary)).toEqual([expect.stringContaining("fusion"), expect.stringContaining("sunspots")]);

    const { observation } = await client.observe({ agentId: agent, cycle: 6, goals: [sun, goal("goal:done", { status: GoalStatus.COMPLETED })] });
    expect(observation!.recalledEpisodes.map((e) => e.summary)).toEqual([expect.stringContaining("sunspots"), expect.stringContaining("fusion")]);
    expect(observation!.recalledEpisodes[0]!.timestampUnixMs).toBeGreaterThan(observation!.recalledEpisodes[1]!.timestampUnixMs);
    expect(observation!.summary).toBe(`cycle 6: 1 active goal (top: "learn how the sun makes light"), WM 1/100, 2 episodes recalled, 0 percepts`);

    const one = (await client.observe({ agentId: agent, cycle: 6, goals: [sun], episodeTopK: 1 })).observation!;
    expect(one.recalledEpisodes.map((e) => e.summary)).toEqual([expect.stringContaining("fusion")]);
  });

  it("invalid input - INVALID_ARGUMENT naming the field", async () => {
    expect(await failureOf(client.observe({ agentId: "", cycle: 1 }))).toBe("INVALID_ARGUMENT: agent_id: is required");
    expect(await failureOf(client.observe({ agentId: "a.b", cycle: 1 }))).toMatch(/^INVALID_ARGUMENT: agent_id: "a\.b" is not a valid agent id/);
    expect(await failureOf(client.observe({ agentId: "a1", cycle: 1, goals: [goal("g1"), goal("")] }))).toBe("INVALID_ARGUMENT: goals[1].symbol_id: is required");
    expect(await failureOf(client.observe({ agentId: "a1", cycle: 1, goals: [goal("g1"), goal("g1")] }))).toBe('INVALID_ARGUMENT: goals[1].symbol_id: "g1" appears twice');
    expect(await failureOf(client.observe({ agentId: "a1", cycle: 1, recentLimit: 5_000 }))).toBe("INVALID_ARGUMENT: recent_limit: must be in 0..1000, got 5000");
    expect(await failureOf(client.observe({ agentId: "a1", cycle: 1, episodeTopK: 101 }))).toBe("INVALID_ARGUMENT: episode_top_k: must be in 0..100, got 101");
  });

  it("memory down - UNAVAILABLE saying observe could not reach memory; answers again once memory is back", async () => {
    const agent = agentId();
    await neighbours.memory.remember({ agentId: agent, cycle: 1, entries: [entry("kept while memory is away")] });
    await neighbours.stopMemory();
    expect(await failureOf(client.observe({ agentId: agent, cycle: 2, goals: [goal("g1")] }))).toMatch(/^UNAVAILABLE: observe could not reach memory \(Re(cent|call)\): no responder for boyd\.v1\.MemoryService\./);
    await neighbours.startMemory();
    const { observation } = await client.observe({ agentId: agent, cycle: 2, goals: [goal("g1")] });
    expect(observation!.recentEntries.map((e) => e.content)).toEqual(["kept while memory is away"]);
  });
});

describe("observe - downstream calls", () => {
  it("memory silent - DEADLINE_EXCEEDED within the caller's deadline, saying observe could not reach memory", async () => {
    const transport = new InProcessTransport();
    // A memory that takes every call and never answers (until its caller gives up).
    const never = (_r: unknown, ctx: { signal: AbortSignal }) => new Promise<never>((_, reject) => ctx.signal.addEventListener("abort", () => reject(new BusError("CANCELLED", "gave up"))));
    const silent = await serveService(transport, MemoryServiceDefinition, Object.fromEntries(Object.keys(MemoryServiceDefinition.methods).map((k) => [k, never])) as never);
    const observe = await serveObserve(transport);
    try {
      const started = Date.now();
      const failure = await failureOf(observeClient(transport).observe({ agentId: "a1", cycle: 1 }, { timeoutMs: 600 }));
      // Which deadline fires first (observe's own call to memory, or the handler's) depends on timer order under load; either way the caller is told memory did not answer in time.
      expect(failure).toMatch(/^DEADLINE_EXCEEDED: observe could not reach memory \(Recent\): (no reply on boyd\.v1\.MemoryService\.Recent within \d+ ms|handler did not finish before the deadline)$/);
      expect(Date.now() - started).toBeLessThan(600);
    } finally {
      await observe.stop();
      await silent.stop();
      await transport.close();
    }
  });

  it("percepts are taken while memory is read, not after it answers (one round trip fewer in sequence over NATS)", async () => {
    const transport = new InProcessTransport();
    const neighbours = await startNeighbours(transport);
    const seen: string[] = [];
    const slowly = async <T>(name: string, answer: () => Promise<T>): Promise<T> => {
      seen.push(`${name} asked`);
      await new Promise((resolve) => setTimeout(resolve, 30));
      seen.push(`${name} answered`);
      return answer();
    };
    const memory: MemoryReader = {
      recent: (request, options) => slowly("recent", () => neighbours.memory.recent(request, options)),
      recall: (request, options) => slowly("recall", () => neighbours.memory.recall(request, options)),
    };
    const inbox = await openInProcessPerceptInbox(transport);
    const percepts: typeof inbox = Object.assign(Object.create(inbox) as typeof inbox, {
      take: (...args: Parameters<typeof inbox.take>) => {
        seen.push("percepts taken");
        return inbox.take(...args);
      },
    });
    const handlers = createObserveHandlers({ memory, percepts });
    const ctx = { service: "boyd.v1.ObserveService", method: "Observe", deadline: Date.now() + 5_000, signal: new AbortController().signal };
    try {
      await handlers.observe({ memoryPosition: 0, agentId: "a1", cycle: 1, goals: [goal("g1")] }, ctx);
      expect(seen.indexOf("percepts taken")).toBeLessThan(seen.indexOf("recall answered"));
      expect(seen).not.toContain("recent asked");
    } finally {
      await inbox.close();
      await neighbours.close();
      await transport.close();
    }
  });

  it("one call - Recall brings the recent entries; from an older memory (recent_limit dropped, nothing included) Recent is asked too; the observation is the same", async () => {
    const transport = new InProcessTransport();
    const neighbours = await startNeighbours(transport);
    const agent = agentId();
    const sun = goal("goal:sun", { description: "learn how the sun makes light", successCriteria: "fusion of hydrogen in the core" });
    const note = (content: string, cycle: number) => neighbours.memory.remember({ agentId: agent, cycle, entries: [entry(content, { symbols: ["goal:sun"], relevance: 0.9, kind: WorkingMemoryKind.INFERENCE })], capacity: 40 });
    await note("the sun makes light by fusion of hydrogen in its core", 1);
    await neighbours.memory.consolidate({ agentId: agent, cycle: 2, trigger: ConsolidationTrigger.MANUAL, goalIds: ["goal:sun"], config: { minRelevance: 0 } });
    for (let cycle = 3; cycle <= 9; cycle++) await note(`note ${cycle} about sunspots`, cycle);
    const reader = (older: boolean, calls: string[]): MemoryReader => ({
      recent(request, options) {
        calls.push("recent");
        return neighbours.memory.recent(request, options);
      },
      async recall(request, options) {
        calls.push("recall");
        if (!older) return neighbours.memory.recall(request, options);
        // What a memory that predates recent_limit answers: the field unknown, so dropped, and nothing included.
        const { recentLimit: _dropped, ...known } = request;
        const answer = await neighbours.memory.recall(known, options);
        expect(answer.recentIncluded).toBe(false);
        return answer;
      },
    });
    const percepts = await openInProcessPerceptInbox(transport);
    const ctx = { service: "boyd.v1.ObserveService", method: "Observe", deadline: Date.now() + 5_000, signal: new AbortController().signal };
    const observe = async (older: boolean, request: Parameters<ReturnType<typeof createObserveHandlers>["observe"]>[0]) => {
      const calls: string[] = [];
      const { observation } = await createObserveHandlers({ memory: reader(older, calls), percepts, now: () => 42 }).observe(request, ctx);
      return { observation, calls };
    };
    try {
      for (const request of [
        { agentId: agent, cycle: 10, goals: [sun], memoryPosition: 0 },
        { agentId: agent, cycle: 10, goals: [sun], recentLimit: 3, episodeTopK: 1, memoryPosition: 0 },
        { agentId: agent, cycle: 10, goals: [sun], recentLimit: 0, memoryPosition: 0 },
      ]) {
        const now = await observe(false, request);
        const before = await observe(true, request);
        expect(now.calls).toEqual(["recall"]);
        expect(before.calls).toEqual(["recall", "recent"]);
        expect(now.observation).toEqual(before.observation);
        expect(now.observation!.recalledEpisodes).toHaveLength(1);
        expect(now.observation!.workingMemorySize).toBe(7);
      }
      const { observation } = await observe(false, { memoryPosition: 0, agentId: agent, cycle: 10, goals: [sun], recentLimit: 3 });
      expect(observation!.recentEntries.map((e) => e.content)).toEqual(["note 9 about sunspots", "note 8 about sunspots", "note 7 about sunspots"]);
      expect(observation!.summary).toBe(`cycle 10: 1 active goal (top: "learn how the sun makes light"), WM 7/40, 1 episode recalled, 0 percepts`);
    } finally {
      await percepts.close();
      await neighbours.close();
      await transport.close();
    }
  });

  it("recall skipped - no Recall call when no goal is active or episode_top_k is 0", async () => {
    const transport = new InProcessTransport();
    const neighbours = await startNeighbours(transport);
    const calls: string[] = [];
    const memory: MemoryReader = {
      recent(request, options) {
        calls.push("recent");
        return neighbours.memory.recent(request, options);
      },
      recall(request, options) {
        calls.push("recall");
        return neighbours.memory.recall(request, options);
      },
    };
    const percepts = await openInProcessPerceptInbox(transport);
    const handlers = createObserveHandlers({ memory, percepts });
    const ctx = { service: "boyd.v1.ObserveService", method: "Observe", deadline: Date.now() + 5_000, signal: new AbortController().signal };
    try {
      await handlers.observe({ memoryPosition: 0, agentId: "a1", cycle: 1, goals: [goal("g1", { status: GoalStatus.SUSPENDED })] }, ctx);
      await handlers.observe({ memoryPosition: 0, agentId: "a1", cycle: 1, goals: [goal("g1")], episodeTopK: 0 }, ctx);
      expect(calls).toEqual(["recent", "recent"]);
      await handlers.observe({ memoryPosition: 0, agentId: "a1", cycle: 1, goals: [goal("g1")] }, ctx);
      // With a goal to recall for, one Recall brings the recent entries too.
      expect(calls).toEqual(["recent", "recent", "recall"]);
    } finally {
      await percepts.close();
      await neighbours.close();
      await transport.close();
    }
  });
});
