import { PERCEPT_PREFIX, type Delivery, type Subscription, type Transport } from "@boyd/bus";
import { Percept } from "@boyd/proto";
import { PERCEPTS } from "../constants.js";
import { agentOfSubject, deadLetter, DeliveredIds, EMPTY_BATCH, newPerceptId, perceptsWithinBudget, readPercept, type DropListener, type DropReason, type PerceptBatch, type PerceptInbox, type TakeOptions } from "./port.js";

/** Options of {@link openInProcessPerceptInbox}. */
export interface InProcessPerceptInboxOptions {
  /** Percepts buffered per agent; a new one beyond it pushes out the oldest, which is counted as dropped. @default 1000 */
  maxPerAgent?: number;
  /** Percept ids remembered per agent after delivery, to drop redeliveries. @default 4096 */
  rememberedIds?: number;
  /** Clock for percepts that arrive without a receive time. @default Date.now */
  now?: () => number;
  /** Told about each percept refused (malformed, misaddressed, duplicate) or pushed out (overflow). */
  onDrop?: DropListener;
}

/** Counters of an {@link InProcessPerceptInbox}, over its whole life. */
export interface InProcessInboxStats {
  /** Percepts waiting now, all agents. */
  buffered: number;
  /** Agents with percepts waiting or out for an observation (a queue each). */
  agents: number;
  /** Percepts refused or pushed out, by reason. */
  dropped: Record<DropReason, number>;
}

interface AgentQueue {
  /** Waiting percepts, oldest first. */
  queue: Percept[];
  /** Ids queued or taken but not yet committed. */
  held: Set<string>;
  /** Overflow drops not yet reported in a batch. */
  dropped: number;
}

/**
 * The embedded-mode inbox: one subscription on `boyd.percepts.v1.*` over
 * the transport, a bounded queue per agent in this process. Percepts that
 * arrive while no inbox runs are not kept (JetStream keeps them in
 * distributed mode), and every inbox on a subject receives every percept,
 * so run one per process that observes.
 */
export class InProcessPerceptInbox implements PerceptInbox {
  private readonly agents = new Map<string, AgentQueue>();
  private readonly delivered: DeliveredIds;
  private readonly maxPerAgent: number;
  private readonly now: () => number;
  private readonly counts: Record<DropReason, number> = { malformed: 0, oversized: 0, misaddressed: 0, duplicate: 0, overflow: 0 };
  private readonly subscription: Subscription;

  constructor(
    private readonly transport: Transport,
    private readonly options: InProcessPerceptInboxOptions = {},
  ) {
    this.maxPerAgent = options.maxPerAgent ?? PERCEPTS.defaultMaxPerAgent;
    if (!Number.isInteger(this.maxPerAgent) || this.maxPerAgent < 1) throw new Error(`maxPerAgent must be a positive integer, got ${this.maxPerAgent}`);
    this.delivered = new DeliveredIds(options.rememberedIds);
    this.now = options.now ?? Date.now;
    this.subscription = transport.subscribe(`${PERCEPT_PREFIX}.*`, (m) => this.receive(m));
  }

  take(agentId: string, options: TakeOptions): Promise<PerceptBatch> {
    const a = this.agents.get(agentId);
    if (!a || (a.queue.length === 0 && a.dropped === 0)) return Promise.resolve(EMPTY_BATCH);
    const candidates = a.queue.slice(0, Math.max(0, options.limit));
    const taken = a.queue.splice(0, perceptsWithinBudget(candidates.map((p) => Percept.encode(p).finish().length)));
    const dropped = a.dropped;
    a.dropped = 0;
    let settled = false;
    const settle = (apply: () => void): Promise<void> => {
      if (!settled) {
        settled = true;
        apply();
      }
      return Promise.resolve();
    };
    return Promise.resolve({
      percepts: taken,
      dropped,
      waiting: a.queue.length,
      commit: () =>
        settle(() => {
          for (const p of taken) {
            a.held.delete(p.id);
            this.delivered.add(agentId, p.id);
          }
          this.forgetIfIdle(agentId, a);
        }),
      release: () =>
        settle(() => {
          a.queue.unshift(...taken);
          a.dropped += dropped;
        }),
    });
  }

  /** Counters since the inbox opened. */
  stats(): InProcessInboxStats {
    let buffered = 0;
    for (const a of this.agents.values()) buffered += a.queue.length;
    return { buffered, agents: this.agents.size, dropped: { ...this.counts } };
  }

  /**
   * Drops an agent's queue once nothing waits in it or is out for an
   * observation: a queue was kept for every agent id a percept ever named,
   * so a process's inbox grew with every agent it ever heard of. Delivered
   * ids stay in `delivered`, which keeps redeliveries out on its own.
   */
  private forgetIfIdle(agentId: string, a: AgentQueue): void {
    if (a.queue.length === 0 && a.held.size === 0 && a.dropped === 0 && this.agents.get(agentId) === a) this.agents.delete(agentId);
  }

  close(): Promise<void> {
    return this.subscription.drain();
  }

  private receive(m: Delivery): void {
    const agentId = agentOfSubject(m.subject);
    if (!agentId) return; // `*` only matches one token; nothing else reaches here
    const received = readPercept(m.data, m.headers, agentId, { id: newPerceptId, receivedAt: this.now() });
    if ("refused" in received) {
      deadLetter((subject, data, headers) => this.transport.publish(subject, { data, headers }), m, agentId, received.why);
      return this.drop(received.refused, { subject: m.subject, agentId, why: received.why, ...(received.perceptId ? { perceptId: received.perceptId } : {}) });
    }
    const { percept } = received;
    let a = this.agents.get(agentId);
    if (!a) this.agents.set(agentId, (a = { queue: [], held: new Set(), dropped: 0 }));
    if (a.held.has(percept.id) || this.delivered.has(agentId, percept.id)) return this.drop("duplicate", { subject: m.subject, agentId, perceptId: percept.id });
    if (a.queue.length >= this.maxPerAgent) {
      const oldest = a.queue.shift()!;
      a.held.delete(oldest.id);
      a.dropped++;
      this.drop("overflow", { subject: m.subject, agentId, perceptId: oldest.id });
    }
    a.queue.push(percept);
    a.held.add(percept.id);
  }

  private drop(reason: DropReason, detail: Parameters<DropListener>[1]): void {
    this.counts[reason]++;
    this.options.onDrop?.(reason, detail);
  }
}

/**
 * Opens the in-process inbox on `transport` and resolves once its
 * subscription is registered (with NATS: the server has it), so a percept
 * published after this resolves is not missed.
 */
export async function openInProcessPerceptInbox(transport: Transport, options: InProcessPerceptInboxOptions = {}): Promise<InProcessPerceptInbox> {
  const inbox = new InProcessPerceptInbox(transport, options);
  await transport.flush();
  return inbox;
}
