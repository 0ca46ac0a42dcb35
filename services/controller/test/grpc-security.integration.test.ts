import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EventEmitter } from "node:events";
import { grpcChannelCredentials, grpcClientSecurity, InProcessTransport, StatusCode, type GrpcClientSecurity } from "@boyd/bus";
import { AgentServiceClient, ListAgentsRequest, RunCyclesRequest, WatchEventsRequest } from "@boyd/proto";
import { makeTestPki, type TestCert, type TestPki } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../src/config.js";
import { grpcSecurity } from "../src/grpc-security.js";
import { startController, type Controller } from "../src/service.js";

const TOKEN = "controller-test-token-0123456789";

let pki: TestPki;
let ca: TestCert;
let controller: Controller;
let address: string;
const clients: AgentServiceClient[] = [];

// A throwaway CA and a server certificate for localhost, as an operator
// would mount them from a Secret.
beforeAll(async () => {
  pki = makeTestPki();
  ca = pki.ca("ca");
  const tls = pki.issue("tls", { ca, dns: ["localhost"], ips: ["127.0.0.1"], usage: "server" });
  writeFileSync(join(pki.dir, "token"), `${TOKEN}\n`);

  const config = configFromEnv({
    BOYD_GRPC_ADDRESS: "127.0.0.1:0",
    BOYD_GRPC_TOKEN_FILE: join(pki.dir, "token"),
    BOYD_GRPC_TLS_CERT: tls.cert,
    BOYD_GRPC_TLS_KEY: tls.key,
  });
  controller = await startController({ transport: new InProcessTransport(), grpc: { address: config.grpcAddress, ...grpcSecurity(config) } });
  address = `localhost:${controller.grpc!.port}`;
});

afterAll(async () => {
  for (const client of clients) client.close();
  await controller?.stop();
  pki?.dispose();
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
    const { credentials, options } = grpcClientSecurity({ token: TOKEN, tls: { ca: readFileSync(ca.cert) } });
    expect(await listAgentsStatus(agentClient(credentials, options))).toBe(StatusCode.OK);
  });

  it("controller grpc - AgentService rpcs without the token are UNAUTHENTICATED, streaming ones included", async () => {
    const client = agentClient(grpcChannelCredentials({ ca: readFileSync(ca.cert) }));
    expect(await listAgentsStatus(client)).toBe(StatusCode.UNAUTHENTICATED);
    expect(await streamStatus(client.watchEvents(WatchEventsRequest.fromPartial({ agentId: "a" })))).toBe(StatusCode.UNAUTHENTICATED);
    expect(await streamStatus(client.runCycles(RunCyclesRequest.fromPartial({ run: { agentId: "a" } })))).toBe(StatusCode.UNAUTHENTICATED);
  });

  it("controller grpc - a plaintext client reaches nothing once TLS is on", async () => {
    const { credentials, options } = grpcClientSecurity({ token: TOKEN });
    expect(await listAgentsStatus(agentClient(credentials, options))).toBe(StatusCode.UNAVAILABLE);
  });
});
