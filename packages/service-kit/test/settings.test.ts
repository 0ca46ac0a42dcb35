import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { natsConnectOptions, processSettingsFromEnv, SettingsError } from "../src/index.js";

describe("process settings from the environment", () => {
  it("takes the defaults a pod needs with only the NATS URL set", () => {
    const s = processSettingsFromEnv("decide", { BOYD_NATS_URL: "nats://nats:4222" });
    expect(s).toMatchObject({ natsUrl: "nats://nats:4222", opsAddress: "0.0.0.0:9090", logLevel: "info", otelExporter: "none" });
  });

  it("names every bad variable and never echoes a secret", () => {
    const attempt = () =>
      processSettingsFromEnv("memory", { BOYD_NATS_PASSWORD: "hunter2-very-secret", BOYD_OPS_ADDRESS: "nine-thousand", BOYD_OTEL_EXPORTER: "jaeger" });
    expect(attempt).toThrow(SettingsError);
    const message = (() => {
      try {
        attempt();
      } catch (err) {
        return (err as Error).message;
      }
    })()!;
    expect(message).toMatch(/^invalid memory settings: /);
    for (const name of ["BOYD_NATS_URL: is required", "BOYD_OPS_ADDRESS", "BOYD_OTEL_EXPORTER"]) expect(message).toContain(name);
    expect(message).not.toContain("hunter2");
  });

  it("pairs user with password and client certificate with key", () => {
    expect(() => processSettingsFromEnv("act", { BOYD_NATS_URL: "nats://x:4222", BOYD_NATS_USER: "act" })).toThrow(/BOYD_NATS_PASSWORD: is required when BOYD_NATS_USER is set/);
    expect(() => processSettingsFromEnv("act", { BOYD_NATS_URL: "nats://x:4222", BOYD_NATS_TLS_CERT: "/c.pem" })).toThrow(/BOYD_NATS_TLS_KEY/);
  });

  it("derives the OTLP traces endpoint from the generic one", () => {
    const s = processSettingsFromEnv("orient", { BOYD_NATS_URL: "nats://x:4222", BOYD_OTEL_EXPORTER: "otlp", OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" });
    expect(s.otlpEndpoint).toBe("http://collector:4318/v1/traces");
  });
});

describe("NATS connection options", () => {
  it("carries the service's credentials and TLS files", async () => {
    const dir = await mkdtemp(join(tmpdir(), "boyd-kit-"));
    await writeFile(join(dir, "ca.pem"), "CA PEM");
    const s = processSettingsFromEnv("observe", {
      BOYD_NATS_URL: "nats://a:4222, nats://b:4222",
      BOYD_NATS_USER: "observe",
      BOYD_NATS_PASSWORD: "pw-observe",
      BOYD_NATS_TLS_CA: join(dir, "ca.pem"),
    });
    expect(natsConnectOptions(s, "boyd-observe")).toMatchObject({
      servers: ["nats://a:4222", "nats://b:4222"],
      name: "boyd-observe",
      user: "observe",
      pass: "pw-observe",
      tls: { ca: "CA PEM" },
    });
  });

  it("fails at start, naming the variable, when a file is missing", () => {
    const s = processSettingsFromEnv("observe", { BOYD_NATS_URL: "nats://a:4222", BOYD_NATS_CREDS_FILE: "/nonexistent/observe.creds" });
    expect(() => natsConnectOptions(s, "boyd-observe")).toThrow(/BOYD_NATS_CREDS_FILE: cannot read \/nonexistent\/observe.creds: ENOENT/);
  });
});
