import * as grpc from "@grpc/grpc-js";
import { loadFileDescriptorSetFromBuffer, loadSync, type PackageDefinition } from "@grpc/proto-loader";
import { ReflectionService } from "@grpc/reflection";
import { HealthImplementation, protoPath as healthProtoPath } from "grpc-health-check";
import { rpcServerInstruments } from "@boyd/telemetry";
import type { CallContext } from "./context.js";
import { timerDelay } from "./timers.js";
import type { MethodDefinition, ServiceDefinition } from "./definition.js";
import { BusError, StatusCode, statusName, toWireError } from "./errors.js";
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
   * services; enables server reflection so `grpcurl list` works.
   */
  descriptorSet?: Uint8Array;
  /** Deadline applied when the caller set none, ms. @default 30000 */
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
  /** Graceful shutdown; in-flight calls finish, forced after `graceMs`. */
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
  for (const { definition, handlers } of services) {
    server.addService(toGrpcDefinition(definition), toGrpcImplementation(definition, handlers, options));
    statuses[definition.fullName] = "SERVING";
  }
  const health = new HealthImplementation(statuses);
  health.addToServer(server);
  if (options.descriptorSet) {
    const described: PackageDefinition = {
      ...loadFileDescriptorSetFromBuffer(Buffer.from(options.descriptorSet)),
      ...loadSync(healthProtoPath),
    };
    new ReflectionService(described).addToServer(server);
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
        const force = setTimeout(() => server.forceShutdown(), graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}

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
        const { context, done } = contextOf(c, definition, method, options);
        const served = instruments.begin(context.traceparent, context.agentId);
        try {
          await served.run(async () => {
            for await (const item of call(c.request, context) as AsyncIterable<unknown>) {
              if (c.cancelled) break;
              if (!c.write(item)) await new Promise((r) => c.once("drain", r));
            }
          });
          c.end();
          served.end(c.cancelled ? "CANCELLED" : "OK");
        } catch (err) {
          const wire = report(err, definition, method, options);
          served.end(wire.code, wire.message);
          c.destroy(toServiceError(wire));
        } finally {
          done();
        }
      }) as grpc.handleServerStreamingCall<unknown, unknown>;
    } else {
      impl[key] = ((c: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        const { context, done } = contextOf(c, definition, method, options);
        const served = instruments.begin(context.traceparent, context.agentId);
        served
          .run(() => Promise.resolve().then(() => call(c.request, context)))
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
): { context: CallContext; done: () => void } {
  const raw = c.getDeadline();
  const asNumber = raw instanceof Date ? raw.getTime() : raw;
  const deadline = Number.isFinite(asNumber) ? asNumber : Date.now() + (options.defaultTimeoutMs ?? 30_000);
  const controller = new AbortController();
  const onCancel = (): void => controller.abort(new BusError("CANCELLED", "the caller cancelled"));
  c.once("cancelled", onCancel);
  const timer = setTimeout(
    () => controller.abort(new BusError("DEADLINE_EXCEEDED", "deadline passed")),
    timerDelay(deadline - Date.now()),
  );
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
      c.removeListener("cancelled", onCancel);
    },
  };
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
