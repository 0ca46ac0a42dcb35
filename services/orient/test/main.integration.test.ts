import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connectNats, createClient } from "@boyd/bus";
import { OrientServiceDefinition } from "@boyd/proto";
import { launchService, retryUntilAnswered, startNats } from "@boyd/testkit";
import { describe, expect, it } from "vitest";

const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));

const launch = (env: Record<string, string>) => launchService(main, env);

describe("orient main - the standalone process", () => {
  it("main - serves on NATS from env config, keeps its graph across restarts, drains on SIGTERM", async () => {
    await using nats = await startNats();
    const dataDir = mkdtempSync(join(tmpdir(), "boyd-orient-main-"));
    const env = { BOYD_NATS_URL: nats.url, BOYD_DATA_DIR: dataDir, BOYD_LOG_LEVEL: "info" };
    const transport = await connectNats({ servers: nats.url });
    const client = createClient(transport, OrientServiceDefinition, { timeoutMs: 5_000 });
    // The process takes a moment to start; bounded wait for its first answer.
    const call = retryUntilAnswered;
    try {
      const first = launch(env);
      await call(() => client.mutate({ add: [{ subject: "earth", predicate: "orbits", object: "sun" }] }));
      first.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      expect(first.output()).toMatch(/"msg":"stopped"/);

      const second = launch(env);
      const reply = await call(() => client.query({ subject: "earth" }));
      expect(reply.triples.map((t) => t.object)).toEqual(["sun"]);
      second.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    } finally {
      await transport.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("main - bad configuration is refused naming the variable", async () => {
    const proc = launch({ BOYD_NATS_URL: "not a url", BOYD_DATA_DIR: tmpdir() });
    expect(await proc.exited).not.toBe(0);
    expect(proc.output()).toContain("BOYD_NATS_URL");
  });
});
