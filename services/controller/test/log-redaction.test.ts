import { Writable } from "node:stream";
import { SECRET_LOG_PATHS } from "@boyd/bus";
import { configFromEnv as orientConfigFromEnv } from "@boyd/orient";
import { pino, type Logger } from "pino";
import { describe, expect, it } from "vitest";
import { configFromEnv } from "../src/config.js";

// Distinct, greppable values: if any shows up in the output, a path is missing.
const NATS_PASSWORD = "nats-pw-4f1c9e";
const GRPC_TOKEN = "grpc-token-7d2b8a0123456789";
const ROTATED_TOKEN = "grpc-token-rotated-99aa0123456789";
const NEO4J_PASSWORD = "neo4j-pw-b3e5d1";
const TLS_KEY = "-----BEGIN PRIVATE KEY-----\nkey-material-c0ffee\n-----END PRIVATE KEY-----\n";
const SECRETS = [NATS_PASSWORD, GRPC_TOKEN, ROTATED_TOKEN, NEO4J_PASSWORD, "key-material-c0ffee"];

/** A logger built as services build theirs, writing its lines into `lines`. */
function capturingLogger(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ level: "trace", redact: { paths: [...SECRET_LOG_PATHS], censor: "[redacted]" } }, sink), lines };
}

describe("log redaction", () => {
  it("logs - settings, connect options, headers and env dumps holding secrets are written without them", () => {
    const { log, lines } = capturingLogger();
    const env = {
      BOYD_NATS_URL: "nats://nats:4222",
      BOYD_NATS_USER: "controller",
      BOYD_NATS_PASSWORD: NATS_PASSWORD,
      BOYD_GRPC_TOKEN: `${GRPC_TOKEN},${ROTATED_TOKEN}`,
      BOYD_NEO4J_URI: "bolt://neo4j:7687",
      BOYD_NEO4J_USER: "neo4j",
      BOYD_NEO4J_PASSWORD: NEO4J_PASSWORD,
    };
    const controllerConfig = configFromEnv(env);
    const orientConfig = orientConfigFromEnv(env);
    expect(controllerConfig.grpcTokens).toEqual([GRPC_TOKEN, ROTATED_TOKEN]);
    expect(orientConfig.neo4j?.password).toBe(NEO4J_PASSWORD);

    // The process settings of @boyd/service-kit, flat and nested.
    const settings = { natsUrl: env.BOYD_NATS_URL, natsUser: "controller", natsPassword: NATS_PASSWORD };
    log.info(settings, "settings, flat");
    log.info({ settings }, "settings, nested");
    // nats.js connect options.
    log.info({ nats: { servers: ["nats://nats:4222"], user: "controller", pass: NATS_PASSWORD, tls: { key: TLS_KEY } } }, "connecting");
    // Each service's config as configFromEnv returns it.
    log.info({ config: controllerConfig }, "controller config");
    log.info({ config: orientConfig }, "orient config");
    log.info(orientConfig, "orient config, flat");
    // serveGrpc options built from the config.
    log.debug({ grpc: { address: "0.0.0.0:50051", auth: { tokens: [GRPC_TOKEN] }, tls: { cert: "-----BEGIN CERTIFICATE-----", key: TLS_KEY } } }, "grpc options");
    // gRPC metadata and HTTP headers, and a dump of the environment.
    log.warn({ req: { headers: { authorization: `Bearer ${GRPC_TOKEN}` } }, metadata: { authorization: `Bearer ${GRPC_TOKEN}` } }, "request");
    log.info({ env }, "environment");
    log.child({ natsPassword: NATS_PASSWORD, grpcToken: GRPC_TOKEN }).info("child bindings");

    const output = lines.join("");
    expect(lines).toHaveLength(10);
    for (const secret of SECRETS) expect(output, `a log line holds ${secret}`).not.toContain(secret);
    // Redaction is by field, not by blanking whole objects: the rest stays useful.
    const [flat, , connecting, controller, orient] = lines.map((l) => JSON.parse(l));
    expect(flat).toMatchObject({ natsUser: "controller", natsPassword: "[redacted]" });
    expect(connecting.nats).toMatchObject({ user: "controller", pass: "[redacted]", tls: { key: "[redacted]" } });
    expect(controller.config).toMatchObject({ grpcAddress: "0.0.0.0:50051", grpcTokens: "[redacted]" });
    expect(orient.config.neo4j).toMatchObject({ uri: "bolt://neo4j:7687", user: "neo4j", password: "[redacted]" });
  });
});
