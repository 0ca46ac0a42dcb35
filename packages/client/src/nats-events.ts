import { connect as natsConnect, type NatsConnection } from "@nats-io/transport-node";
import { Event } from "@boyd/proto";
import { CancelledError, InternalError, toBoydError, UnavailableError } from "./errors.js";

/** Where events are published: `boyd.events.v1.<agent>.<kind>`. */
const EVENT_SUBJECT_PREFIX = "boyd.events.v1";
// What an agent id may be: a single NATS subject token.
const SUBJECT_TOKEN = /^[A-Za-z0-9_-]+$/;
const METHOD = "watchEvents(nats)";

/** NATS access, to follow events on the bus directly (the `client` user of a secured deployment). */
export interface NatsOptions {
  /** Server URL(s), e.g. `nats://127.0.0.1:4222`. */
  readonly servers: string | readonly string[];
  readonly user?: string;
  readonly pass?: string;
  /**
   * Where replies to this connection's requests arrive. A secured server
   * lets a user read only its own: defaults to `_INBOX.<user>` when `user` is set.
   */
  readonly inboxPrefix?: string;
  /** How long to wait for the server, ms. @default 10_000 */
  readonly connectTimeoutMs?: number;
}

/** Opens the NATS connection, failing with UnavailableError naming the servers. */
export async function connectEventBus(options: NatsOptions): Promise<NatsConnection> {
  const servers = typeof options.servers === "string" ? [options.servers] : [...options.servers];
  if (servers.length === 0 || servers.some((s) => typeof s !== "string" || s.trim() === "")) throw new TypeError("connect: nats.servers must name at least one server URL");
  const inboxPrefix = options.inboxPrefix ?? (options.user && SUBJECT_TOKEN.test(options.user) ? `_INBOX.${options.user}` : undefined);
  try {
    return await natsConnect({
      servers,
      timeout: options.connectTimeoutMs ?? 10_000,
      ...(options.user === undefined ? {} : { user: options.user }),
      ...(options.pass === undefined ? {} : { pass: options.pass }),
      ...(inboxPrefix === undefined ? {} : { inboxPrefix }),
    });
  } catch (err) {
    throw new UnavailableError(`could not reach NATS at ${servers.join(", ")}: ${(err as Error).message}`, "connect", { cause: err });
  }
}

/**
 * Live events of one agent ("" for all) straight off the bus, decoded from
 * their protobuf payload. Leaving the loop unsubscribes; the signal ends it
 * with CancelledError.
 */
export async function* busEvents(nc: NatsConnection, agentId: string, signal?: AbortSignal): AsyncGenerator<Event, void, undefined> {
  if (agentId !== "" && !SUBJECT_TOKEN.test(agentId)) throw new TypeError(`watchEvents: agent id ${JSON.stringify(agentId)} is not a subject token (letters, digits, - and _)`);
  if (signal?.aborted) throw new CancelledError("cancelled by the caller's AbortSignal before it started", METHOD, { cause: signal.reason });
  const sub = nc.subscribe(`${EVENT_SUBJECT_PREFIX}.${agentId || "*"}.>`);
  const onAbort = (): void => sub.unsubscribe();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    for await (const message of sub) yield decodeEvent(message.data, message.subject);
  } catch (err) {
    throw toBoydError(err, METHOD, signal);
  } finally {
    signal?.removeEventListener("abort", onAbort);
    sub.unsubscribe();
  }
  // The subscription ended without the loop leaving it: by the signal, or the connection closing.
  if (signal?.aborted) throw new CancelledError("cancelled by the caller's AbortSignal", METHOD, { cause: signal.reason });
  throw new UnavailableError("the NATS connection closed", METHOD);
}

function decodeEvent(data: Uint8Array, subject: string): Event {
  try {
    return Event.decode(data);
  } catch (err) {
    throw new InternalError(`an event on ${subject} is not a boyd.v1.Event: ${(err as Error).message}`, METHOD, { cause: err });
  }
}
