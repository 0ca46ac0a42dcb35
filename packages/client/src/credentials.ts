import * as grpc from "@grpc/grpc-js";

/** PEM text or bytes. */
export type Pem = string | Uint8Array;

/** TLS towards the controller's gRPC port. */
export interface TlsOptions {
  /** CA that signed the server's certificate; the system roots when unset. */
  readonly ca?: Pem;
  /** Client certificate chain, for a server that requires mutual TLS. */
  readonly cert?: Pem;
  /** The client certificate's private key. */
  readonly key?: Pem;
}

/** How the channel is secured: what {@link channelSecurity} reads from the connect options. */
export interface SecurityOptions {
  /** `true` for TLS with the system roots; an object for a private CA or mutual TLS. @default plaintext */
  readonly tls?: boolean | TlsOptions;
  /** Bearer token sent as `authorization: Bearer <token>` on every call (the server's BOYD_GRPC_TOKEN). */
  readonly token?: string;
}

const AUTHORIZATION = "authorization";

/**
 * The channel credentials and interceptors for the options. grpc-js refuses
 * call credentials on a plaintext channel, so there the token rides as
 * metadata added by an interceptor (local development, nothing in between).
 */
export function channelSecurity(options: SecurityOptions): { credentials: grpc.ChannelCredentials; interceptors: grpc.Interceptor[] } {
  const bearer = options.token === undefined ? undefined : bearerValue(options.token);
  if (options.tls) {
    const ssl = sslCredentials(options.tls === true ? {} : options.tls);
    return { credentials: bearer ? grpc.credentials.combineChannelCredentials(ssl, callCredentials(bearer)) : ssl, interceptors: [] };
  }
  return { credentials: grpc.credentials.createInsecure(), interceptors: bearer ? [bearerInterceptor(bearer)] : [] };
}

function bearerValue(token: string): string {
  if (!token || /\s/.test(token)) throw new TypeError("connect: token must be non-empty and hold no whitespace");
  return `Bearer ${token}`;
}

function sslCredentials(tls: TlsOptions): grpc.ChannelCredentials {
  if ((tls.cert === undefined) !== (tls.key === undefined)) throw new TypeError("connect: tls.cert and tls.key go together (a client certificate needs both)");
  const bytes = (pem: Pem | undefined): Buffer | null => (pem === undefined ? null : Buffer.from(pem));
  return grpc.credentials.createSsl(bytes(tls.ca), bytes(tls.key), bytes(tls.cert));
}

function callCredentials(bearer: string): grpc.CallCredentials {
  return grpc.credentials.createFromMetadataGenerator((_params, callback) => {
    const metadata = new grpc.Metadata();
    metadata.set(AUTHORIZATION, bearer);
    callback(null, metadata);
  });
}

function bearerInterceptor(bearer: string): grpc.Interceptor {
  return (options, nextCall) =>
    new grpc.InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        // set, not add: a second authorization entry is refused.
        metadata.set(AUTHORIZATION, bearer);
        next(metadata, listener);
      },
    });
}
