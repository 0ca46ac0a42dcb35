import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_NATS_RESOURCES, NATS_USERS } from "@boyd/stack";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadOrCreatePasswords, writeClientEnv } from "../src/credentials.js";
import { serviceEnv, type ServiceEnvInput } from "../src/service-env.js";

const INPUT: ServiceEnvInput = {
  natsUrl: "nats://127.0.0.1:4222",
  natsPassword: "psecretsecretsecret",
  opsAddress: "127.0.0.1:9191",
  dataDir: "/data/orient",
  names: DEFAULT_NATS_RESOURCES,
  grpcAddress: "127.0.0.1:50051",
};

describe("service environment", () => {
  it("service env - each service connects as its own user, with the cluster's URL and ops address", () => {
    const env = serviceEnv("decide", INPUT, {});
    expect(env).toMatchObject({ BOYD_NATS_URL: INPUT.natsUrl, BOYD_NATS_USER: "decide", BOYD_NATS_PASSWORD: INPUT.natsPassword, BOYD_OPS_ADDRESS: "127.0.0.1:9191", BOYD_DATA_DIR: "/data/orient" });
  });

  it("service env - stores are the distributed ones, named as the NATS permissions name them", () => {
    expect(serviceEnv("memory", INPUT, {})).toMatchObject({ BOYD_MEMORY_STORE: "kv", BOYD_MEMORY_KV_BUCKET: DEFAULT_NATS_RESOURCES.memoryBucket });
    expect(serviceEnv("act", INPUT, {})).toMatchObject({ BOYD_ACT_KV_BUCKET: DEFAULT_NATS_RESOURCES.actBucket });
    expect(serviceEnv("observe", INPUT, {})).toMatchObject({ BOYD_PERCEPT_INBOX: "jetstream", BOYD_PERCEPT_STREAM: DEFAULT_NATS_RESOURCES.perceptsStream });
    expect(serviceEnv("controller", { ...INPUT, grpcToken: "t0ken-t0ken-t0ken-t0ken" }, {})).toMatchObject({
      BOYD_EVENTS_STREAM: DEFAULT_NATS_RESOURCES.eventsStream,
      BOYD_GRPC_ADDRESS: "127.0.0.1:50051",
      BOYD_GRPC_TOKEN: "t0ken-t0ken-t0ken-t0ken",
    });
  });

  it("service env - the agent settings file (up --agent-config) goes to the controller alone", () => {
    expect(serviceEnv("controller", { ...INPUT, agentSettings: "/etc/boyd/agents.yaml" }, {})).toMatchObject({ BOYD_AGENT_SETTINGS: "/etc/boyd/agents.yaml" });
    expect(serviceEnv("controller", INPUT, {})["BOYD_AGENT_SETTINGS"]).toBeUndefined();
    expect(serviceEnv("act", { ...INPUT, agentSettings: "/etc/boyd/agents.yaml" }, {})["BOYD_AGENT_SETTINGS"]).toBeUndefined();
  });

  it("service env - orient gets Neo4j only when given; nobody else does", () => {
    expect(serviceEnv("orient", INPUT, {})["BOYD_NEO4J_URI"]).toBeUndefined();
    const withGraph = { ...INPUT, neo4j: { uri: "bolt://127.0.0.1:7687", label: "Test_1" } };
    expect(serviceEnv("orient", withGraph, {})).toMatchObject({ BOYD_NEO4J_URI: "bolt://127.0.0.1:7687", BOYD_NEO4J_LABEL: "Test_1" });
    expect(serviceEnv("memory", withGraph, {})["BOYD_NEO4J_URI"]).toBeUndefined();
  });

  it("service env - the caller's shell cannot point a service elsewhere; its other settings pass through", () => {
    const shell = { PATH: "/bin", BOYD_LOG_LEVEL: "debug", BOYD_NATS_CREDS_FILE: "/x.creds", BOYD_NEO4J_URI: "bolt://elsewhere:7687", BOYD_MEMORY_STORE: "files", BOYD_GRPC_TOKEN: "x" };
    const env = serviceEnv("orient", INPUT, shell);
    expect(env).toMatchObject({ PATH: "/bin", BOYD_LOG_LEVEL: "debug" });
    for (const gone of ["BOYD_NATS_CREDS_FILE", "BOYD_NEO4J_URI", "BOYD_MEMORY_STORE", "BOYD_GRPC_TOKEN"]) expect(env[gone], gone).toBeUndefined();
    expect(serviceEnv("orient", { ...INPUT, extra: { BOYD_LOG_LEVEL: "warn" } }, shell)["BOYD_LOG_LEVEL"]).toBe("warn");
  });
});

describe("credentials", () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), "boyd-creds-"))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("passwords - generated once per user, kept private, and the same on the next start", async () => {
    const file = join(dir, "nats", "passwords.json");
    const first = await loadOrCreatePasswords(file);
    expect(Object.keys(first).sort()).toEqual([...NATS_USERS].sort());
    expect(new Set(Object.values(first)).size).toBe(NATS_USERS.length);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadOrCreatePasswords(file)).toEqual(first);
  });

  it("passwords - a damaged entry is an error naming the file, not silently replaced", async () => {
    const file = join(dir, "passwords.json");
    await writeFile(file, JSON.stringify({ observe: 42 }));
    await expect(loadOrCreatePasswords(file)).rejects.toThrow(`${file}: the password of observe is not a string`);
  });

  it("client env - URL, user and password in KEY=value lines, mode 0600", async () => {
    const file = join(dir, "client.env");
    await writeClientEnv(file, "nats://127.0.0.1:4222", { user: "client", pass: "psecretsecretsecret" });
    const lines = (await readFile(file, "utf8")).split("\n").filter((l) => !l.startsWith("#") && l);
    expect(lines).toEqual(["BOYD_NATS_URL=nats://127.0.0.1:4222", "BOYD_NATS_USER=client", "BOYD_NATS_PASSWORD=psecretsecretsecret"]);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});
