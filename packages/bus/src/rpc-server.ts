import { rpcServerInstruments, type ServedRpc } from "@boyd/telemetry";
import type { CallContext } from "./context.js";
import type { RequestOf, ResponseOf, ServiceDefinition } from "./definition.js";
import { BusError, isStatusCodeName, toWireError } from "./errors.js";
import { decodeMessageHeader, encodeMessageHeader, Header, type Headers } from "./headers.js";
import { messageEnvelope } from "./message-envelope.js";
import { PendingCall } from "./pending-call.js";
import { rpcSubject } from "./subjects.js";
import type { Delivery, Envelope, ErrorReporter, Subscription, Transport } from "./transport.js";

/** A handler object for a service: one async function per rpc, transport-agnostic. */
export type ServiceHandlers<D extends ServiceDefinition> = {
  [K in keyof D["methods"]]: D["methods"][K] extends { readonly responseStream: true }
    ? // Server-streaming rpcs (gRPC only): yield the responses.
      (request: RequestOf<D["methods"][K]>, context: CallContext) => AsyncIterable<ResponseOf<D["methods"][K]>>
    : (
        request: RequestOf<D["methods"][K]>,
        context: CallContext,
      ) => Promise<ResponseOf<D["methods"][K]>> | ResponseOf<D["methods"][K]>;
};

/** A running service binding. */
export interface ServiceBinding {
  /** Stop taking requests; resolves once the in-flight ones have replied. */
  stop(): Promise<void>;
}

/** Options of {@link serveService}. */
export interface ServeOptions {
  /** Queue group to join. @default the service's full name, e.g. `boyd.v1.EchoService` */
  queue?: string;
  /** Deadline applied when a request carries none, ms. @default 30000 */
  defaultTimeoutMs?: number;
  /** Told about handler failures that become INTERNAL (the caller sees no details). */
  reportError?: ErrorReporter;
}

const EMPTY = new Uint8Array(0);
// A successful reply carries no headers; one frozen object serves them all.
const NO_HEADERS: Headers = Object.freeze({});

/**
 * Serves a generated service over a transport: one subscription per rpc on
 * `<package>.<Service>.<Method>`, in a queue group named after the service so
 * replicas share the load. Malformed payloads get INVALID_ARGUMENT and the
 * server goes on serving. A handler still busy at the call's deadline is
 * answered DEADLINE_EXCEEDED and no longer holds up a drain. Resolves once
 * the subscriptions are registered (with NATS: the server has them).
 */
export async function serveService<D extends ServiceDefinition>(
  transport: Transport,
  definition: D,
  handlers: ServiceHandlers<D>,
  options: ServeOptions = {},
): Promise<ServiceBinding> {
  const queue = options.queue ?? definition.fullName;
  // Every call still being served, so that stopping the server ends them.
  const active = new Set<PendingCall>();
  let stopped: BusError | undefined;
  const subs: Subscription[] = [];
  for (const [key, method] of Object.entries(definition.methods)) {
    if (method.requestStream || method.responseStream) continue; // streaming rpcs are gRPC-only
    const handler = (handlers as Record<string, (req: unknown, ctx: CallContext) => unknown>)[key];
    if (typeof handler !== "function") throw new Error(`serveService(${definition.fullName}): no handler for ${key}`);
    const subject = rpcSubject(definition.fullName, method.name);
    const instruments = rpcServerInstruments(definition.fullName, method.name);
    const serveOne = async (delivery: Delivery): Promise<Envelope> => {
      const started = Date.now();
      const deadline = readDeadline(delivery.headers, started + (options.defaultTimeoutMs ?? 30_000));
      if (deadline <= started) return failure(new BusError("DEADLINE_EXCEEDED", "deadline passed before the request was served"));
      let request: unknown;
      try {
        request = delivery.message !== undefined ? delivery.message : method.requestType.decode(delivery.data);
      } catch (err) {
        return failure(new BusError("INVALID_ARGUMENT", `malformed ${method.name} request payload: ${(err as Error).message}`));
      }
      const call = new PendingCall(deadline - started);
      if (stopped) call.abort(stopped);
      active.add(call);
      try {
        const response = await call.settle(handler.call(handlers, request, makeContext(delivery, definition.fullName, method.name, deadline, call)));
        if (transport.carriesMessages) return messageEnvelope(response, method.responseType, NO_HEADERS);
        return { data: method.responseType.encode(response).finish(), headers: NO_HEADERS };
      } catch (err) {
        const wire = toWireError(err);
        if (wire !== err) options.reportError?.(err, { subject });
        return failure(wire);
      } finally {
        call.finish();
        active.delete(call);
      }
    };
    subs.push(
      transport.serve(subject, queue, (delivery) => {
        // Every reply is counted with its final status, refusals included,
        // and the handler runs under the caller's trace.
        const served = instruments.begin(delivery.headers[Header.traceparent], delivery.headers[Header.agentId]);
        return served.run(() => serveAndEnd(serveOne, delivery, served));
      }),
    );
  }
  await transport.flush();
  return {
    async stop() {
      await Promise.all(subs.map((s) => s.drain()));
      stopped = new BusError("UNAVAILABLE", "server stopped");
      for (const call of active) call.abort(stopped);
    },
  };
}

/** Serves one delivery and records the call with the status its reply carries (INTERNAL if serving itself threw). */
async function serveAndEnd(serveOne: (delivery: Delivery) => Promise<Envelope>, delivery: Delivery, served: ServedRpc): Promise<Envelope> {
  let reply: Envelope;
  try {
    reply = await serveOne(delivery);
  } catch (err) {
    served.end("INTERNAL", (err as Error)?.message);
    throw err;
  }
  const message = reply.headers[Header.message];
  served.end(reply.headers[Header.status] ?? "OK", message === undefined ? undefined : decodeMessageHeader(message));
  return reply;
}

/** The handler's view of the call; its signal is made when first read (see PendingCall). */
function makeContext(delivery: Delivery, service: string, method: string, deadline: number, call: PendingCall): CallContext {
  const agentId = delivery.headers[Header.agentId];
  const traceparent = delivery.headers[Header.traceparent];
  const context: { -readonly [K in keyof CallContext]: CallContext[K] } = {
    service,
    method,
    deadline,
    get signal() {
      return call.signal;
    },
  };
  if (agentId) context.agentId = agentId;
  if (traceparent) context.traceparent = traceparent;
  return context;
}

function readDeadline(headers: Headers, fallback: number): number {
  const raw = headers[Header.deadline];
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(value) ? value : fallback;
}

/** The reply envelope of a failed call: no body, status and encoded message in the headers. */
export function failure(err: BusError): Envelope {
  return { data: EMPTY, headers: { [Header.status]: err.code, [Header.message]: encodeMessageHeader(err.message) } };
}

/** Reads a reply's status: undefined when OK, else the BusError it carries. */
export function replyError(headers: Headers): BusError | undefined {
  const code = headers[Header.status];
  if (code === undefined || code === "OK") return undefined;
  const raw = headers[Header.message];
  const message = raw === undefined ? code : decodeMessageHeader(raw);
  return new BusError(isStatusCodeName(code) ? code : "UNKNOWN", message);
}
