import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTestPki, type TestCert, type TestPki } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../src/config.js";
import { grpcSecurity, MIN_GRPC_TOKEN_LENGTH } from "../src/grpc-security.js";

const TOKEN = "0123456789abcdef0123456789abcdef";
const OTHER_TOKEN = "fedcba9876543210fedcba9876543210";

function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("expected a throw");
}

// The PKI's temp dir also holds the token and non-PEM files these tests write.
let pki: TestPki;
let server: TestCert;
let clientCa: TestCert;
const file = (name: string): string => join(pki.dir, name);

beforeAll(() => {
  pki = makeTestPki();
  server = pki.selfSigned("server", { dns: ["localhost"], usage: "server" });
  // Its key doubles as a key that is not the server certificate's.
  clientCa = pki.ca("client-ca");
  writeFileSync(file("not-pem.txt"), "hello\n");
});

afterAll(() => {
  pki?.dispose();
});

describe("controller config - the event stream", () => {
  it("config - BOYD_EVENTS_REPLICAS is 1 to 5 copies, 1 by default, and a bad value is named", () => {
    expect(configFromEnv({}).eventsReplicas).toBe(1);
    expect(configFromEnv({ BOYD_EVENTS_REPLICAS: "3" }).eventsReplicas).toBe(3);
    expect(() => configFromEnv({ BOYD_EVENTS_REPLICAS: "0" })).toThrow(/BOYD_EVENTS_REPLICAS/);
  });

  it("config - BOYD_CONTROLLER_KV_REPLICAS (leases, heartbeats, agents index) is 1 to 5 copies, 1 by default, and a bad value is named", () => {
    expect(configFromEnv({}).clusterKvReplicas).toBe(1);
    expect(configFromEnv({ BOYD_CONTROLLER_KV_REPLICAS: "3" }).clusterKvReplicas).toBe(3);
    expect(() => configFromEnv({ BOYD_CONTROLLER_KV_REPLICAS: "6" })).toThrow(/BOYD_CONTROLLER_KV_REPLICAS/);
  });
});

describe("controller config - gRPC security from the environment", () => {
  it("config - without gRPC security variables, the API is served plaintext and without tokens", () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({ grpcAddress: "0.0.0.0:50051", eventsStream: "BOYD_EVENTS", eventsMaxAgeDays: 7, logLevel: "info" });
    expect(grpcSecurity(config)).toEqual({});
  });

  it("config - BOYD_GRPC_TOKEN holds one token or several, comma separated", () => {
    expect(configFromEnv({ BOYD_GRPC_TOKEN: TOKEN }).grpcTokens).toEqual([TOKEN]);
    const config = configFromEnv({ BOYD_GRPC_TOKEN: ` ${TOKEN} ,${OTHER_TOKEN},` });
    expect(config.grpcTokens).toEqual([TOKEN, OTHER_TOKEN]);
    expect(grpcSecurity(config)).toEqual({ auth: { tokens: [TOKEN, OTHER_TOKEN] } });
  });

  it("config - a token shorter than 16 characters is rejected, saying why and without quoting it", () => {
    const short = "short-secret";
    const message = errorOf(() => configFromEnv({ BOYD_GRPC_TOKEN: `${TOKEN},${short}` }));
    expect(message).toMatch(new RegExp(`BOYD_GRPC_TOKEN: token 2: is shorter than ${MIN_GRPC_TOKEN_LENGTH} characters; a short token can be guessed`));
    expect(message).not.toContain(short);
    expect(message).not.toContain(TOKEN);
    expect(errorOf(() => configFromEnv({ BOYD_GRPC_TOKEN: "abcdefgh ijklmnopqrst" }))).toMatch(/BOYD_GRPC_TOKEN: token 1: holds spaces/);
    expect(errorOf(() => configFromEnv({ BOYD_GRPC_TOKEN: " , " }))).toMatch(/BOYD_GRPC_TOKEN: holds no token/);
  });

  it("config - contradictory or half-given settings name the variable to fix", () => {
    expect(errorOf(() => configFromEnv({ BOYD_GRPC_TOKEN: TOKEN, BOYD_GRPC_TOKEN_FILE: "/run/secrets/token" }))).toMatch(
      /BOYD_GRPC_TOKEN_FILE: set either BOYD_GRPC_TOKEN or BOYD_GRPC_TOKEN_FILE, not both/,
    );
    expect(errorOf(() => configFromEnv({ BOYD_GRPC_TLS_CERT: "/tls/crt" }))).toMatch(/^invalid controller configuration: BOYD_GRPC_TLS_KEY: is required when BOYD_GRPC_TLS_CERT is set/);
    expect(errorOf(() => configFromEnv({ BOYD_GRPC_TLS_KEY: "/tls/key" }))).toMatch(/: BOYD_GRPC_TLS_CERT: is required when BOYD_GRPC_TLS_KEY is set/);
    expect(errorOf(() => configFromEnv({ BOYD_GRPC_TLS_CLIENT_CA: "/tls/ca" }))).toMatch(/: BOYD_GRPC_TLS_CERT: is required, with BOYD_GRPC_TLS_KEY, when BOYD_GRPC_TLS_CLIENT_CA is set/);
    expect(errorOf(() => configFromEnv({ BOYD_GRPC_ADDRESS: "50051" }))).toMatch(/BOYD_GRPC_ADDRESS: expected host:port/);
  });
});

describe("controller config - files read at start", () => {
  it("config - BOYD_GRPC_TOKEN_FILE holds one token a line; blank lines and CRLF endings are fine", () => {
    writeFileSync(file("tokens"), `${TOKEN}\r\n\r\n  ${OTHER_TOKEN}  \n`);
    const config = configFromEnv({ BOYD_GRPC_TOKEN_FILE: file("tokens") });
    expect(config.grpcTokens).toBeUndefined();
    expect(grpcSecurity(config)).toEqual({ auth: { tokens: [TOKEN, OTHER_TOKEN] } });
  });

  it("config - a bad token file names the variable, the file and the line, never the token", () => {
    const short = "tooshort";
    writeFileSync(file("short-tokens"), `${TOKEN}\n${short}\n`);
    const message = errorOf(() => grpcSecurity(configFromEnv({ BOYD_GRPC_TOKEN_FILE: file("short-tokens") })));
    expect(message).toBe(
      `BOYD_GRPC_TOKEN_FILE: the token on line 2 of ${file("short-tokens")} is shorter than ${MIN_GRPC_TOKEN_LENGTH} characters; a short token can be guessed by trying (make one with \`openssl rand -hex 32\`)`,
    );
    writeFileSync(file("empty-tokens"), "\n\n");
    expect(errorOf(() => grpcSecurity(configFromEnv({ BOYD_GRPC_TOKEN_FILE: file("empty-tokens") })))).toBe(`BOYD_GRPC_TOKEN_FILE: ${file("empty-tokens")} holds no token`);
    expect(errorOf(() => grpcSecurity(configFromEnv({ BOYD_GRPC_TOKEN_FILE: file("missing") })))).toMatch(
      new RegExp(`^BOYD_GRPC_TOKEN_FILE: cannot read ${file("missing")}: ENOENT`),
    );
  });

  it("config - TLS files become serveGrpc's tls option; a client CA turns on mutual TLS", () => {
    const config = configFromEnv({ BOYD_GRPC_TLS_CERT: server.cert, BOYD_GRPC_TLS_KEY: server.key, BOYD_GRPC_TOKEN: TOKEN });
    expect(grpcSecurity(config)).toEqual({
      auth: { tokens: [TOKEN] },
      tls: { cert: readFileSync(server.cert), key: readFileSync(server.key) },
    });
    const mutual = configFromEnv({ BOYD_GRPC_TLS_CERT: server.cert, BOYD_GRPC_TLS_KEY: server.key, BOYD_GRPC_TLS_CLIENT_CA: clientCa.cert });
    expect(grpcSecurity(mutual).tls?.clientCa).toEqual(readFileSync(clientCa.cert));
  });

  it("config - unreadable, non-PEM or mismatched TLS files are refused, naming the variable and the file", () => {
    const tls = (cert: string, key: string, ca?: string): string =>
      errorOf(() => grpcSecurity(configFromEnv({ BOYD_GRPC_TLS_CERT: cert, BOYD_GRPC_TLS_KEY: key, ...(ca ? { BOYD_GRPC_TLS_CLIENT_CA: ca } : {}) })));
    expect(tls(file("missing.crt"), server.key)).toMatch(new RegExp(`^BOYD_GRPC_TLS_CERT: cannot read ${file("missing.crt")}`));
    expect(tls(server.cert, file("missing.key"))).toMatch(new RegExp(`^BOYD_GRPC_TLS_KEY: cannot read ${file("missing.key")}`));
    expect(tls(file("not-pem.txt"), server.key)).toBe(`BOYD_GRPC_TLS_CERT: ${file("not-pem.txt")} holds no readable PEM certificate`);
    expect(tls(server.cert, file("not-pem.txt"))).toBe(`BOYD_GRPC_TLS_KEY: ${file("not-pem.txt")} holds no readable unencrypted PEM private key`);
    expect(tls(server.cert, clientCa.key)).toBe(
      `BOYD_GRPC_TLS_KEY: ${clientCa.key} is not the private key of the certificate in BOYD_GRPC_TLS_CERT (${server.cert})`,
    );
    expect(tls(server.cert, server.key, file("not-pem.txt"))).toBe(`BOYD_GRPC_TLS_CLIENT_CA: ${file("not-pem.txt")} holds no readable PEM certificate`);
  });
});
