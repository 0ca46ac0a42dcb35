import type { Headers } from "./headers.js";

/** A payload with its headers, as it travels on any transport. */
export interface Envelope {
  readonly data: Uint8Array;
  readonly headers: Headers;
  /**
   * The message itself, on a transport that carries messages (in-process):
   * `data` is then its encoding, made only if something reads it (see
   * messageEnvelope). The receiver treats it as its own copy.
   */
  readonly message?: unknown;
}

/** A delivered message: the envelope and the subject it arrived on. */
export interface Delivery extends Envelope {
  readonly subject: string;
}

/** Answers one request. Whatever it returns is sent back as the reply. */
export type RequestHandler = (request: Delivery) => Promise<Envelope>;

/** Receives published messages. Errors it throws are reported, never fatal. */
export type MessageHandler = (message: Delivery) => void | Promise<void>;

/** A subscription that can be drained: no new messages, in-flight ones finish. */
export interface Subscription {
  /** Stop receiving and wait until every message already taken is handled. */
  drain(): Promise<void>;
}

/**
 * What the bus needs from a messaging system. Two adapters implement it with
 * the same observable semantics (proven by one conformance suite): NATS and
 * in-process.
 *
 * - `request` resolves with the reply, or rejects with a BusError:
 *   UNAVAILABLE when nobody serves the subject or the connection is down,
 *   DEADLINE_EXCEEDED when no reply came in time.
 * - `serve` joins a queue group: each request goes to one member.
 * - `subscribe` receives every matching publish (`*` and `>` wildcards);
 *   with a queue, one member of the group gets each message.
 */
export interface Transport {
  /** `"nats"` or `"inproc"`, for logs and diagnostics. */
  readonly kind: string;
  /**
   * Whether an envelope's `message` reaches the other side as it is (the
   * in-process transport), so RPC skips encoding and decoding it.
   */
  readonly carriesMessages?: boolean;
  request(subject: string, request: Envelope, timeoutMs: number): Promise<Envelope>;
  serve(subject: string, queue: string, handler: RequestHandler): Subscription;
  publish(subject: string, message: Envelope): void;
  subscribe(pattern: string, handler: MessageHandler, options?: { queue?: string }): Subscription;
  /** Resolves once everything published so far has left this process. */
  flush(): Promise<void>;
  /** Drain every subscription, then release the connection. */
  close(): Promise<void>;
}

/** Reports errors thrown by message handlers; transports never crash on them. */
export type ErrorReporter = (error: unknown, context: { subject: string }) => void;
