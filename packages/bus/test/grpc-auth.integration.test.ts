import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { loadSync } from "@grpc/proto-loader";
import { EchoRequest, type EchoResponse, EchoServiceClient, EchoServiceDefinition } from "@boyd/proto";
import { descriptorSet } from "@boyd/proto/descriptors";
import { makeTestPki, type TestPki } from "@boyd/testkit";
import { protoPath as healthProtoPath } from "grpc-health-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  grpcBearerMetadata,
  grpcChannelCredentials,
  grpcClientSecurity,
  grpcService,
  serveGrpc,
  type GrpcServer,
  type GrpcServerOptions,
} from "../src/index.js";
import { StreamingEchoClient, StreamingEchoDefinition } from "./streaming-echo.js";

const TOKEN = "s3cret-token-for-tests-0123456789";
const ROTATED_TOKEN = "the-next-token-after-rotation-abcdef";

interface Served {
  server: GrpcServer;
  /** How many times a handler ran. */
  handled: () => number;
  /** What reportError was told. */
  reports: { message: string; subject: string }[];
}

const running: GrpcServer[] = [];
const clients: grpc.Client[] = [];

async function serve(options: GrpcServerOptions): Promise<Served> {
  let handled = 0;
  const reports: Served["reports"] = [];
  const server = await serveGrpc(
    [
      grpcService(EchoServiceDefinition, {
        async echo(request) {
          handled++;
          return { text: request.text, payload: Buffer.alloc(0), servedBy: "grpc" };
        },
      }),
      grpcService(StreamingEchoDefinition, {
        async *repeat(request) {
          handled++;
          for (let i = 0; i < request.delayMs; i++) yield { text: `${request.text} ${i}`, payload: Buffer.alloc(0), servedBy: "grpc" };
        },
      }),
    ],
    {
      descriptorSet: descriptorSet(),
      reportError: (err, ctx) => reports.push({ message: (err as Error).message, subject: ctx.subject }),
      ...options,
    },
  );
  running.push(server);
  return { server, handled: () => handled, reports };
}

function track<C extends grpc.Client>(client: C): C {
  clients.push(client);
  return client;
}

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(running.splice(0).map((s) => s.stop(100)));
});

/** The status of a unary Echo call: OK with the reply, or the error's code and details. */
function echo(client: EchoServiceClient, metadata = new grpc.Metadata()): Promise<{ code: grpc.status; details: string; text?: string }> {
  return new Promise((resolve) =>
    client.echo(EchoRequest.fromPartial({ text: "hello" }), metadata, { deadline: Date.now() + 5_000 }, (err, res) =>
      resolve(err ? { code: err.code, details: err.details } : { code: grpc.status.OK, details: "", text: res.text }),
    ),
  );
}

/** The items and final status of a server-streaming Repeat call. */
async function repeat(client: grpc.Client, metadata = new grpc.Metadata()): Promise<{ code: grpc.status; texts: string[] }> {
  const call = (client as unknown as { repeat(r: EchoRequest, m: grpc.Metadata): grpc.ClientReadableStream<EchoResponse> }).repeat(
    EchoRequest.fromPartial({ text: "tick", delayMs: 2 }),
    metadata,
  );
  const texts: string[] = [];
  try {
    for await (const item of call) texts.push((item as EchoResponse).text);
    return { code: grpc.status.OK, texts };
  } catch (err) {
    return { code: (err as grpc.ServiceError).code, texts };
  }
}

function healthCheck(address: string, credentials: grpc.ChannelCredentials): Promise<string> {
  const pkg = grpc.loadPackageDefinition(loadSync(healthProtoPath, { enums: String })) as any;
  const health = track(new pkg.grpc.health.v1.Health(address, credentials));
  return new Promise((resolve, reject) =>
    health.Check({ service: "" }, (err: Error | null, res: { status: string }) => (err ? reject(err) : resolve(res.status))),
  );
}

/** Lists services through reflection; resolves the names or the error's status code. */
function reflectionList(address: string, security: { credentials: grpc.ChannelCredentials; options: grpc.ClientOptions }): Promise<string[] | grpc.status> {
  const reflectionDir = join(dirname(createRequire(import.meta.url).resolve("@grpc/reflection")), "..", "proto");
  const pkg = grpc.loadPackageDefinition(loadSync(join(reflectionDir, "grpc/reflection/v1/reflection.proto"), { includeDirs: [reflectionDir] })) as any;
  const reflection = track(new pkg.grpc.reflection.v1.ServerReflection(address, security.credentials, security.options));
  return new Promise((resolve) => {
    const call = reflection.ServerReflectionInfo();
    call.on("data", (res: any) => {
      resolve((res.listServicesResponse?.service ?? []).map((s: { name: string }) => s.name));
      call.end();
    });
    call.on("error", (err: grpc.ServiceError) => resolve(err.code));
    call.write({ listServices: "" });
  });
}

const insecure = (): grpc.ChannelCredentials => grpc.credentials.createInsecure();

describe("gRPC bearer token", () => {
  it("grpc auth - a call without a token is UNAUTHENTICATED and never reaches the handler", async () => {
    const { server, handled, reports } = await serve({ auth: { tokens: [TOKEN] } });
    const client = track(new EchoServiceClient(server.address, insecure()));
    const reply = await echo(client);
    expect(reply.code).toBe(grpc.status.UNAUTHENTICATED);
    expect(reply.details).toMatch(/authorization: Bearer <token>/);
    expect(handled()).toBe(0);
    expect(reports).toEqual([
      { subject: "boyd.v1.EchoService.Echo", message: expect.stringMatching(/^unauthenticated call to boyd\.v1\.EchoService\.Echo from \S+:\d+$/) },
    ]);
  });

  it("grpc auth - a wrong token is UNAUTHENTICATED; neither the status nor the report echoes it", async () => {
    const { server, handled, reports } = await serve({ auth: { tokens: [TOKEN] } });
    const client = track(new EchoServiceClient(server.address, insecure()));
    const wrong = "wrong-token-that-must-not-be-echoed";
    const cases = [grpcBearerMetadata(wrong), grpcBearerMetadata(`${TOKEN}x`), grpcBearerMetadata(TOKEN.slice(0, -1))];
    const basic = new grpc.Metadata();
    basic.set("authorization", `Basic ${TOKEN}`);
    cases.push(basic);
    for (const metadata of cases) {
      const reply = await echo(client, metadata);
      expect(reply.code).toBe(grpc.status.UNAUTHENTICATED);
      expect(reply.details).not.toContain(wrong);
      expect(reply.details).not.toContain(TOKEN.slice(0, 8));
    }
    expect(handled()).toBe(0);
    expect(reports).toHaveLength(cases.length);
    for (const { message } of reports) {
      expect(message).not.toContain(wrong);
      expect(message).not.toContain(TOKEN.slice(0, 8));
    }
  });

  it("grpc auth - any configured token is accepted, so tokens can be rotated", async () => {
    const { server, handled, reports } = await serve({ auth: { tokens: [TOKEN, ROTATED_TOKEN] } });
    const client = track(new EchoServiceClient(server.address, insecure()));
    expect(await echo(client, grpcBearerMetadata(TOKEN))).toMatchObject({ code: grpc.status.OK, text: "hello" });
    expect(await echo(client, grpcBearerMetadata(ROTATED_TOKEN))).toMatchObject({ code: grpc.status.OK, text: "hello" });
    const lowerCaseScheme = new grpc.Metadata();
    lowerCaseScheme.set("authorization", `bearer ${TOKEN}`);
    expect((await echo(client, lowerCaseScheme)).code).toBe(grpc.status.OK);
    expect(handled()).toBe(3);
    expect(reports).toEqual([]);
  });

  it("grpc auth - a server-streaming rpc without a token is UNAUTHENTICATED; with it, it streams", async () => {
    const { server, handled } = await serve({ auth: { tokens: [TOKEN] } });
    const client = track(new StreamingEchoClient(server.address, insecure()));
    expect(await repeat(client)).toEqual({ code: grpc.status.UNAUTHENTICATED, texts: [] });
    expect(await repeat(client, grpcBearerMetadata("not-the-token-at-all"))).toEqual({ code: grpc.status.UNAUTHENTICATED, texts: [] });
    expect(handled()).toBe(0);
    expect(await repeat(client, grpcBearerMetadata(TOKEN))).toEqual({ code: grpc.status.OK, texts: ["tick 0", "tick 1"] });
  });

  it("grpc auth - health checks need no token, for probes and load balancers", async () => {
    const { server } = await serve({ auth: { tokens: [TOKEN] } });
    expect(await healthCheck(server.address, insecure())).toBe("SERVING");
  });

  it("grpc auth - reflection needs the token, since it lays out the whole API", async () => {
    const { server } = await serve({ auth: { tokens: [TOKEN] } });
    expect(await reflectionList(server.address, grpcClientSecurity({}))).toBe(grpc.status.UNAUTHENTICATED);
    const listed = await reflectionList(server.address, grpcClientSecurity({ token: TOKEN }));
    expect(listed).toContain("boyd.v1.EchoService");
  });

  it("grpc auth - the plaintext client helper sends the token with every call", async () => {
    const { server } = await serve({ auth: { tokens: [TOKEN] } });
    const { credentials, options } = grpcClientSecurity({ token: TOKEN });
    const client = track(new EchoServiceClient(server.address, credentials, options));
    expect(await echo(client)).toMatchObject({ code: grpc.status.OK, text: "hello" });
    // A caller's own authorization entry is replaced, not doubled.
    expect(await echo(client, grpcBearerMetadata("stale-token-from-the-caller"))).toMatchObject({ code: grpc.status.OK });
  });

  it("grpc auth - a server with no tokens to accept refuses to start", async () => {
    await expect(serveGrpc([], { auth: { tokens: [] } })).rejects.toThrow(/auth\.tokens is empty/);
    await expect(serveGrpc([], { auth: { tokens: [""] } })).rejects.toThrow(/auth\.tokens\[0\] is empty/);
  });
});

// ---------------------------------------------------------------------------
// TLS: a throwaway CA signs a server certificate for localhost/127.0.0.1 and
// a client certificate; another CA signs a certificate the server must refuse.

interface Pki {
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  strangerCa: string;
  strangerCert: string;
  strangerKey: string;
}

let certs: TestPki;
let pki: Pki;

beforeAll(() => {
  certs = makeTestPki();
  const ca = certs.ca("ca");
  const strangerCa = certs.ca("stranger-ca");
  const server = certs.issue("server", { ca, dns: ["localhost"], ips: ["127.0.0.1"], usage: "server" });
  const client = certs.issue("client", { ca, usage: "client" });
  const stranger = certs.issue("stranger", { ca: strangerCa, usage: "client" });
  pki = {
    ca: ca.certPem,
    serverCert: server.certPem,
    serverKey: server.keyPem,
    clientCert: client.certPem,
    clientKey: client.keyPem,
    strangerCa: strangerCa.certPem,
    strangerCert: stranger.certPem,
    strangerKey: stranger.keyPem,
  };
});

afterAll(() => {
  certs?.dispose();
});

// Dialled by name: grpc-js passes an IP target on as the TLS server name,
// which Node flags as deprecated (RFC 6066); the certificate names both.
const byName = (server: GrpcServer): string => `localhost:${server.port}`;

describe("gRPC TLS", () => {
  it("grpc tls - a client trusting the CA and holding the token is served; plaintext and untrusting clients are not", async () => {
    const { server, handled } = await serve({ tls: { cert: pki.serverCert, key: pki.serverKey }, auth: { tokens: [TOKEN] } });
    const secure = grpcClientSecurity({ token: TOKEN, tls: { ca: pki.ca } });
    expect(await echo(track(new EchoServiceClient(byName(server), secure.credentials, secure.options)))).toMatchObject({ code: grpc.status.OK, text: "hello" });
    expect(await echo(track(new EchoServiceClient(byName(server), grpcChannelCredentials({ ca: pki.ca }, TOKEN))))).toMatchObject({ code: grpc.status.OK });
    // TLS without the token is still refused by the token check.
    expect((await echo(track(new EchoServiceClient(byName(server), grpcChannelCredentials({ ca: pki.ca })))))).toMatchObject({
      code: grpc.status.UNAUTHENTICATED,
    });
    const plaintext = await echo(track(new EchoServiceClient(byName(server), insecure())), grpcBearerMetadata(TOKEN));
    expect(plaintext.code).toBe(grpc.status.UNAVAILABLE);
    const untrusting = await echo(track(new EchoServiceClient(byName(server), grpcChannelCredentials({ ca: pki.strangerCa }, TOKEN))));
    expect(untrusting.code).toBe(grpc.status.UNAVAILABLE);
    expect(handled()).toBe(2);
    expect(await healthCheck(byName(server), grpcChannelCredentials({ ca: pki.ca }))).toBe("SERVING");
  });

  it("grpc mtls - a client without a certificate, or with one from another CA, is refused; one the client CA signed is served", async () => {
    const { server, handled } = await serve({ tls: { cert: pki.serverCert, key: pki.serverKey, clientCa: pki.ca } });
    const noCert = await echo(track(new EchoServiceClient(byName(server), grpcChannelCredentials({ ca: pki.ca }))));
    expect(noCert.code).toBe(grpc.status.UNAVAILABLE);
    const stranger = await echo(
      track(new EchoServiceClient(byName(server), grpcChannelCredentials({ ca: pki.ca, cert: pki.strangerCert, key: pki.strangerKey }))),
    );
    expect(stranger.code).toBe(grpc.status.UNAVAILABLE);
    expect(handled()).toBe(0);
    const withCert = grpcChannelCredentials({ ca: pki.ca, cert: pki.clientCert, key: pki.clientKey });
    expect(await echo(track(new EchoServiceClient(byName(server), withCert)))).toMatchObject({ code: grpc.status.OK, text: "hello" });
  });

  it("grpc tls - contradictory or incomplete TLS settings are refused before binding", async () => {
    await expect(
      serveGrpc([], { tls: { cert: pki.serverCert, key: pki.serverKey }, credentials: grpc.ServerCredentials.createInsecure() }),
    ).rejects.toThrow(/either tls or credentials/);
    await expect(serveGrpc([], { tls: { cert: pki.serverCert, key: pki.serverKey, requireClientCert: true } })).rejects.toThrow(/needs tls\.clientCa/);
    expect(() => grpcChannelCredentials({ ca: pki.ca, cert: pki.clientCert })).toThrow(/both cert and key/);
  });
});
