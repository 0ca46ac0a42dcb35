import type { CallOptions } from "./context.js";
import type { PartialRequestOf, ResponseOf, ServiceDefinition } from "./definition.js";
import { BusError } from "./errors.js";
import { Header, newTraceparent, type Headers } from "./headers.js";
import { replyError } from "./rpc-server.js";
import { rpcSubject } from "./subjects.js";
import type { Transport } from "./transport.js";

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
    client[key] = async (request, options = {}) => {
      const deadline = options.deadline ?? Date.now() + (options.timeoutMs ?? defaults.timeoutMs ?? 5_000);
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new BusError("DEADLINE_EXCEEDED", `deadline passed before calling ${subject}`);
      const headers: Headers = {
        [Header.deadline]: String(deadline),
        [Header.traceparent]: options.traceparent ?? newTraceparent(),
      };
      const agentId = options.agentId ?? defaults.agentId;
      if (agentId) headers[Header.agentId] = agentId;
      const message = method.requestType.fromPartial(request as never);
      const reply = await transport.request(subject, { data: method.requestType.encode(message).finish(), headers }, remaining);
      const error = replyError(reply.headers);
      if (error) throw error;
      try {
        return method.responseType.decode(reply.data);
      } catch (err) {
        throw new BusError("INTERNAL", `malformed ${method.name} reply payload: ${(err as Error).message}`, { cause: err });
      }
    };
  }
  return client as ServiceClient<D>;
}
