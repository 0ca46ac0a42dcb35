// Remember works from the agent's active goals and config. A caller that
// holds the session sends them (RememberRequest.session) and memory reads
// no session; an older caller that does not still gets them from the
// saved session.
import type { CallContext, NatsTransport } from "@boyd/bus";
import { AgentConfig, GoalStatus, SessionState, WorkingMemoryKind, type RememberRequest } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { createMemoryHandlers } from "../src/index.js";
import { useNatsReplicas } from "./fixtures/replicas.js";

const nats = useNatsReplicas();
const ctx = {} as CallContext;
const entry = (content: string) => ({ id: 0, content, symbols: ["goal:moons"], kind: WorkingMemoryKind.OBSERVATION, timestampUnixMs: 0, relevance: 0.9, sourceCycle: 1, referenceCount: 0, accessCycles: [], toolName: "" });
const saved = (agentId: string, autoConsolidate: boolean) =>
  SessionState.fromPartial({ agentId, goals: [{ symbolId: "goal:moons", status: GoalStatus.ACTIVE }], config: { autoConsolidate, workingMemoryCapacity: 4 } });

/** A replica on its own connection, with the count of messages it sent. */
async function replica(bucket: string) {
  let transport: NatsTransport | undefined;
  const handlers = createMemoryHandlers(await nats.kvStore(bucket, (t) => (transport = t)));
  const sent = async <T>(work: () => T | Promise<T>): Promise<{ requests: number; reply: T }> => {
    await transport!.connection.flush();
    const before = transport!.connection.stats().outMsgs;
    const reply = await work();
    return { requests: transport!.connection.stats().outMsgs - before, reply };
  };
  return { handlers, sent };
}

const request = (agentId: string, cycle: number, session?: RememberRequest["session"]): RememberRequest => ({ afterPosition: 0, includeRules: false, agentId, cycle, entries: [entry(`note ${cycle}`)], touchIds: [], capacity: 4, session, provenance: [], save: undefined });

describe("Remember with the session sent", () => {
  it("reads no session: one request fewer over KV than without it", async () => {
    const { handlers, sent } = await replica(`memory_remember_session_${process.pid}`);
    await handlers.saveSession({ state: saved("counted", true), expectedVersion: 0 }, ctx);
    await handlers.remember(request("counted", 1), ctx);
    const without = await sent(() => handlers.remember(request("counted", 2), ctx));
    const withSession = await sent(() => handlers.remember(request("counted", 3, { activeGoalIds: ["goal:moons"], config: saved("counted", true).config }), ctx));
    expect(withSession.requests).toBe(without.requests - 1);
  }, 20_000);

  it("consolidates by what was sent, not by the saved session; without it, by the saved session", async () => {
    const { handlers } = await replica(`memory_remember_session_b_${process.pid}`);
    // Saved: auto-consolidation off. Sent: on. Four entries in a capacity of 4 is full pressure.
    await handlers.saveSession({ state: saved("sent", false), expectedVersion: 0 }, ctx);
    for (let c = 1; c <= 3; c++) await handlers.remember(request("sent", c), ctx);
    const old = await handlers.remember(request("sent", 4), ctx);
    expect(old.consolidation).toBeUndefined();
    const sentOn = await handlers.remember(request("sent", 5, { activeGoalIds: ["goal:moons"], config: { ...saved("sent", true).config!, workingMemoryCapacity: 4 } }), ctx);
    expect(sentOn.consolidation?.entriesScored).toBeGreaterThan(0);
  }, 20_000);

  it("a bad sent config or goal is refused naming the field", async () => {
    const { handlers } = await replica(`memory_remember_session_c_${process.pid}`);
    const refused = (session: RememberRequest["session"]) => Promise.resolve(handlers.remember(request("bad", 1, session), ctx)).then(() => "accepted", (e: Error) => e.message);
    expect(await refused({ activeGoalIds: [""], config: undefined })).toContain("session.active_goal_ids[0]");
    expect(await refused({ activeGoalIds: [], config: AgentConfig.fromPartial({ consolidation: { minRelevance: 2 } }) })).toContain("session.config.consolidation.min_relevance");
  }, 20_000);
});
