import { readFile } from "node:fs/promises";
import { connectNats, type NatsTransport, type NatsTransportOptions } from "@boyd/bus";
import { lineContainsInOrder, makeTestPki, startNats, type NatsServer, type TestPki } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { natsAuthorization, natsPasswordEnv, randomNatsPasswords } from "../src/index.js";

/** A throwaway CA, a server certificate for localhost and 127.0.0.1, and a client certificate (paths). */
interface Pki {
  readonly certs: TestPki;
  readonly ca: string;
  readonly serverCert: string;
  readonly serverKey: string;
  readonly clientCert: string;
  readonly clientKey: string;
}

function makePki(): Pki {
  const certs = makeTestPki();
  const ca = certs.ca("ca");
  const server = certs.issue("server", { ca, dns: ["localhost"], ips: ["127.0.0.1"], usage: "server" });
  const client = certs.issue("boyd-observe", { ca, usage: "client" });
  return { certs, ca: ca.cert, serverCert: server.cert, serverKey: server.key, clientCert: client.cert, clientKey: client.key };
}

/** Serves `subject` on one connection and requests it from another: a round trip through the server. */
async function roundTrip(server: NatsTransport, client: NatsTransport, subject: string): Promise<string> {
  const sub = server.serve(subject, subject, async (req) => ({ data: new TextEncoder().encode(`pong ${new TextDecoder().decode(req.data)}`), headers: {} }));
  await server.flush();
  try {
    const reply = await client.request(subject, { data: new TextEncoder().encode("ping"), headers: {} }, 5_000);
    return new TextDecoder().decode(reply.data);
  } finally {
    await sub.drain();
  }
}

// nats.js checks the server's certificate against the host name of the URL
// (an IP address URL is checked as "localhost"), as a service names its
// server in BOYD_NATS_URL: by name.
const byName = (server: NatsServer): string => `nats://localhost:${server.port}`;

describe("NATS TLS - services reach nats-server only over TLS they can verify", () => {
  let pki: Pki;
  const opened: NatsTransport[] = [];
  const connect = async (options: NatsTransportOptions): Promise<NatsTransport> => {
    const t = await connectNats({ maxReconnectAttempts: 0, ...options });
    opened.push(t);
    return t;
  };

  beforeAll(() => {
    pki = makePki();
  });
  afterAll(async () => {
    await Promise.all(opened.map((t) => t.close()));
    pki?.certs.dispose();
  });

  describe("server TLS with the generated users", () => {
    const passwords = randomNatsPasswords();
    let nats: NatsServer;

    beforeAll(async () => {
      nats = await startNats({
        files: { "auth.conf": natsAuthorization({ passwords: "env" }) },
        env: natsPasswordEnv(passwords),
        extraConfig: [`tls { cert_file: ${JSON.stringify(pki.serverCert)}, key_file: ${JSON.stringify(pki.serverKey)} }`, 'include "auth.conf"'].join("\n"),
      });
    });
    afterAll(async () => {
      await nats?.dispose();
    });

    it("a service that trusts the CA connects over TLS as its user and round-trips a request", async () => {
      // The CA as file contents, as @boyd/service-kit passes BOYD_NATS_TLS_CA; and as a path.
      const orient = await connect({ servers: byName(nats), user: "orient", pass: passwords.orient, tls: { ca: await readFile(pki.ca, "utf8") } });
      const memory = await connect({ servers: byName(nats), user: "memory", pass: passwords.memory, tls: { caFile: pki.ca } });
      expect(orient.connection.info?.tls_required).toBe(true);
      expect(await roundTrip(orient, memory, "boyd.v1.OrientService.Query")).toBe("pong ping");
    });

    it("a client without the CA is refused: the server's certificate cannot be verified", async () => {
      await expect(connectNats({ servers: byName(nats), user: "client", pass: passwords.client, maxReconnectAttempts: 0 })).rejects.toThrow(/certificate/i);
    });

    it("a client that will not speak TLS is refused", async () => {
      await expect(connectNats({ servers: byName(nats), user: "client", pass: passwords.client, tls: null, maxReconnectAttempts: 0 })).rejects.toThrow(/tls/i);
    });
  });

  describe("mutual TLS (verify: true)", () => {
    let nats: NatsServer;

    beforeAll(async () => {
      nats = await startNats({
        extraConfig: `tls { cert_file: ${JSON.stringify(pki.serverCert)}, key_file: ${JSON.stringify(pki.serverKey)}, ca_file: ${JSON.stringify(pki.ca)}, verify: true }`,
      });
    });
    afterAll(async () => {
      await nats?.dispose();
    });

    it("a client with a certificate from the CA connects and round-trips a request", async () => {
      const tls = { caFile: pki.ca, certFile: pki.clientCert, keyFile: pki.clientKey };
      const a = await connect({ servers: byName(nats), tls });
      const b = await connect({ servers: byName(nats), tls });
      expect(await roundTrip(a, b, "boyd.tls.check")).toBe("pong ping");
    });

    it("a client that trusts the CA but shows no certificate is refused", async () => {
      // With TLS 1.3 the refusal comes after the client's handshake, and
      // nats.js only sees its connection never answer: the server says why.
      await expect(connectNats({ servers: byName(nats), tls: { caFile: pki.ca }, maxReconnectAttempts: 0, timeout: 2_000 })).rejects.toThrow();
      expect(lineContainsInOrder(nats.logs(), ["TLS handshake error: ", "didn't provide a certificate"])).toBe(true);
    });
  });
});
