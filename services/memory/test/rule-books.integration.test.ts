// ListRules keeps each agent's rules and brings them up to date from the
// logs' changes instead of distilling every fact held on every call (the
// controller lists rules every cycle: 38 ms a call at 10,000 facts). The
// rules must stay exactly what distillRules gives over the whole logs,
// through adds, removals and rule removals made by this replica or, on
// JetStream KV, by another one. A seeded random history checks that.
import type { CallContext, NatsTransport } from "@boyd/bus";
import { Correction, Fact } from "@boyd/proto";
import { Prng } from "@boyd/vsa";
import { describe, expect, it } from "vitest";
import { createMemoryHandlers, distillRules, KNOWLEDGE, type MemoryStore } from "../src/index.js";
import { useNatsReplicas } from "./fixtures/replicas.js";

const replicas = useNatsReplicas();
const ctx = {} as CallContext;

/** The rules the distiller gives over everything the store holds for the agent, read afresh. */
async function rulesFromWholeLogs(store: MemoryStore, agentId: string) {
  const decode = (value: Uint8Array) => JSON.parse(new TextDecoder().decode(value)) as unknown;
  const facts = (await store.readRecords(agentId, "facts")).map((r) => Fact.fromJSON(decode(r.value)));
  const corrections = (await store.readRecords(agentId, "corrections")).map((r) => Correction.fromJSON(decode(r.value)));
  return distillRules(corrections, facts, KNOWLEDGE.maxRulesListed);
}

describe.each(replicas.modes("memory_rules"))("ListRules from kept rule books (%s)", (_name, setup) => {
  it("equals the distiller over the whole logs after every step of a random history of adds and removals by both replicas", async () => {
    const { stores, a, b } = await setup();
    const store = stores[0]!;
    const agentId = "ruled";
    const rng = new Prng(19);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng.next() * xs.length)]!;
    const tools = ["shell_exec", "http_fetch", "file_write"];
    const contexts = ["POLICY: writes outside the workspace", "user said: use the staging host", "", "DENIED_BY_USER: not now"];
    for (let step = 0; step < 120; step++) {
      const by = pick([a, b]);
      const roll = rng.next();
      if (roll < 0.35) {
        const tool = pick(tools);
        const denied = rng.next() < 0.4;
        await by.recordCorrection(
          {
            correction: Correction.fromPartial({
              agentId,
              original: `${tool} {"n":${Math.floor(rng.next() * 4)}}`,
              corrected: denied || rng.next() < 0.5 ? "" : `${tool} {"n":9}`,
              context: denied ? "DENIED_BY_USER: denied by ann" : pick(contexts),
              toolName: tool,
              deniedByPerson: denied,
              cycle: step,
              createdAtUnixMs: 1_000 + step,
            }),
          },
          ctx,
        );
      } else if (roll < 0.7) {
        const preference = rng.next() < 0.5;
        const content = preference ? `${pick(["Prefer", "Always", "Never", "Use "])} option ${Math.floor(rng.next() * 8)}` : `Body ${Math.floor(rng.next() * 30)} orbits a star`;
        await by.recordFacts({ agentId, facts: [Fact.fromPartial({ agentId, content, source: "user", createdAtUnixMs: 1_000 + step })] }, ctx);
      } else {
        const rules = (await by.listRules({ afterPosition: 0, agentId, limit: KNOWLEDGE.maxRules }, ctx)).rules;
        if (rules.length > 0) await by.removeRule({ agentId, ruleId: pick(rules).id }, ctx);
      }
      const want = await rulesFromWholeLogs(store, agentId);
      for (const [who, handlers] of [
        ["a", a],
        ["b", b],
      ] as const) {
        const got = (await handlers.listRules({ afterPosition: 0, agentId, limit: KNOWLEDGE.maxRulesListed }, ctx)).rules;
        if (JSON.stringify(got) !== JSON.stringify(want)) {
          throw new Error(`step ${step}, replica ${who}: ${got.length} rules, the whole logs give ${want.length}\ngot  ${JSON.stringify(got.map((r) => r.text))}\nwant ${JSON.stringify(want.map((r) => r.text))}`);
        }
      }
    }
    // The history made rules of both kinds, more than the default listing, and the default listing is their head.
    const last = await rulesFromWholeLogs(store, agentId);
    expect(last.length).toBeGreaterThan(KNOWLEDGE.maxRules);
    expect((await a.listRules({ afterPosition: 0, agentId }, ctx)).rules).toEqual(last.slice(0, KNOWLEDGE.maxRules));
    expect(last.some((r) => r.matchCall !== "")).toBe(true);
    expect(last.some((r) => r.origin.startsWith("a stated preference"))).toBe(true);
  }, 60_000);

  it("keeps the facts under their cap for an agent that never recalls, dropping the oldest (and the rules they made) from the store", async () => {
    const { stores, a } = await setup();
    const store = stores[0]!;
    const agentId = "fact-capped";
    const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
    const fact = (i: number, content: string) => ({ id: `fact:${String(i).padStart(5, "0")}`, value: bytes(Fact.toJSON(Fact.fromPartial({ id: `fact:${i}`, agentId, content, source: "user", createdAtUnixMs: 1_000 + i }))) });
    // The oldest fact states a preference: its rule goes with it.
    const facts = [fact(0, "Prefer the staging host"), ...Array.from({ length: KNOWLEDGE.maxFacts + 2 }, (_, i) => fact(i + 1, "x y z"))];
    await store.addRecords(agentId, "facts", facts);
    expect((await rulesFromWholeLogs(store, agentId)).map((r) => r.text).join()).toContain("staging host");
    const { rules } = await a.listRules({ afterPosition: 0, agentId, limit: 5 }, ctx);
    const held = (await store.readRecords(agentId, "facts")).map((r) => r.id);
    expect(held).toHaveLength(KNOWLEDGE.maxFacts);
    expect(held.slice(0, 1)).toEqual(["fact:00003"]);
    expect(rules).toEqual([]);
    expect((await a.listRules({ afterPosition: 0, agentId, limit: 5 }, ctx)).rules).toEqual([]);
  }, 60_000);

  it("keeps at most the correction cap, dropping the oldest from the store", async () => {
    const { stores, a } = await setup();
    const store = stores[0]!;
    const agentId = "capped";
    const over = KNOWLEDGE.maxCorrections + 3;
    for (let i = 0; i < over; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, over - i) }, (_, k) =>
          a.recordCorrection({ correction: Correction.fromPartial({ agentId, id: `correction:${String(i + k).padStart(5, "0")}`, original: `shell_exec {"n":${i + k}}`, context: "remark", toolName: "shell_exec", createdAtUnixMs: i + k }) }, ctx),
        ),
      );
    }
    await a.listRules({ afterPosition: 0, agentId, limit: 5 }, ctx);
    const held = (await store.readRecords(agentId, "corrections")).map((r) => r.id);
    expect(held).toHaveLength(KNOWLEDGE.maxCorrections);
    expect(held).not.toContain("correction:00000");
    expect(held).not.toContain("correction:00002");
    expect(held).toContain("correction:00003");
  }, 60_000);
});

describe("ListRules reads each log once", () => {
  it("a warm replica's ListRules costs two requests over KV: the facts and the corrections version (the facts log was read twice)", async () => {
    let transport: NatsTransport | undefined;
    const handlers = createMemoryHandlers(await replicas.kvStore(`memory_rules_reads_${process.pid}`, (t) => (transport = t)));
    const agentId = "listed";
    await handlers.recordFacts({ agentId, facts: [Fact.fromPartial({ agentId, content: "Always use the staging host", source: "user" })] }, ctx);
    await handlers.listRules({ afterPosition: 0, agentId, limit: 5 }, ctx);
    await transport!.connection.flush();
    const before = transport!.connection.stats().outMsgs;
    const { rules } = await handlers.listRules({ afterPosition: 0, agentId, limit: 5 }, ctx);
    expect(transport!.connection.stats().outMsgs - before).toBe(2);
    expect(rules.map((r) => r.text).join()).toContain("staging host");
  }, 20_000);
});
