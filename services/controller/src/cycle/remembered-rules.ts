import { ActionOutcome, type ScoreRule } from "@boyd/proto";
import { scoreRules } from "./learned-rules.js";
import type { CyclePorts } from "./ports.js";

// Outcomes whose act call records a correction (a rule) without waiting for
// it: a Remember sent after such a call may read the rules before it lands.
const CORRECTED: ReadonlySet<ActionOutcome> = new Set([ActionOutcome.DENIED_BY_POLICY, ActionOutcome.DENIED_BY_USER, ActionOutcome.APPROVAL_EXPIRED]);

// How long rules a Remember carried stand in for a read: between the cycles
// of a run, not across a pause in which someone may change them elsewhere.
const FRESH_MS = 5_000;

// Agents whose rules are held (a few at most each; an agent let go asks memory once).
const AGENTS_KEPT = 10_000;

/**
 * The learned rules each agent's last Remember carried (RememberRequest
 * include_rules), for its next cycle's decide: read there, after the
 * cycle's facts, they spare the next cycle a ListRules call of its own.
 * Held for one cycle, and only while nothing may have changed the rules
 * since: a refusal (act records its correction without waiting, so the
 * Remember after it may have read before it landed) and a rule removed
 * through this controller make the next cycle ask memory, as do rules older
 * than FRESH_MS (a paused agent's rules may be changed through memory's own
 * API meanwhile). A change made through memory's API while a run goes on
 * counts from the cycle after the next Remember.
 */
export class RememberedRules {
  private readonly held = new Map<string, { rules: ScoreRule[]; at: number }>();
  /** Per agent refused since memory last listed its rules, when (in `ticks`) the last refusal was noted. */
  private readonly refused = new Map<string, number>();
  private ticks = 0;

  constructor(private readonly now: () => number) {}

  /** The agent's rules from its last Remember, once; undefined when the cycle must ask memory. */
  take(agentId: string): ScoreRule[] | undefined {
    const held = this.held.get(agentId);
    this.held.delete(agentId);
    return held && this.now() - held.at <= FRESH_MS ? held.rules : undefined;
  }

  remembered(agentId: string, rules: ScoreRule[]): void {
    this.held.delete(agentId);
    if (this.refused.has(agentId)) return;
    this.held.set(agentId, { rules, at: this.now() });
    if (this.held.size > AGENTS_KEPT) this.held.delete(this.held.keys().next().value!);
  }

  /** Marks a ListRules about to be sent; pass the mark to {@link listed} with its answer. */
  listing(): number {
    return ++this.ticks;
  }

  /** Memory listed the agent's rules after every refusal noted before `mark`: those corrections were there to read. */
  listed(agentId: string, mark: number): void {
    if ((this.refused.get(agentId) ?? Infinity) < mark) this.refused.delete(agentId);
  }

  /** The rules may have changed behind the last Remember's back; after a refusal, until memory lists them again. */
  changed(agentId: string, refusal = false): void {
    this.held.delete(agentId);
    if (!refusal) return;
    this.refused.delete(agentId);
    this.refused.set(agentId, ++this.ticks);
    if (this.refused.size > AGENTS_KEPT) this.refused.delete(this.refused.keys().next().value!);
  }
}

/**
 * The ports with every Remember asking for the agent's rules (kept in
 * `rememberedRules`), act refusals and rule removals noted against them,
 * and a ListRules noted as a fresh read.
 */
export function withRememberedRules(ports: CyclePorts): CyclePorts {
  const rememberedRules = new RememberedRules(ports.now);
  const memory: CyclePorts["memory"] = {
    ...ports.memory,
    remember: async (request, options) => {
      const response = await ports.memory.remember({ ...request, includeRules: true }, options);
      if (request.agentId && response.rulesIncluded) rememberedRules.remembered(request.agentId, scoreRules(response.rules));
      return response;
    },
    listRules: async (request, options) => {
      const mark = rememberedRules.listing();
      const response = await ports.memory.listRules(request, options);
      if (request.agentId) rememberedRules.listed(request.agentId, mark);
      return response;
    },
    removeRule: async (request, options) => {
      if (request.agentId) rememberedRules.changed(request.agentId);
      return ports.memory.removeRule(request, options);
    },
  };
  const act: CyclePorts["act"] = {
    ...ports.act,
    act: async (request, options) => {
      const response = await ports.act.act(request, options);
      const result = response.result;
      if (result && CORRECTED.has(result.outcome)) rememberedRules.changed(request.agentId || result.agentId, true);
      return response;
    },
  };
  return { ...ports, memory, act, rememberedRules };
}
