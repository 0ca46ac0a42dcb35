// A cycle decides by the learned rules its agent's last Remember carried
// (RememberRequest.include_rules) instead of listing them every cycle. It
// must still see every rule a denial adds from the very next cycle: act
// records that correction without waiting, so a Remember after a refusal
// may have read before it landed, and the next cycle lists the rules again.
import { InProcessTransport, serveService, type ServiceHandlers } from "@boyd/bus";
import { ActionOutcome, ActionResult, ActServiceDefinition, BehaviorRule, MemoryServiceDefinition, RememberResponse, RemoveRuleResponse } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cycleScoreRules } from "../src/cycle/learned-rules.js";
import { servicePorts, type CyclePorts } from "../src/cycle/ports.js";

/** Every rpc of `definition` refusing, but those given. */
function only(definition: { methods: object }, given: object): never {
  const refuse = () => Promise.reject(new Error("not called in this test"));
  return { ...Object.fromEntries(Object.keys(definition.methods).map((name) => [name, refuse])), ...given } as never;
}
const rule = (n: number) => BehaviorRule.fromPartial({ id: `rule:${n}`, text: `never run shell_exec ${n}`, toolName: "shell_exec", matchCall: `shell_exec {"n":${n}}`, scoreAdjustment: -0.5 });

describe("rules remembered - a cycle takes its rules from the agent's last Remember while they are current", () => {
  let clock = 1_000_000;
  let stored: BehaviorRule[] = [];
  let listCalls = 0;
  let outcome = ActionOutcome.EXECUTED;
  let knowsIncludeRules = true;
  // A ListRules answers once this settles (a test holds it to answer late).
  let listingHeld: Promise<void> = Promise.resolve();
  let ports: CyclePorts;
  let bindings: { stop(): Promise<void> }[] = [];
  let transport: InProcessTransport;
  const warnings: string[] = [];
  // What the cycle decides by, and whether it asked memory for it.
  const cycleRules = async (agentId = "ann") => {
    const before = listCalls;
    const rules = await cycleScoreRules(ports, agentId, Date.now() + 10_000, (m) => warnings.push(m));
    return { rules: rules.map((r) => r.id), listed: listCalls > before };
  };
  const remember = (agentId = "ann") => ports.memory.remember({ agentId, cycle: 1 });
  const act = (agentId = "ann") => ports.act.act({ agentId, decision: { agentId, cycle: 1, call: { toolName: "shell_exec", inputJson: "{}" } } });

  beforeEach(async () => {
    stored = [rule(1)];
    listCalls = 0;
    outcome = ActionOutcome.EXECUTED;
    knowsIncludeRules = true;
    listingHeld = Promise.resolve();
    warnings.length = 0;
    transport = new InProcessTransport();
    const memory: Partial<ServiceHandlers<typeof MemoryServiceDefinition>> = {
      remember: (r) => RememberResponse.fromPartial(knowsIncludeRules && r.includeRules ? { rules: stored, rulesIncluded: true } : {}),
      listRules: async () => {
        listCalls++;
        const rules = stored;
        await listingHeld;
        return { rules };
      },
      removeRule: (r) => ((stored = stored.filter((x) => x.id !== r.ruleId)), RemoveRuleResponse.fromPartial({ rule: rule(1) })),
    };
    const actHandlers: Partial<ServiceHandlers<typeof ActServiceDefinition>> = {
      act: (r) => ({ result: ActionResult.fromPartial({ agentId: r.agentId, toolName: "shell_exec", outcome }) }),
    };
    bindings = [
      await serveService(transport, MemoryServiceDefinition, only(MemoryServiceDefinition, memory)),
      await serveService(transport, ActServiceDefinition, only(ActServiceDefinition, actHandlers)),
    ];
    ports = servicePorts(transport, async () => undefined, () => clock);
  });
  afterEach(async () => {
    for (const b of bindings) await b.stop();
    await transport.close();
    expect(warnings).toEqual([]);
  });

  it("the first cycle lists them; each later one takes those of the Remember before it, once", async () => {
    expect(await cycleRules()).toEqual({ rules: ["rule:1"], listed: true });
    await act();
    await remember();
    stored = [rule(1), rule(2)];
    await remember();
    expect(await cycleRules()).toEqual({ rules: ["rule:1", "rule:2"], listed: false });
    // Taken once: a cycle whose Remember did not come (failed) asks memory.
    expect(await cycleRules()).toEqual({ rules: ["rule:1", "rule:2"], listed: true });
    // Another agent's Remember is its own.
    await remember("bob");
    expect(await cycleRules()).toEqual({ rules: ["rule:1", "rule:2"], listed: true });
  });

  for (const refusal of [ActionOutcome.DENIED_BY_USER, ActionOutcome.DENIED_BY_POLICY, ActionOutcome.APPROVAL_EXPIRED]) {
    it(`after a refusal (${ActionOutcome[refusal]}) the next cycle lists them, whatever the Remember after it carried`, async () => {
      await cycleRules();
      outcome = refusal;
      await act();
      // The correction lands after the Remember read the rules.
      await remember();
      stored = [rule(1), rule(3)];
      expect(await cycleRules()).toEqual({ rules: ["rule:1", "rule:3"], listed: true });
      // Listed since: the next Remember serves again.
      outcome = ActionOutcome.EXECUTED;
      await act();
      await remember();
      expect(await cycleRules()).toEqual({ rules: ["rule:1", "rule:3"], listed: false });
    });
  }

  it("a listing sent before a refusal and answered after it does not count as reading its correction", async () => {
    await cycleRules();
    let answer: () => void = () => undefined;
    listingHeld = new Promise<void>((resolve) => (answer = resolve));
    const listing = ports.memory.listRules({ agentId: "ann" });
    await new Promise((resolve) => setImmediate(resolve));
    outcome = ActionOutcome.DENIED_BY_USER;
    await act();
    answer();
    await listing;
    listingHeld = Promise.resolve();
    await remember();
    expect((await cycleRules()).listed).toBe(true);
  });

  it("a rule removed through the controller, a memory that does not know include_rules, and rules older than 5 s all make the cycle ask memory", async () => {
    await remember();
    await ports.memory.removeRule({ agentId: "ann", ruleId: "rule:1" });
    expect(await cycleRules()).toEqual({ rules: [], listed: true });

    knowsIncludeRules = false;
    await remember();
    expect((await cycleRules()).listed).toBe(true);

    knowsIncludeRules = true;
    stored = [rule(4)];
    await remember();
    clock += 5_001;
    expect(await cycleRules()).toEqual({ rules: ["rule:4"], listed: true });
  });
});
