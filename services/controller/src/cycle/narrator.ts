import type { Event } from "@boyd/proto";
import type { CyclePorts } from "./ports.js";

type Kind = NonNullable<Event["kind"]>;

/** The subject form of each event kind (`boyd.events.v1.<agent>.<kind>`). */
export const EVENT_KINDS: Readonly<Record<Kind["$case"], string>> = {
  cycleStarted: "cycle.started",
  observed: "observed",
  oriented: "oriented",
  decided: "decided",
  acted: "acted",
  goalChanged: "goal.changed",
  planChanged: "plan.changed",
  reflected: "reflected",
  approvalRequested: "approval.requested",
  approvalResolved: "approval.resolved",
  cycleFinished: "cycle.finished",
};

/**
 * Without an event sequence (ports that have none, as in unit tests),
 * events of one cycle share a block: cycle * 1000 + k.
 */
export const EVENTS_PER_CYCLE = 1000;

/**
 * Publishes an agent's events in order, each numbered by the agent's one
 * event sequence (`ports.sequence`), so the number a client sees live is
 * the one it resumes a replay from. A failed publish is reported, never
 * thrown: events narrate the run, they do not steer it.
 */
export class Narrator {
  private k = 0;
  readonly published: Event[] = [];

  constructor(
    private readonly ports: Pick<CyclePorts, "emit" | "now" | "sequence">,
    readonly agentId: string,
    readonly cycle: number,
    readonly traceId: string,
    private readonly onError: (message: string) => void,
    /** First sequence offset inside the block (events between cycles start at 500). */
    offset = 0,
  ) {
    this.k = offset;
  }

  async emit(kind: Kind): Promise<Event> {
    const event: Event = { agentId: this.agentId, cycle: this.cycle, timeUnixMs: this.ports.now(), traceId: this.traceId, sequence: 0, kind };
    this.published.push(event);
    try {
      event.sequence = await this.sequence();
      await this.ports.emit(this.agentId, EVENT_KINDS[kind.$case], event);
    } catch (err) {
      this.onError(`event ${EVENT_KINDS[kind.$case]} not published: ${(err as Error).message}`);
    }
    return event;
  }

  private sequence(): Promise<number> {
    if (this.ports.sequence) return this.ports.sequence.next(this.agentId);
    return Promise.resolve(this.cycle * EVENTS_PER_CYCLE + Math.min(this.k++, EVENTS_PER_CYCLE - 1));
  }
}
