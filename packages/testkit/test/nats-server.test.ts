import { existsSync } from "node:fs";
import { canConnect } from "./can-connect.js";
import { describe, expect, it } from "vitest";
import { startNats } from "../src/index.js";

describe("testkit - nats-server", () => {
  it("start - listens on a free loopback port with JetStream in its own temp dir", async () => {
    const a = await startNats();
    const b = await startNats();
    try {
      expect(a.url).toMatch(/^nats:\/\/127\.0\.0\.1:\d+$/);
      expect(a.port).not.toBe(b.port);
      expect(await canConnect(a.port)).toBe(true);
      expect(a.logs()).toMatch(/JetStream/i);
    } finally {
      await a.dispose();
      await b.dispose();
    }
    expect(existsSync(a.dir)).toBe(false);
    expect(await canConnect(a.port)).toBe(false);
  });

  it("faults - kill -9 and restart on the same port", async () => {
    await using nats = await startNats();
    await nats.kill();
    expect(nats.running()).toBe(false);
    expect(await canConnect(nats.port)).toBe(false);
    await nats.restart();
    expect(nats.running()).toBe(true);
    expect(await canConnect(nats.port)).toBe(true);
    await nats.stop();
    expect(nats.running()).toBe(false);
  });

  it("missing binary - the error names the install command", async () => {
    await expect(startNats({ binary: "/nonexistent/nats-server" })).rejects.toThrow(/apt-get install -y nats-server/);
  });

  it("bad config - an early exit is reported with the server's output", async () => {
    await expect(startNats({ extraConfig: "this is { not valid" })).rejects.toThrow(/exited early/);
  });
});
