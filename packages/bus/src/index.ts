/**
 * @boyd/bus: typed RPC and events over a Transport.
 *
 * - Transports: {@link InProcessTransport} (embedded mode) and
 *   {@link NatsTransport} via {@link connectNats} (distributed mode), with the
 *   same semantics.
 * - {@link serveService} binds a generated service definition and a handler
 *   object to a transport; {@link createClient} gives typed async methods.
 * - {@link serveGrpc} serves the same handler objects over gRPC with health
 *   and reflection.
 * - {@link createEventChannel} publishes, subscribes to and replays agent
 *   events, optionally kept in a JetStream stream.
 */
export type { CallContext, CallOptions } from "./context.js";
export type { MessageCodec, MethodDefinition, ServiceDefinition, RequestOf, ResponseOf, PartialRequestOf } from "./definition.js";
export { keptWriterEncoder } from "./kept-writer.js";
export { BusError, StatusCode, isBusError, statusName, isStatusCodeName, toWireError, type StatusCodeName } from "./errors.js";
export { Header, newTraceparent, isTraceparent, traceIdOf, encodeMessageHeader, decodeMessageHeader, MAX_MESSAGE_CHARS, type Headers } from "./headers.js";
export { MAX_TIMER_MS, timerDelay } from "./timers.js";
export { EVENT_PREFIX, PERCEPT_PREFIX, rpcSubject, eventSubject, subjectMatches } from "./subjects.js";
export type { Transport, Envelope, Delivery, RequestHandler, MessageHandler, Subscription, ErrorReporter } from "./transport.js";
export { InProcessTransport } from "./inproc.js";
export { NatsTransport, connectNats, natsInboxPrefix, fromNatsHeaders, headerOption, type NatsTransportOptions } from "./nats.js";
export { serveService, type ServiceHandlers, type ServiceBinding, type ServeOptions } from "./rpc-server.js";
export { createClient, type ServiceClient, type ClientOptions } from "./rpc-client.js";
export { EventIdTaken, liveEvents, MemoryEventLog, type EventLog, type EventSink, type LoggedMessage, type ReplayOptions } from "./event-log.js";
export { openJetStreamEventLog, type JetStreamEventLogOptions } from "./jetstream-log.js";
export { createEventChannel, EVENT_HEADERS, PROTOBUF_CONTENT_TYPE, type EventChannel, type EventChannelOptions, type EventFilter, type EventMeta } from "./events.js";
export { agentEventChannel, AGENT_EVENT_TYPE } from "./agent-events.js";
export { serveGrpc, grpcService, fromGrpcError, type GrpcServer, type GrpcServerOptions, type GrpcService } from "./grpc.js";
export { drainOnSignal, type ShutdownLog } from "./shutdown.js";
export { AUTHORIZATION_METADATA, type GrpcAuthOptions, type GrpcTlsOptions, type Pem } from "./grpc-auth.js";
export {
  grpcCallCredentials,
  grpcChannelCredentials,
  grpcBearerMetadata,
  grpcBearerInterceptor,
  grpcClientSecurity,
  type GrpcClientTls,
  type GrpcClientSecurity,
} from "./grpc-client-auth.js";
export { SECRET_LOG_PATHS } from "./log-redaction.js";
export { renderVisibly, visibleEscape, hasHiddenCharacters, type RenderOptions } from "./printable.js";
