import {
  connect,
  errors as natsErrors,
  headers as natsHeaders,
  PermissionViolationError,
  RequestError,
  TimeoutError,
  type ConnectionOptions,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type RequestOptions,
} from "@nats-io/transport-node";
import { BusError, treatAsUnavailable } from "./errors.js";
import { InFlight } from "./inflight.js";
import { encodeMessageHeader, Header, type Headers } from "./headers.js";
import { timerDelay } from "./timers.js";
import type { Delivery, Envelope, ErrorReporter, MessageHandler, RequestHandler, Subscription, Transport } from "./transport.js";

// What nats.js throws when NATS is away (no answer, no responders, the
// connection down or closing; JetStream's API not answering while a server
// restarts, which it names "not enabled" and does not export): a handler
// that fails on one is answered UNAVAILABLE, which callers retry. As
// INTERNAL, a cycle gave up on an Act whose KV read fell in a nats-server
// restart.
const NATS_AWAY = [TimeoutError, natsErrors.NoRespondersError, RequestError, natsErrors.ConnectionError, natsErrors.ClosedConnectionError, natsErrors.DrainingConnectionError];
treatAsUnavailable("NATS", (err) => NATS_AWAY.some((type) => err instanceof type) || err.name === "JetStreamNotEnabled");

// A user name that is one subject token; others keep nats.js's default inbox.
const INBOX_USER = /^[A-Za-z0-9_-]+$/;

/**
 * The inbox prefix of a NATS user: its replies arrive on `_INBOX.<user>.<id>`,
 * so nats-server can let each user subscribe to its own replies only
 * (`_INBOX.<user>.>`) instead of everybody's (`_INBOX.>`).
 */
export function natsInboxPrefix(user: string): string {
  if (!INBOX_USER.test(user)) throw new Error(`NATS user ${JSON.stringify(user)} cannot name an inbox: use letters, digits, - or _`);
  return `_INBOX.${user}`;
}

/**
 * Options for {@link connectNats}: nats.js connection options, with reconnect
 * forever as the default, and a connection with a user name taking its
 * replies under {@link natsInboxPrefix} unless `inboxPrefix` says otherwise.
 */
export type NatsTransportOptions = ConnectionOptions & { reportError?: ErrorReporter };

/**
 * Connects to NATS and returns the transport. By default the client keeps
 * reconnecting forever (a service outlives a nats-server restart) and
 * resubscribes on its own, and nats.js builds no async-trace errors.
 */
export async function connectNats(options: NatsTransportOptions = {}): Promise<NatsTransport> {
  const { reportError, ...connectOptions } = options;
  const { user } = connectOptions;
  const nc = await connect({
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    waitOnFirstConnect: false,
    // nats.js otherwise constructs two Error objects (stack captured) on
    // every request, in case it times out or fails: the largest single cost
    // of a round trip in a CPU profile. The transport rethrows its failures
    // as BusErrors naming the subject, so those stacks told nobody anything.
    noAsyncTraces: true,
    ...(user && INBOX_USER.test(user) ? { inboxPrefix: natsInboxPrefix(user) } : {}),
    ...connectOptions,
  });
  return new NatsTransport(nc, reportError);
}

// How long after a reconnect a reply asked for before the connection dropped
// may still come (the responder reconnecting too) before it counts as lost.
const LOST_REPLY_GRACE_MS = 3_000;

/** The NATS adapter of {@link Transport}, on a nats.js v3 connection. */
export class NatsTransport implements Transport {
  readonly kind = "nats";
  private readonly subscriptions = new Set<Subscription>();
  // Bumped on every disconnect: a request that timed out while the link was
  // down (or went down meanwhile) is reported UNAVAILABLE, not a slow server.
  private disconnects = 0;
  private connected_ = true;
  // Told when the connection is back: requests waiting to be sent (see
  // reconnected) and requests waiting for their reply (see unlessLost).
  // Each removes itself when it is done.
  private readonly reconnectListeners = new Set<() => void>();

  constructor(
    /** The underlying connection, for JetStream and KV. */
    readonly connection: NatsConnection,
    private readonly reportError: ErrorReporter = () => {},
  ) {
    void this.watchStatus();
  }

  /** Whether the connection is up right now (false while reconnecting). */
  get connected(): boolean {
    return this.connected_;
  }

  async request(subject: string, request: Envelope, timeoutMs: number): Promise<Envelope> {
    let timeout = timeoutMs;
    // nats.js buffers a publish made while disconnected, but a request written
    // around the moment of the outage can be lost with the socket. Holding it
    // until the link is back (within the deadline) makes the outcome
    // predictable: answered after reconnect, or UNAVAILABLE at the deadline.
    if (!this.connected_) {
      const deadline = Date.now() + timeoutMs;
      if (!(await this.reconnected(deadline))) throw new BusError("UNAVAILABLE", `NATS connection is down; could not send ${subject} within ${timeoutMs} ms`);
      timeout = deadline - Date.now();
    }
    const epoch = this.disconnects;
    const wasConnected = this.connected_;
    try {
      const options: RequestOptions = { timeout: Math.max(1, timerDelay(Math.ceil(timeout))) };
      const headers = toNatsHeaders(request.headers);
      if (headers) options.headers = headers;
      const reply = await this.unlessLost(this.connection.request(subject, request.data, options), subject);
      return { data: reply.data, headers: fromNatsHeaders(reply.headers) };
    } catch (err) {
      if (err instanceof BusError) throw err;
      if (err instanceof TimeoutError) {
        if (!wasConnected || !this.connected_ || epoch !== this.disconnects) {
          throw new BusError("UNAVAILABLE", `NATS connection was down; no reply on ${subject} within ${timeoutMs} ms`, { cause: err });
        }
        throw new BusError("DEADLINE_EXCEEDED", `no reply on ${subject} within ${timeoutMs} ms`, { cause: err });
      }
      if (err instanceof RequestError && err.isNoResponders()) {
        throw new BusError("UNAVAILABLE", `no responder for ${subject}`, { cause: err });
      }
      // The server refused this user the subject: retrying cannot help.
      if (err instanceof RequestError && err.cause instanceof PermissionViolationError) {
        throw new BusError("PERMISSION_DENIED", `NATS refused ${subject} to this connection's user: ${err.cause.message}`, { cause: err });
      }
      throw new BusError("UNAVAILABLE", `request on ${subject} failed: ${(err as Error).message}`, { cause: err });
    }
  }

  /**
   * The reply, or UNAVAILABLE when the connection dropped while waiting for
   * it and LOST_REPLY_GRACE_MS after the reconnect it has still not come: a
   * request or reply in flight through a nats-server that restarted is gone,
   * and a caller would otherwise wait out the whole deadline (an Act's is
   * the tool's time plus a person's approval: minutes). Failing is safe to
   * retry: act's idempotency keys find a call already run or running, and
   * memory's writes are keyed or versioned.
   */
  private unlessLost<T>(reply: Promise<T>, subject: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let grace: ReturnType<typeof setTimeout> | undefined;
      const onReconnect = (): void => {
        grace ??= setTimeout(() => {
          this.reconnectListeners.delete(onReconnect);
          reject(new BusError("UNAVAILABLE", `NATS connection dropped and came back; the reply on ${subject} did not come within ${LOST_REPLY_GRACE_MS} ms after, so it was lost`));
        }, LOST_REPLY_GRACE_MS);
      };
      const settle = (): void => {
        this.reconnectListeners.delete(onReconnect);
        if (grace) clearTimeout(grace);
      };
      this.reconnectListeners.add(onReconnect);
      reply.then(
        (value) => (settle(), resolve(value)),
        (err: unknown) => (settle(), reject(err)),
      );
    });
  }

  /** Resolves true when the connection is back, false if `deadline` comes first. */
  private reconnected(deadline: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.reconnectListeners.delete(done);
        resolve(false);
      }, timerDelay(deadline - Date.now()));
      const done = (): void => {
        this.reconnectListeners.delete(done);
        clearTimeout(timer);
        resolve(true);
      };
      this.reconnectListeners.add(done);
    });
  }

  serve(subject: string, queue: string, handler: RequestHandler): Subscription {
    return this.track(subject, queue, async (msg) => {
      try {
        this.respond(msg, subject, await handler(toDelivery(msg)));
      } catch (err) {
        this.reportError(err, { subject: msg.subject });
      }
    });
  }

  private respond(msg: Msg, subject: string, reply: Envelope): void {
    // The caller may be gone (deadline passed); a reply to nowhere is harmless.
    try {
      msg.respond(reply.data, headerOption(reply.headers));
    } catch (err) {
      // nats.js refuses a reply past the server's max payload. Unanswered,
      // the caller would wait out its whole deadline for nothing: tell it why.
      msg.respond(EMPTY, headerOption(unsendableReply(subject, reply, this.connection.info?.max_payload, err)));
    }
  }

  publish(subject: string, message: Envelope): void {
    this.connection.publish(subject, message.data, headerOption(message.headers));
  }

  subscribe(pattern: string, handler: MessageHandler, options: { queue?: string } = {}): Subscription {
    return this.track(pattern, options.queue, async (msg) => {
      try {
        await handler(toDelivery(msg));
      } catch (err) {
        this.reportError(err, { subject: msg.subject });
      }
    });
  }

  flush(): Promise<void> {
    return this.connection.flush();
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.drain()));
    if (!this.connection.isClosed()) await this.connection.drain();
  }

  /** Subscribes `work` to every message, counted until it settles; `work` reports its own errors and never rejects. */
  private track(subject: string, queue: string | undefined, work: (msg: Msg) => Promise<void>): Subscription {
    const inflight = new InFlight();
    const sub = this.connection.subscribe(subject, {
      ...(queue === undefined ? {} : { queue }),
      callback: (err, msg) => {
        if (err) return this.reportError(err, { subject });
        void inflight.track(work(msg));
      },
    });
    let drained: Promise<void> | undefined;
    const subscription: Subscription = {
      drain: () =>
        (drained ??= (async () => {
          if (!sub.isClosed() && !this.connection.isClosed()) await sub.drain().catch(() => sub.unsubscribe());
          await inflight.idle();
          this.subscriptions.delete(subscription);
        })()),
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  private async watchStatus(): Promise<void> {
    for await (const s of this.connection.status()) {
      if (s.type === "disconnect") {
        this.connected_ = false;
        this.disconnects++;
      } else if (s.type === "reconnect") {
        this.connected_ = true;
        for (const listener of [...this.reconnectListeners]) listener();
      }
    }
  }
}

const EMPTY = new Uint8Array(0);

/** The error headers sent in place of a reply nats.js would not send (too large). */
function unsendableReply(subject: string, reply: Envelope, maxPayload: number | undefined, err: unknown): Headers {
  const limit = maxPayload === undefined ? "" : ` (the server's max payload is ${maxPayload} bytes)`;
  const message = `the ${subject} reply of ${reply.data.length} bytes could not be sent${limit}: ${(err as Error).message}`;
  return { [Header.status]: "RESOURCE_EXHAUSTED", [Header.message]: encodeMessageHeader(message) };
}

function toDelivery(msg: Msg): Delivery {
  return { subject: msg.subject, data: msg.data, headers: fromNatsHeaders(msg.headers) };
}

/** Plain headers as nats.js publish options; none when empty, saving the header block. */
export function headerOption(h: Headers): { headers?: MsgHdrs } {
  const headers = toNatsHeaders(h);
  return headers ? { headers } : {};
}

/** Plain headers as nats.js headers, or undefined when there are none. */
function toNatsHeaders(h: Headers): MsgHdrs | undefined {
  let headers: MsgHdrs | undefined;
  // append, not set: a fresh block has nothing to replace, and set searches for it first.
  for (const k in h) (headers ??= natsHeaders()).append(k, h[k]!);
  return headers;
}

/** nats.js headers to plain headers (first value of each key). */
export function fromNatsHeaders(h: MsgHdrs | undefined): Headers {
  const out: Headers = {};
  if (!h) return out;
  for (const [k, values] of h) if (values[0] !== undefined) out[k] = values[0];
  return out;
}
