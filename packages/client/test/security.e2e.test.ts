import { InProcessTransport } from "@boyd/bus";
import { startController, type Controller } from "@boyd/controller";
import { makeTestPki, type TestCert, type TestPki } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, UnauthenticatedError, UnavailableError } from "../src/index.js";

const TOKEN = "client-test-token-0123456789abcdef";

let pki: TestPki;
let ca: TestCert;
let controller: Controller;
let address: string;

// A controller serving over TLS with a private CA and a bearer token, as
// a deployment with BOYD_GRPC_TLS_* and BOYD_GRPC_TOKEN does.
beforeAll(async () => {
  pki = makeTestPki();
  ca = pki.ca("ca");
  const server = pki.issue("server", { ca, dns: ["localhost"], ips: ["127.0.0.1"], usage: "server" });
  controller = await startController({
    transport: new InProcessTransport(),
    grpc: { address: "127.0.0.1:0", tls: { cert: server.certPem, key: server.keyPem }, auth: { tokens: [TOKEN] } },
  });
  address = `localhost:${controller.grpc!.port}`;
});

afterAll(async () => {
  await controller?.stop();
  pki?.dispose();
});

describe("connecting to a secured controller", () => {
  it("TLS with the private CA and the token: calls go through", async () => {
    const client = await connect({ address, tls: { ca: ca.certPem }, token: TOKEN });
    try {
      expect((await client.listAgents()).agents).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("a wrong token fails every call, unary and streaming, with UnauthenticatedError", async () => {
    const client = await connect({ address, tls: { ca: ca.certPem }, token: "not-the-token-0123456789abcdef" });
    try {
      const failure = await client.listAgents().catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(UnauthenticatedError);
      expect(failure).toMatchObject({ code: "UNAUTHENTICATED", method: "ListAgents" });
      expect((failure as Error).message).not.toContain("not-the-token");
      await expect(client.watchEvents("mars").next()).rejects.toBeInstanceOf(UnauthenticatedError);
    } finally {
      await client.close();
    }
  });

  it("plaintext against the TLS port never becomes ready: UnavailableError from connect", async () => {
    await expect(connect({ address, token: TOKEN, connectTimeoutMs: 1_000 })).rejects.toBeInstanceOf(UnavailableError);
  });

  it("tls.cert without tls.key is refused before dialing", async () => {
    await expect(connect({ address, tls: { ca: ca.certPem, cert: ca.certPem } })).rejects.toThrow(/tls\.cert and tls\.key go together/);
  });
});
