import { createHash, timingSafeEqual } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import { BusError } from "./errors.js";
import type { ErrorReporter } from "./transport.js";

/** Bearer-token authentication of a gRPC server. */
export interface GrpcAuthOptions {
  /**
   * Tokens a caller may present as `authorization: Bearer <token>` metadata.
   * Several let a token be rotated without downtime: add the new one, move
   * callers over, remove the old one.
   */
  tokens: readonly string[];
}

/** PEM text or bytes. */
export type Pem = Buffer | string;

/** TLS of a gRPC server; mutual TLS when `clientCa` is given. */
export interface GrpcTlsOptions {
  /** The server's certificate chain (PEM content, not a path). */
  cert: Pem;
  /** The server's private key (PEM content, not a path). */
  key: Pem;
  /** CA that signs client certificates; turns on mutual TLS. */
  clientCa?: Pem;
  /**
   * Refuse connections without a client certificate signed by `clientCa`.
   * @default true when `clientCa` is given
   */
  requireClientCert?: boolean;
}

/** The metadata key carrying the bearer token; grpc-js keys are lower case. */
export const AUTHORIZATION_METADATA = "authorization";

// Probes and load balancers check health without credentials; everything
// else, reflection included (it lays out the whole API), needs the token.
const OPEN_PATH_PREFIXES = ["/grpc.health.v1.Health/"];

/** Builds the server credentials of {@link GrpcTlsOptions}. */
export function serverCredentialsOf(tls: GrpcTlsOptions): grpc.ServerCredentials {
  const requireClientCert = tls.requireClientCert ?? tls.clientCa !== undefined;
  if (requireClientCert && tls.clientCa === undefined) {
    throw new Error("serveGrpc: tls.requireClientCert needs tls.clientCa to verify client certificates against");
  }
  return grpc.ServerCredentials.createSsl(
    tls.clientCa === undefined ? null : Buffer.from(tls.clientCa),
    [{ private_key: Buffer.from(tls.key), cert_chain: Buffer.from(tls.cert) }],
    requireClientCert,
  );
}

/**
 * A server interceptor that ends every call without an accepted bearer token
 * with UNAUTHENTICATED, before the handler sees it. The token is compared in
 * constant time and is never echoed, logged or passed on to handlers.
 */
export function bearerTokenInterceptor(auth: GrpcAuthOptions, reportError?: ErrorReporter): grpc.ServerInterceptor {
  const accepted = tokenDigests(auth.tokens);
  return (method, call) => {
    if (OPEN_PATH_PREFIXES.some((prefix) => method.path.startsWith(prefix))) return new grpc.ServerInterceptingCall(call);
    const listener = new grpc.ServerListenerBuilder()
      .withOnReceiveMetadata((metadata, next) => {
        const verdict = checkBearer(metadata.get(AUTHORIZATION_METADATA), accepted);
        if (verdict === "ok") {
          // Handlers have no use for the credential; keep it from spreading.
          metadata.remove(AUTHORIZATION_METADATA);
          next(metadata);
          return;
        }
        const rpc = rpcName(method.path);
        reportError?.(new BusError("UNAUTHENTICATED", `unauthenticated call to ${rpc} from ${call.getPeer()}`), { subject: rpc });
        call.sendStatus({ code: grpc.status.UNAUTHENTICATED, details: verdict, metadata: new grpc.Metadata() });
      })
      .build();
    return new grpc.ServerInterceptingCall(call, new grpc.ResponderBuilder().withStart((next) => next(listener)).build());
  };
}

function tokenDigests(tokens: readonly string[]): Buffer[] {
  if (tokens.length === 0) throw new Error("serveGrpc: auth.tokens is empty, so no caller could ever be let in");
  return tokens.map((token, i) => {
    if (token.length === 0) throw new Error(`serveGrpc: auth.tokens[${i}] is empty`);
    return digest(token);
  });
}

// Comparing fixed-length digests lets timingSafeEqual run on equal lengths
// and keeps the token's length from showing in the timing.
function digest(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** "ok", or the reason a caller is told; never containing what was sent. */
function checkBearer(values: grpc.MetadataValue[], accepted: readonly Buffer[]): string {
  if (values.length === 0) return `missing "${AUTHORIZATION_METADATA}: Bearer <token>" metadata`;
  if (values.length > 1) return `more than one "${AUTHORIZATION_METADATA}" metadata entry`;
  const match = typeof values[0] === "string" ? BEARER.exec(values[0]) : null;
  if (!match?.[1]) return `"${AUTHORIZATION_METADATA}" metadata is not of the form "Bearer <token>"`;
  const presented = digest(match[1]);
  // Every token is compared, so the time taken does not tell which matched.
  let ok = false;
  for (const token of accepted) ok = timingSafeEqual(presented, token) || ok;
  return ok ? "ok" : "the bearer token was not accepted";
}

/** `/boyd.v1.AgentService/CreateAgent` -> `boyd.v1.AgentService.CreateAgent`, as bus subjects name rpcs. */
function rpcName(path: string): string {
  return path.replace(/^\//, "").replace("/", ".");
}
