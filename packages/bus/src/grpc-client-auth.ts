import * as grpc from "@grpc/grpc-js";
import { AUTHORIZATION_METADATA, type Pem } from "./grpc-auth.js";

/** TLS of a gRPC client. */
export interface GrpcClientTls {
  /** CA that signed the server's certificate; the system roots when unset. */
  ca?: Pem;
  /** Client certificate chain, for servers that require mutual TLS. */
  cert?: Pem;
  /** The client certificate's private key. */
  key?: Pem;
}

/** How a client reaches a server: see {@link grpcClientSecurity}. */
export interface GrpcClientSecurity {
  /** The second argument of a generated client's constructor. */
  credentials: grpc.ChannelCredentials;
  /** The third argument: carries the token on plaintext channels. */
  options: grpc.ClientOptions;
}

/** Call credentials sending `authorization: Bearer <token>` with every call; TLS channels only. */
export function grpcCallCredentials(token: string): grpc.CallCredentials {
  const metadata = grpcBearerMetadata(token);
  return grpc.credentials.createFromMetadataGenerator((_params, callback) => callback(null, metadata.clone()));
}

/** TLS channel credentials, with the bearer token composed in when given. */
export function grpcChannelCredentials(tls: GrpcClientTls = {}, token?: string): grpc.ChannelCredentials {
  if ((tls.cert === undefined) !== (tls.key === undefined)) throw new Error("grpcChannelCredentials: a client certificate needs both cert and key");
  const ssl = grpc.credentials.createSsl(
    tls.ca === undefined ? null : Buffer.from(tls.ca),
    tls.key === undefined ? null : Buffer.from(tls.key),
    tls.cert === undefined ? null : Buffer.from(tls.cert),
  );
  return token === undefined ? ssl : grpc.credentials.combineChannelCredentials(ssl, grpcCallCredentials(token));
}

/** The metadata a call presents the token in, for callers building metadata by hand. */
export function grpcBearerMetadata(token: string): grpc.Metadata {
  if (!token || /\s/.test(token)) throw new Error("a gRPC bearer token must be non-empty and hold no whitespace");
  const metadata = new grpc.Metadata();
  metadata.set(AUTHORIZATION_METADATA, `Bearer ${token}`);
  return metadata;
}

/**
 * A client interceptor adding the bearer token to every call. grpc-js
 * refuses call credentials on plaintext channels ("Cannot compose insecure
 * credentials"), so on those the token travels as plain metadata instead;
 * that is for local development, where nothing sits between client and server.
 */
export function grpcBearerInterceptor(token: string): grpc.Interceptor {
  const [value] = grpcBearerMetadata(token).get(AUTHORIZATION_METADATA);
  return (options, nextCall) =>
    new grpc.InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        // set, not add: a second authorization entry would be refused.
        metadata.set(AUTHORIZATION_METADATA, value!);
        next(metadata, listener);
      },
    });
}

/**
 * Credentials and client options for a server run by `serveGrpc`: TLS (with
 * the token as call credentials) when `tls` is given, otherwise plaintext
 * with the token added by {@link grpcBearerInterceptor}.
 *
 * @example
 * const { credentials, options } = grpcClientSecurity({ token, tls: { ca } });
 * const client = new AgentServiceClient("boyd:50051", credentials, options);
 */
export function grpcClientSecurity(options: { token?: string; tls?: GrpcClientTls }): GrpcClientSecurity {
  const { token, tls } = options;
  if (tls) return { credentials: grpcChannelCredentials(tls, token), options: {} };
  return {
    credentials: grpc.credentials.createInsecure(),
    options: token === undefined ? {} : { interceptors: [grpcBearerInterceptor(token)] },
  };
}
