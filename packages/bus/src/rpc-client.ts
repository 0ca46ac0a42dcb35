import { rpcClientInstruments, type CalledRpc } from "@boyd/telemetry";
import type { CallOptions } from "./context.js";
import type { PartialRequestOf, ResponseOf, ServiceDefinition } from "./definition.js";
import { BusError, isBusError } from "./errors.js";
import { Header, newTraceparent, type Headers } from "./headers.js";
import { messageEnvelope } from "./message-envelope.js";
import { replyError } from "./rpc-server.js";
import { rpcSubject } from "./subjects.js";
import type { Envelope, Transport } from "./transport.js";

/** A typed client: one async method per rpc of the definition. */
export type ServiceClient<D extends ServiceDefinition> = {
  [K in keyof D["methods"]]: (
    request: PartialRequestOf<D["methods"][K]>,
    options?: CallOptions,
  ) => Promise<ResponseOf<D["methods"][K]>>;
};

/** Defaults of a {@link createClient} client. */
export interface ClientOptions {
  /** Time allowed per call when the call gives none, ms. @default 5000 */
  timeoutMs?: number;
  /** Agent id sent with every call unless the call names another. */
  agentId?: string;
}

/**
 * A typed client for a generated service over a transport. Requests are
 * completed with `fromPartial` (unset fields take proto defaults); failures
 * reject with a BusError carrying the server's status code.
 */
export function createClient<D extends ServiceDefinition>(
  transport: Transport,
  definition: D,
  defaults: ClientOptions = {},
): ServiceClient<D> {
  const client: Record<string, (request: unknown, options?: CallOptions) => Promise<unknown>> = {};
  for (const [key, method] of Object.entries(definition.methods)) {
    if (method.requestStream || method.responseStream) continue;
    const subject = rpcSubject(definition.fullName, method.name);
    const instruments = rpcClientInstruments(definition.fullName, method.name);
    client[key] = async (request, options = {}) => {
      const agentId = options.agentId ?? defaults.agentId;
      const call = instruments.begin(options.traceparent, agentId);
      const now = Date.now();
      const deadline = options.deadline ?? now + (options.timeoutMs ?? defaults.timeoutMs ?? 5_000);
      const remaining = deadline - now;
      if (remaining <= 0) return failed(call, new BusError("DEADLINE_EXCEEDED", `deadline passed before calling ${subject}`));
      // The active trace (a served call, a cycle) continues through this
      // call; outside any, the call starts a trace of its own.
      const headers: Headers = {
        [Header.deadline]: String(deadline),
        [Header.traceparent]: call.traceparent ?? newTraceparent(),
      };
      if (agentId) headers[Header.agentId] = agentId;
      let reply: Envelope;
      try {
        // fromPartial makes the request the call's own copy, which a transport carrying messages hands over as it is.
        const message = method.requestType.fromPartial(request as never);
        const envelope = transport.carriesMessages ? messageEnvelope(message, method.requestType, headers) : { data: method.requestType.encode(message).finish(), headers };
        reply = await transport.request(subject, envelope, remaining);
      } catch (err) {
        return failed(call, err);
      }
      const error = replyError(reply.headers);
      if (error) return failed(call, error);
      let response: unknown;
      try {
        // A handed-over reply may share objects with the server's state: the caller gets a copy of its own, as decoding would give.
        response = reply.message !== undefined ? method.responseType.fromPartial(reply.message as never) : method.responseType.decode(reply.data);
      } catch (err) {
        return failed(call, new BusError("INTERNAL", `malformed ${method.name} reply payload: ${(err as Error).message}`, { cause: err }));
      }
      call.end("OK");
      return response;
    };
  }
  return client as ServiceClient<D>;
}

/** Records the call as failed with the error's code, then rejects with the error. */
function failed(call: CalledRpc, err: unknown): Promise<never> {
  call.end(isBusError(err) ? err.code : "UNKNOWN", err instanceof Error ? err.message : undefined);
  return Promise.reject(err);
}
