import { BusError } from "./errors.js";
import { InFlight } from "./inflight.js";
import { forwardEnvelope } from "./message-envelope.js";
import { subjectMatches } from "./subjects.js";
import { timerDelay } from "./timers.js";
import type { Delivery, Envelope, ErrorReporter, MessageHandler, RequestHandler, Subscription, Transport } from "./transport.js";

/** Subjects whose matching members are remembered per list at most. */
const MAX_REMEMBERED_SUBJECTS = 4_096;

interface Member {
  readonly pattern: string;
  readonly queue: string | undefined;
  readonly inflight: InFlight;
  closed: boolean;
  readonly deliver: (message: Delivery) => Promise<unknown>;
}

/**
 * The in-process transport: the same semantics as NATS (queue groups,
 * wildcards, deadlines, no-responder errors, drain) without a network, for
 * embedded mode and for tests. RPC hands the message objects over
 * (`carriesMessages`; an envelope's bytes are made only if read); raw
 * payloads and events travel as bytes, as on NATS.
 */
export class InProcessTransport implements Transport {
  readonly kind = "inproc";
  readonly carriesMessages = true;
  private readonly responders: Member[] = [];
  private readonly subscribers: Member[] = [];
  // Round-robin position per queue group, so load spreads evenly.
  private readonly cursor = new Map<string, number>();
  // The members whose pattern matches a subject, per list: every call and
  // publish went through every member's pattern (a stack serves ~80
  // subjects). Cleared whenever a member joins or leaves.
  private readonly matches = new Map<readonly Member[], Map<string, Member[]>>();
  private closed = false;

  constructor(private readonly reportError: ErrorReporter = () => {}) {}

  request(subject: string, request: Envelope, timeoutMs: number): Promise<Envelope> {
    if (this.closed) return Promise.reject(new BusError("UNAVAILABLE", "transport is closed"));
    const chosen = this.pick(this.responders, subject);
    if (chosen.length === 0) return Promise.reject(new BusError("UNAVAILABLE", `no responder for ${subject}`));
    return new Promise<Envelope>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new BusError("DEADLINE_EXCEEDED", `no reply on ${subject} within ${timeoutMs} ms`)),
        timerDelay(timeoutMs),
      );
      const settle = (fn: () => void): void => {
        clearTimeout(timer);
        fn();
      };
      const delivery: Delivery = forwardEnvelope(request, subject);
      // First reply wins, as with NATS when several groups match.
      for (const member of chosen) {
        member.deliver(delivery).then(
          (reply) => settle(() => resolve(reply as Envelope)),
          (err: unknown) => settle(() => reject(err)),
        );
      }
    });
  }

  serve(subject: string, queue: string, handler: RequestHandler): Subscription {
    return this.join(this.responders, subject, queue, handler);
  }

  publish(subject: string, message: Envelope): void {
    if (this.closed) return;
    for (const member of this.pick(this.subscribers, subject)) {
      member.deliver({ subject, data: message.data, headers: { ...message.headers } }).catch((err: unknown) =>
        this.reportError(err, { subject }),
      );
    }
  }

  subscribe(pattern: string, handler: MessageHandler, options: { queue?: string } = {}): Subscription {
    return this.join(this.subscribers, pattern, options.queue, handler);
  }

  async flush(): Promise<void> {
    // Deliveries are scheduled with setImmediate; one turn lets them start.
    await new Promise((resolve) => setImmediate(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    const members = [...this.responders, ...this.subscribers];
    await Promise.all(members.map((m) => this.leave(m)));
  }

  private join(
    list: Member[],
    pattern: string,
    queue: string | undefined,
    handler: (message: Delivery) => unknown,
  ): Subscription {
    const inflight = new InFlight();
    const member: Member = {
      pattern,
      queue,
      inflight,
      closed: false,
      // setImmediate: the caller's synchronous code finishes first, as it
      // would with a network between them.
      deliver: (message) =>
        inflight.track(
          new Promise((resolve, reject) => {
            setImmediate(() => {
              Promise.resolve()
                .then(() => handler(message))
                .then(resolve, reject);
            });
          }),
        ),
    };
    list.push(member);
    this.matches.clear();
    return { drain: () => this.leave(member) };
  }

  private async leave(member: Member): Promise<void> {
    member.closed = true;
    for (const list of [this.responders, this.subscribers]) {
      const i = list.indexOf(member);
      if (i >= 0) list.splice(i, 1);
    }
    this.matches.clear();
    await member.inflight.idle();
  }

  /** The members of `list` whose pattern matches `subject`, remembered until the members change. */
  private matching(list: readonly Member[], subject: string): readonly Member[] {
    let bySubject = this.matches.get(list);
    if (!bySubject) this.matches.set(list, (bySubject = new Map()));
    let found = bySubject.get(subject);
    if (!found) {
      // Subjects name agents, so there is no end to them: forget them all rather than grow without bound.
      if (bySubject.size >= MAX_REMEMBERED_SUBJECTS) bySubject.clear();
      found = list.filter((m) => subjectMatches(m.pattern, subject));
      bySubject.set(subject, found);
    }
    return found;
  }

  /** Every plain member matching `subject`, plus one member per matching queue group. */
  private pick(list: readonly Member[], subject: string): Member[] {
    const plain: Member[] = [];
    const groups = new Map<string, Member[]>();
    for (const m of this.matching(list, subject)) {
      if (m.closed) continue;
      if (m.queue === undefined) plain.push(m);
      else {
        const key = `${m.queue}\u0000${m.pattern}`;
        const members = groups.get(key);
        if (members) members.push(m);
        else groups.set(key, [m]);
      }
    }
    for (const [key, members] of groups) {
      const next = this.cursor.get(key) ?? 0;
      this.cursor.set(key, next + 1);
      plain.push(members[next % members.length]!);
    }
    return plain;
  }
}
