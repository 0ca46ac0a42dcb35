import { X509Certificate, createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import type { GrpcServerOptions } from "@boyd/bus";
import type { ControllerConfig } from "./config.js";

/**
 * Shortest bearer token accepted. The token is the only thing between the
 * network and AgentService (which runs agents and their tools), so it has to
 * be out of reach of guessing: even 16 random hex digits are 64 bits, and
 * `openssl rand -hex 32` gives 256.
 */
export const MIN_GRPC_TOKEN_LENGTH = 16;

/** Splits `BOYD_GRPC_TOKEN`: commas separate tokens, blanks around them are dropped. */
export function splitGrpcTokens(value: string): string[] {
  return value
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}

/** Why a token is unusable, or undefined; never quoting the token. */
export function checkGrpcToken(token: string): string | undefined {
  if (token.length < MIN_GRPC_TOKEN_LENGTH) {
    return `is shorter than ${MIN_GRPC_TOKEN_LENGTH} characters; a short token can be guessed by trying (make one with \`openssl rand -hex 32\`)`;
  }
  // The token travels as an HTTP/2 header value after "Bearer ".
  if (!/^[\x21-\x7e]+$/.test(token)) return "holds spaces or characters other than printable ASCII, which a Bearer header cannot carry";
  return undefined;
}

/** What {@link grpcSecurity} reads files with; a parameter so tests can count reads. */
export type ReadFile = (path: string) => Buffer;

/**
 * Turns the controller's gRPC settings into serveGrpc's `auth` and `tls`
 * options, reading the token file and the PEM files now (at start), so a
 * missing or malformed file stops the process with a message naming the
 * variable and the file instead of failing on the first call.
 */
export function grpcSecurity(config: ControllerConfig, readFile: ReadFile = readFileSync): Pick<GrpcServerOptions, "auth" | "tls"> {
  const tokens = config.grpcTokens ?? (config.grpcTokenFile ? tokensFromFile(config.grpcTokenFile, readFile) : undefined);
  const out: Pick<GrpcServerOptions, "auth" | "tls"> = {};
  if (tokens) out.auth = { tokens };
  if (config.grpcTlsCert && config.grpcTlsKey) {
    const cert = readSetting("BOYD_GRPC_TLS_CERT", config.grpcTlsCert, readFile);
    const key = readSetting("BOYD_GRPC_TLS_KEY", config.grpcTlsKey, readFile);
    checkKeyPair(cert, key, config.grpcTlsCert, config.grpcTlsKey);
    out.tls = { cert, key };
    if (config.grpcTlsClientCa) {
      const clientCa = readSetting("BOYD_GRPC_TLS_CLIENT_CA", config.grpcTlsClientCa, readFile);
      parseCertificate("BOYD_GRPC_TLS_CLIENT_CA", config.grpcTlsClientCa, clientCa);
      out.tls.clientCa = clientCa;
    }
  }
  return out;
}

/** One token a line; blank lines are skipped, surrounding blanks (CRLF too) trimmed. */
function tokensFromFile(path: string, readFile: ReadFile): string[] {
  const lines = readSetting("BOYD_GRPC_TOKEN_FILE", path, readFile).toString("utf8").split("\n");
  const tokens: string[] = [];
  lines.forEach((line, i) => {
    const token = line.trim();
    if (!token) return;
    const problem = checkGrpcToken(token);
    if (problem) throw new Error(`BOYD_GRPC_TOKEN_FILE: the token on line ${i + 1} of ${path} ${problem}`);
    tokens.push(token);
  });
  if (tokens.length === 0) throw new Error(`BOYD_GRPC_TOKEN_FILE: ${path} holds no token`);
  return tokens;
}

function readSetting(variable: string, path: string, readFile: ReadFile): Buffer {
  try {
    return readFile(path);
  } catch (err) {
    throw new Error(`${variable}: cannot read ${path}: ${(err as Error).message}`, { cause: err });
  }
}

function parseCertificate(variable: string, path: string, pem: Buffer): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch (err) {
    throw new Error(`${variable}: ${path} holds no readable PEM certificate`, { cause: err });
  }
}

// TLS would otherwise fail at bind time with an OpenSSL code, or worse on
// the first handshake; a mismatched pair is a common deploy mistake.
function checkKeyPair(cert: Buffer, key: Buffer, certPath: string, keyPath: string): void {
  const certificate = parseCertificate("BOYD_GRPC_TLS_CERT", certPath, cert);
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    // The parser's error is dropped, not chained: it could quote key material.
    throw new Error(`BOYD_GRPC_TLS_KEY: ${keyPath} holds no readable unencrypted PEM private key`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new Error(`BOYD_GRPC_TLS_KEY: ${keyPath} is not the private key of the certificate in BOYD_GRPC_TLS_CERT (${certPath})`);
  }
}
