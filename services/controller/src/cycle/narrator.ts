import { EventIdTaken } from "@boyd/bus";
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

/** Most events of one narrator published and not yet acknowledged; the next emit waits for the oldest. */
export const EVENTS_IN_FLIGHT = 32;

/**
 * Publishes of one event before it is reported lost. A re-publish carries
 * the same number, hence the same `Nats-Msg-Id`, so JetStream stores it once
 * even when only the ack was lost.
 */
export const EVENT_PUBLISH_ATTEMPTS = 3;

/** Pause before publishing a failed event again, ms (times the attempt). */
const RETRY_PAUSE_MS = 20;

/**
 * Publishes an agent's events in order, each numbered by the agent's one
 * event sequence (`ports.sequence`), so the number a client sees live is
 * the one it resumes a replay from. A failed publish is retried, then
 * reported, never thrown: events narrate the run, they do not steer it.
 *
 * Pipelined (a cycle's narrator), `emit` returns once the event is numbered
 * and sent: its ack is awaited in the background, at most
 * {@link EVENTS_IN_FLIGHT} at once, so a cycle does not wait a round trip
 * per event. `settle` waits for every ack (and reports the lost); the
 * cycle calls it before `cycle.finished`, so that event's warnings name
 * every event lost before it. Sends leave in emit order on one connection,
 * so the log keeps the numbering's order (only a retried event lands later).
 */
export class Narrator {
  private k = 0;
  readonly published: Event[] = [];
  /** Events given up on (numbering or publishing failed): reported, and known here so the loss can be mended. */
  private readonly lost = new Set<Event>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly ports: Pick<CyclePorts, "emit" | "now" | "sequence">,
    readonly agentId: string,
    readonly cycle: number,
    readonly traceId: string,
    private readonly onError: (message: string) => void,
    /** First sequence offset inside the block (events between cycles start at 500). */
    offset = 0,
    /** Don't wait for each ack (see the class comment); `settle` waits for them all. */
    private readonly pipelined = false,
  ) {
    this.k = offset;
  }

  async emit(kind: Kind): Promise<Event> {
    const event: Event = { agentId: this.agentId, cycle: this.cycle, timeUnixMs: this.ports.now(), traceId: this.traceId, sequence: 0, kind };
    this.published.push(event);
    try {
      event.sequence = await this.sequence();
    } catch (err) {
      this.lost.add(event);
      this.onError(`event ${EVENT_KINDS[kind.$case]} not published: ${(err as Error).message}`);
      return event;
    }
    const sent = this.deliver(event, EVENT_KINDS[kind.$case]);
    if (!this.pipelined) {
      await sent;
      return event;
    }
    this.inFlight.add(sent);
    void sent.then(() => this.inFlight.delete(sent));
    if (this.inFlight.size >= EVENTS_IN_FLIGHT) await Promise.race(this.inFlight);
    return event;
  }

  /** Waits until every event emitted so far is acknowledged or reported lost. */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Whether an event this narrator emitted is stored, once it is acknowledged or given up on. */
  async delivered(event: Event): Promise<boolean> {
    await this.settle();
    return !this.lost.has(event);
  }

  /**
   * Publishes one numbered event, retried; never rejects (a loss goes to
   * onError). A number the log holds for another event (a replica that ran
   * the agent, or act's events in a block reserved by one, numbered from
   * the same log) is given up for the next free one: the log would keep
   * the other event and drop this one.
   */
  private async deliver(event: Event, kind: string): Promise<void> {
    let failure: unknown;
    for (let attempt = 1; attempt <= EVENT_PUBLISH_ATTEMPTS; attempt++) {
      try {
        await this.ports.emit(this.agentId, kind, event);
        return;
      } catch (err) {
        failure = err;
        if (err instanceof EventIdTaken && this.ports.sequence) {
          this.ports.sequence.resync(this.agentId);
          event.sequence = await this.sequence().catch(() => event.sequence);
        } else if (attempt < EVENT_PUBLISH_ATTEMPTS) await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS * attempt));
      }
    }
    this.lost.add(event);
    this.onError(`event ${kind} (sequence ${event.sequence}) not published after ${EVENT_PUBLISH_ATTEMPTS} attempts: ${(failure as Error).message}`);
  }

  private sequence(): Promise<number> {
    if (this.ports.sequence) return this.ports.sequence.next(this.agentId);
    return Promise.resolve(this.cycle * EVENTS_PER_CYCLE + Math.min(this.k++, EVENTS_PER_CYCLE - 1));
  }
}
