import * as grpc from "@grpc/grpc-js";
import { grpcStandardDescriptorSet } from "@boyd/proto/descriptors";
import { HealthImplementation } from "grpc-health-check";
import { rpcServerInstruments } from "@boyd/telemetry";
import type { CallContext } from "./context.js";
import { timerDelay } from "./timers.js";
import type { MethodDefinition, ServiceDefinition } from "./definition.js";
import { BusError, StatusCode, statusName, toWireError } from "./errors.js";
import { endedByServer, InFlightCalls, shuttingDown } from "./grpc-call-ends.js";
import { addReflection } from "./grpc-reflection.js";
import { bearerTokenInterceptor, serverCredentialsOf, type GrpcAuthOptions, type GrpcTlsOptions } from "./grpc-auth.js";
import { Header } from "./headers.js";
import type { ServiceHandlers } from "./rpc-server.js";
import type { ErrorReporter } from "./transport.js";

/** A service and its handler object, to be served over gRPC. */
export interface GrpcService<D extends ServiceDefinition = ServiceDefinition> {
  definition: D;
  handlers: ServiceHandlers<D>;
}

/** Pairs a definition with its handlers, keeping the types checked. */
export function grpcService<D extends ServiceDefinition>(definition: D, handlers: ServiceHandlers<D>): GrpcService {
  return { definition, handlers } as unknown as GrpcService;
}

/** Options of {@link serveGrpc}. */
export interface GrpcServerOptions {
  /** `host:port` to bind; port 0 picks a free one. @default "127.0.0.1:0" */
  address?: string;
  /** Prebuilt server credentials; `tls` is the usual way. @default insecure (plaintext) */
  credentials?: grpc.ServerCredentials;
  /** Serve over TLS (mutual TLS when `tls.clientCa` is set); excludes `credentials`. */
  tls?: GrpcTlsOptions;
  /**
   * Require `authorization: Bearer <token>` on every call, reflection
   * included; grpc.health.v1 stays open for probes. Failures end as
   * UNAUTHENTICATED and reach `reportError` without the token.
   */
  auth?: GrpcAuthOptions;
  /**
   * A FileDescriptorSet (e.g. `buf build` output) describing the served
   * services; enables server reflection, served file by file as built, so
   * `grpcurl list`, `describe` and calls work.
   */
  descriptorSet?: Uint8Array;
  /**
   * Deadline applied when the caller set none, ms. By default there is none:
   * a call without a deadline (a live WatchEvents, a long Run) runs until it
   * ends, the caller cancels or the server stops (UNAVAILABLE).
   * @default no limit
   */
  defaultTimeoutMs?: number;
  /** Told about handler failures that become INTERNAL, and about refused calls. */
  reportError?: ErrorReporter;
}

/** A running gRPC server. */
export interface GrpcServer {
  readonly port: number;
  /** `host:port` clients dial. */
  readonly address: string;
  /** grpc.health.v1: set a service NOT_SERVING while draining, say. */
  readonly health: HealthImplementation;
  /**
   * Graceful shutdown: streams end at once with UNAVAILABLE (a live stream
   * would never finish), other in-flight calls may finish within `graceMs`,
   * then end with UNAVAILABLE too.
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Serves handler objects over gRPC (@grpc/grpc-js), with grpc.health.v1 and,
 * given a descriptor set, server reflection. The handlers are the same ones
 * the bus serves; statuses map one to one. `tls` and `auth` secure it; see
 * `grpcClientSecurity` for the matching client side.
 */
export async function serveGrpc(services: readonly GrpcService[], options: GrpcServerOptions = {}): Promise<GrpcServer> {
  const credentials = serverCredentials(options);
  const server = new grpc.Server(options.auth ? { interceptors: [bearerTokenInterceptor(options.auth, options.reportError)] } : {});
  const statuses: Record<string, "SERVING"> = { "": "SERVING" };
  const inFlight = new InFlightCalls();
  for (const { definition, handlers } of services) {
    server.addService(toGrpcDefinition(definition), toGrpcImplementation(definition, handlers, options, inFlight));
    statuses[definition.fullName] = "SERVING";
  }
  const health = new HealthImplementation(statuses);
  health.addToServer(server);
  if (options.descriptorSet) {
    const served = [...services.map((s) => s.definition.fullName), HEALTH_SERVICE];
    addReflection(server, [options.descriptorSet, grpcStandardDescriptorSet()], served);
  }
  const address = options.address ?? "127.0.0.1:0";
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(address, credentials, (err, p) =>
      err ? reject(err) : resolve(p),
    );
  });
  const host = address.slice(0, address.lastIndexOf(":"));
  return {
    port,
    address: `${host}:${port}`,
    health,
    stop: (graceMs = 5_000) =>
      new Promise<void>((resolve) => {
        for (const name of Object.keys(statuses)) health.setStatus(name, "NOT_SERVING");
        inFlight.endStreams(shuttingDown());
        // Past the grace, what is left is told why it ends before the
        // connections close (a forced close alone reads as a network fault).
        let force: NodeJS.Timeout | undefined;
        const grace = setTimeout(() => {
          inFlight.endAll(shuttingDown());
          force = setTimeout(() => server.forceShutdown(), FORCE_AFTER_ENDING_MS);
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(grace);
          clearTimeout(force);
          resolve();
        });
      }),
  };
}

const HEALTH_SERVICE = "grpc.health.v1.Health";

/** Time the calls ended at shutdown get to send their status before connections are cut, ms. */
const FORCE_AFTER_ENDING_MS = 1_000;

function serverCredentials(options: GrpcServerOptions): grpc.ServerCredentials {
  if (options.tls && options.credentials) throw new Error("serveGrpc: give either tls or credentials, not both");
  if (options.tls) return serverCredentialsOf(options.tls);
  return options.credentials ?? grpc.ServerCredentials.createInsecure();
}

function toGrpcDefinition(definition: ServiceDefinition): grpc.ServiceDefinition {
  const out: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
  for (const [key, m] of Object.entries(definition.methods)) {
    out[key] = {
      path: `/${definition.fullName}/${m.name}`,
      requestStream: m.requestStream,
      responseStream: m.responseStream,
      requestSerialize: (v: unknown) => Buffer.from(m.requestType.encode(v).finish()),
      requestDeserialize: (b: Buffer) => m.requestType.decode(b),
      responseSerialize: (v: unknown) => Buffer.from(m.responseType.encode(v).finish()),
      responseDeserialize: (b: Buffer) => m.responseType.decode(b),
      originalName: m.name,
    };
  }
  return out;
}

type AnyHandler = (request: unknown, context: CallContext) => unknown;

function toGrpcImplementation(
  definition: ServiceDefinition,
  handlers: ServiceHandlers<ServiceDefinition>,
  options: GrpcServerOptions,
  inFlight: InFlightCalls,
): grpc.UntypedServiceImplementation {
  const impl: grpc.UntypedServiceImplementation = {};
  for (const [key, method] of Object.entries(definition.methods)) {
    const handler = (handlers as Record<string, AnyHandler>)[key];
    if (typeof handler !== "function") throw new Error(`serveGrpc(${definition.fullName}): no handler for ${key}`);
    const call = (request: unknown, context: CallContext): unknown => handler.call(handlers, request, context);
    // The same server span and metrics as a call over the bus: the handler
    // runs under the caller's traceparent (gRPC metadata).
    const instruments = rpcServerInstruments(definition.fullName, method.name);
    if (method.requestStream) {
      impl[key] = ((c: grpc.ServerReadableStream<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        callback(toServiceError(new BusError("UNIMPLEMENTED", `${method.name}: client streaming is not supported`)));
        void c;
      }) as grpc.handleClientStreamingCall<unknown, unknown>;
    } else if (method.responseStream) {
      impl[key] = (async (c: grpc.ServerWritableStream<unknown, unknown>) => {
        const { context, done } = contextOf(c, definition, method, options, inFlight);
        const served = instruments.begin(context.traceparent, context.agentId);
        try {
          await served.run(async () => {
            for await (const item of call(c.request, context) as AsyncIterable<unknown>) {
              if (c.cancelled || context.signal.aborted) break;
              if (!c.write(item)) await new Promise((r) => c.once("drain", r));
            }
          });
          // A stream the server cut (shutdown, a server-side deadline) must
          // not look complete to the caller.
          const ended = endedByServer(context.signal, c.cancelled);
          if (ended) throw ended;
          c.end();
          served.end(c.cancelled ? "CANCELLED" : "OK");
        } catch (thrown) {
          const err = endedByServer(context.signal, c.cancelled) ?? thrown;
          const wire = report(err, definition, method, options);
          served.end(wire.code, wire.message);
          // grpc-js sends a stream's status when its 'error' event fires;
          // destroy() would drop the status and leave the caller hanging.
          c.emit("error", toServiceError(wire));
        } finally {
          done();
        }
      }) as grpc.handleServerStreamingCall<unknown, unknown>;
    } else {
      impl[key] = ((c: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        const { context, done } = contextOf(c, definition, method, options, inFlight);
        const served = instruments.begin(context.traceparent, context.agentId);
        served
          .run(() => Promise.resolve().then(() => call(c.request, context)))
          // A handler that stopped early because the server ended the call
          // (a Run cut by shutdown) answers with that status, not its partial result.
          .then(
            (response) => {
              const ended = endedByServer(context.signal, c.cancelled);
              return ended ? Promise.reject(ended) : response;
            },
            (err: unknown) => Promise.reject(endedByServer(context.signal, c.cancelled) ?? err),
          )
          .then(
            (response) => {
              served.end("OK");
              callback(null, response);
            },
            (err: unknown) => {
              const wire = report(err, definition, method, options);
              served.end(wire.code, wire.message);
              callback(toServiceError(wire));
            },
          )
          .finally(done);
      }) as grpc.handleUnaryCall<unknown, unknown>;
    }
  }
  return impl;
}

function contextOf(
  c: grpc.ServerUnaryCall<unknown, unknown> | grpc.ServerWritableStream<unknown, unknown>,
  definition: ServiceDefinition,
  method: MethodDefinition,
  options: GrpcServerOptions,
  inFlight: InFlightCalls,
): { context: CallContext; done: () => void } {
  const deadline = deadlineOf(c, options);
  const controller = new AbortController();
  const onCancel = (): void => controller.abort(new BusError("CANCELLED", "the caller cancelled"));
  c.once("cancelled", onCancel);
  const forget = inFlight.add(controller, method.responseStream);
  const timer = Number.isFinite(deadline)
    ? setTimeout(() => controller.abort(new BusError("DEADLINE_EXCEEDED", "deadline passed")), timerDelay(deadline - Date.now()))
    : undefined;
  const agentId = firstString(c.metadata, Header.agentId);
  const traceparent = firstString(c.metadata, Header.traceparent);
  return {
    context: {
      service: definition.fullName,
      method: method.name,
      deadline,
      signal: controller.signal,
      ...(agentId ? { agentId } : {}),
      ...(traceparent ? { traceparent } : {}),
    },
    done: () => {
      clearTimeout(timer);
      forget();
      c.removeListener("cancelled", onCancel);
    },
  };
}

/** The caller's deadline; without one, `defaultTimeoutMs` from now if set, else none (Infinity). */
function deadlineOf(c: Pick<grpc.ServerUnaryCall<unknown, unknown>, "getDeadline">, options: GrpcServerOptions): number {
  const raw = c.getDeadline();
  const asNumber = raw instanceof Date ? raw.getTime() : raw;
  if (Number.isFinite(asNumber)) return asNumber;
  return options.defaultTimeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.defaultTimeoutMs;
}

function firstString(metadata: grpc.Metadata, key: string): string | undefined {
  const v = metadata.get(key)[0];
  return typeof v === "string" ? v : undefined;
}

function report(err: unknown, definition: ServiceDefinition, method: MethodDefinition, options: GrpcServerOptions): BusError {
  const wire = toWireError(err);
  if (wire !== err) options.reportError?.(err, { subject: `${definition.fullName}.${method.name}` });
  return wire;
}

function toServiceError(err: BusError): grpc.ServiceError {
  return Object.assign(new Error(err.message), {
    code: StatusCode[err.code] as grpc.status,
    details: err.message,
    metadata: new grpc.Metadata(),
  });
}

/** Turns a grpc-js client error back into a BusError with the same code. */
export function fromGrpcError(err: unknown): BusError {
  const e = err as Partial<grpc.ServiceError>;
  if (typeof e.code === "number") return new BusError(statusName(e.code), e.details ?? e.message ?? "grpc error", { cause: err });
  return new BusError("UNKNOWN", (err as Error)?.message ?? String(err), { cause: err });
}
