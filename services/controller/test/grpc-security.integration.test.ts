import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EventEmitter } from "node:events";
import { grpcChannelCredentials, grpcClientSecurity, InProcessTransport, StatusCode, type GrpcClientSecurity } from "@boyd/bus";
import { AgentServiceClient, ListAgentsRequest, RunCyclesRequest, WatchEventsRequest } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../src/config.js";
import { grpcSecurity } from "../src/grpc-security.js";
import { startController, type Controller } from "../src/service.js";

const TOKEN = "controller-test-token-0123456789";

let dir: string;
let controller: Controller;
let address: string;
const clients: AgentServiceClient[] = [];

// A throwaway CA and a server certificate for localhost, as an operator
// would mount them from a Secret.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "boyd-controller-grpc-"));
  const openssl = (...args: string[]): void => void execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl("req", "-x509", ...ec, "-days", "1", "-keyout", "ca.key", "-out", "ca.crt", "-subj", "/CN=test ca",
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign");
  openssl("req", ...ec, "-keyout", "tls.key", "-out", "tls.csr", "-subj", "/CN=localhost");
  writeFileSync(join(dir, "tls.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
  openssl("x509", "-req", "-in", "tls.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-days", "1", "-out", "tls.crt", "-extfile", "tls.ext");
  writeFileSync(join(dir, "token"), `${TOKEN}\n`);

  const config = configFromEnv({
    BOYD_GRPC_ADDRESS: "127.0.0.1:0",
    BOYD_GRPC_TOKEN_FILE: join(dir, "token"),
    BOYD_GRPC_TLS_CERT: join(dir, "tls.crt"),
    BOYD_GRPC_TLS_KEY: join(dir, "tls.key"),
  });
  controller = await startController({ transport: new InProcessTransport(), grpc: { address: config.grpcAddress, ...grpcSecurity(config) } });
  address = `localhost:${controller.grpc!.port}`;
});

afterAll(async () => {
  for (const client of clients) client.close();
  await controller?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// The controller has no grpc-js dependency of its own: status codes come from
// the bus (same numbers) and credentials from its client helpers.
function agentClient(credentials: GrpcClientSecurity["credentials"], options: GrpcClientSecurity["options"] = {}): AgentServiceClient {
  const client = new AgentServiceClient(address, credentials, options);
  clients.push(client);
  return client;
}

function listAgentsStatus(client: AgentServiceClient): Promise<number> {
  return new Promise((resolve) => client.listAgents(ListAgentsRequest.fromPartial({}), (err) => resolve(err ? err.code : StatusCode.OK)));
}

function streamStatus(stream: EventEmitter): Promise<number> {
  return new Promise((resolve) => {
    stream.on("data", () => undefined);
    stream.on("error", (err: { code: number }) => resolve(err.code));
    stream.on("end", () => resolve(StatusCode.OK));
  });
}

describe("controller gRPC security", () => {
  it("controller grpc - with BOYD_GRPC_TOKEN_FILE and TLS set, a client with the CA and token is served", async () => {
    const { credentials, options } = grpcClientSecurity({ token: TOKEN, tls: { ca: readFileSync(join(dir, "ca.crt")) } });
    expect(await listAgentsStatus(agentClient(credentials, options))).toBe(StatusCode.OK);
  });

  it("controller grpc - AgentService rpcs without the token are UNAUTHENTICATED, streaming ones included", async () => {
    const client = agentClient(grpcChannelCredentials({ ca: readFileSync(join(dir, "ca.crt")) }));
    expect(await listAgentsStatus(client)).toBe(StatusCode.UNAUTHENTICATED);
    expect(await streamStatus(client.watchEvents(WatchEventsRequest.fromPartial({ agentId: "a" })))).toBe(StatusCode.UNAUTHENTICATED);
    expect(await streamStatus(client.runCycles(RunCyclesRequest.fromPartial({ run: { agentId: "a" } })))).toBe(StatusCode.UNAUTHENTICATED);
  });

  it("controller grpc - a plaintext client reaches nothing once TLS is on", async () => {
    const { credentials, options } = grpcClientSecurity({ token: TOKEN });
    expect(await listAgentsStatus(agentClient(credentials, options))).toBe(StatusCode.UNAVAILABLE);
  });
});
