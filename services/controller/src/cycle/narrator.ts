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

/** Events of one cycle share a sequence block: cycle * 1000 + k, increasing per agent across restarts. */
export const EVENTS_PER_CYCLE = 1000;

/**
 * Publishes an agent's events in order. Sequence numbers are derived from
 * the cycle, so a controller that takes over after a crash continues the
 * numbering instead of restarting it. A failed publish is reported, never
 * thrown: events narrate the run, they do not steer it.
 */
export class Narrator {
  private k = 0;
  readonly published: Event[] = [];

  constructor(
    private readonly ports: Pick<CyclePorts, "emit" | "now">,
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
    const event: Event = {
      agentId: this.agentId,
      cycle: this.cycle,
      timeUnixMs: this.ports.now(),
      traceId: this.traceId,
      sequence: this.cycle * EVENTS_PER_CYCLE + Math.min(this.k++, EVENTS_PER_CYCLE - 1),
      kind,
    };
    this.published.push(event);
    try {
      await this.ports.emit(this.agentId, EVENT_KINDS[kind.$case], event);
    } catch (err) {
      this.onError(`event ${EVENT_KINDS[kind.$case]} not published: ${(err as Error).message}`);
    }
    return event;
  }
}
