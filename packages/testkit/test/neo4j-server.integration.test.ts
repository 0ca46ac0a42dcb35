import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import neo4j, { type Driver } from "neo4j-driver";
import { canConnect } from "./can-connect.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containsInOrder, lineContainsInOrder, startNeo4j, uniqueLabel, type Neo4jServer } from "../src/index.js";

// Neo4j takes 5-20 s to start on a small shared box; a restart after a kill
// also runs recovery.
const START_MS = 120_000;


async function query<T>(driver: Driver, cypher: string, params: Record<string, unknown> = {}): Promise<T[]> {
  const { records } = await driver.executeQuery(cypher, params);
  return records.map((r) => r.toObject() as T);
}

describe("testkit - neo4j", { timeout: START_MS }, () => {
  let server: Neo4jServer;

  beforeAll(async () => {
    server = await startNeo4j();
  }, START_MS);

  afterAll(async () => {
    await server?.dispose();
    if (server) {
      // dispose() stops with SIGTERM: the launcher's shutdown hook ran.
      expect(server.logs()).toMatch(/NEO4J STOPPED/);
      expect(existsSync(server.dir)).toBe(false);
      expect(await canConnect(server.port)).toBe(false);
    }
  }, START_MS);

  it("start - Bolt without auth on a free loopback port, logs in its own dir", async () => {
    expect(server.uri).toBe(`bolt://127.0.0.1:${server.port}`);
    expect(server.running()).toBe(true);
    expect(existsSync(join(server.dir, "logs", "debug.log"))).toBe(true);
    const driver = neo4j.driver(server.uri);
    try {
      const [row] = await query<{ one: unknown }>(driver, "RETURN 1 AS one");
      expect(neo4j.integer.toNumber(row?.one as number)).toBe(1);
    } finally {
      await driver.close();
    }
  });

  it("faults - kill -9 then restart on the same port keeps committed data", async () => {
    const label = uniqueLabel();
    const driver = neo4j.driver(server.uri);
    try {
      await query(driver, `CREATE (:${label} {name: $name})`, { name: "survivor" });
      await server.kill();
      expect(server.running()).toBe(false);
      expect(await canConnect(server.port)).toBe(false);
      // Auto-commit, so the driver does not retry for 30 s as executeQuery would.
      const session = driver.session();
      try {
        await expect(session.run("RETURN 1")).rejects.toThrow(/connect|unavailable/i);
      } finally {
        await session.close();
      }

      await server.restart();
      expect(server.running()).toBe(true);
      // Same URI: the driver the test already holds reconnects.
      const rows = await query<{ name: string }>(driver, `MATCH (n:${label}) RETURN n.name AS name`);
      expect(rows).toEqual([{ name: "survivor" }]);
    } finally {
      await driver.close();
    }
  });

});

describe("testkit - neo4j errors", () => {
  it("missing jar - the error names the build command", async () => {
    const empty = await mkdtemp(join(tmpdir(), "boyd-neo4j-nojar-"));
    try {
      await expect(startNeo4j({ launcherDir: empty })).rejects.toThrow(expect.objectContaining({ message: expect.toSatisfy((m: string) => lineContainsInOrder(m, ["not built", "ensure_neo4j_dev"])) }));
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it("missing java - the error names the fix", async () => {
    await expect(startNeo4j({ java: "/nonexistent/java" })).rejects.toThrow(expect.objectContaining({ message: expect.toSatisfy((m: string) => lineContainsInOrder(m, ["java not found", "ensure_neo4j_dev"])) }));
  });

  it("bad JVM flag - an early exit is reported with the launcher's output", async () => {
    await expect(startNeo4j({ jvmArgs: ["-XX:+NoSuchFlagAtAll"] })).rejects.toThrow(expect.objectContaining({ message: expect.toSatisfy((m: string) => containsInOrder(m, ["exited early", "NoSuchFlagAtAll"])) }));
  });

  it("uniqueLabel - distinct, valid Cypher identifiers", () => {
    const a = uniqueLabel("Graph");
    expect(a).toMatch(/^Graph_[0-9a-f]{16}$/);
    expect(uniqueLabel("Graph")).not.toBe(a);
    expect(() => uniqueLabel("bad label")).toThrow(/letters, digits/);
  });
});
