import { existsSync } from "node:fs";
import { canConnect } from "./can-connect.js";
import { describe, expect, it } from "vitest";
import { isAtLeast, NATS_SERVER_VERSION, startNats } from "../src/index.js";

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

  it("missing binary - the error names the command that builds the pinned release", async () => {
    await expect(startNats({ binary: "/nonexistent/nats-server" })).rejects.toThrow(/ensure_nats/);
  });

  it(`version - the server under test is nats-server ${NATS_SERVER_VERSION} or newer, not Debian's 2.9`, async () => {
    await using nats = await startNats();
    // The server's own start-up banner, so this is the process the tests talk to.
    const banner = /Version:\s+(\d+\.\d+\.\d+)/.exec(nats.logs());
    expect(banner, nats.logs()).not.toBeNull();
    expect(isAtLeast(banner![1]!, NATS_SERVER_VERSION), `nats-server ${banner![1]} < ${NATS_SERVER_VERSION}`).toBe(true);
    expect(isAtLeast(banner![1]!, "2.11.0")).toBe(true);
  });

  it("bad config - an early exit is reported with the server's output", async () => {
    await expect(startNats({ extraConfig: "this is { not valid" })).rejects.toThrow(/exited early/);
  });
});
