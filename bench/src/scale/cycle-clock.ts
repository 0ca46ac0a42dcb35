import { createEventChannel, type NatsTransport, type Subscription } from "@boyd/bus";
import { Event } from "@boyd/proto";

/** One cycle as its events told it: controller timestamps of cycle.started and cycle.finished. */
export interface TimedCycle {
  readonly agentId: string;
  readonly cycle: number;
  readonly startedMs: number;
  readonly finishedMs: number;
}

/**
 * Times every agent's cycles from the live event stream: a cycle lasts from
 * its cycle.started to its cycle.finished, both stamped by the controller
 * that ran it (all on this machine's clock).
 */
export class CycleClock {
  private readonly started = new Map<string, number>();
  private readonly done: TimedCycle[] = [];
  private sub: Subscription | undefined;

  async attach(transport: NatsTransport): Promise<void> {
    this.sub = createEventChannel({ transport, codec: Event }).subscribe({}, (e) => this.take(e));
    await transport.flush();
  }

  /** Cycles finished since `mark` (a count from {@link finishedCount}). */
  since(mark: number): readonly TimedCycle[] {
    return this.done.slice(mark);
  }

  get finishedCount(): number {
    return this.done.length;
  }

  async detach(): Promise<void> {
    await this.sub?.drain();
  }

  private take(e: Event): void {
    const key = `${e.agentId} ${e.cycle}`;
    if (e.kind?.$case === "cycleStarted") this.started.set(key, Number(e.timeUnixMs));
    else if (e.kind?.$case === "cycleFinished") {
      const startedMs = this.started.get(key);
      this.started.delete(key);
      if (startedMs !== undefined) this.done.push({ agentId: e.agentId, cycle: Number(e.cycle), startedMs, finishedMs: Number(e.timeUnixMs) });
    }
  }
}
