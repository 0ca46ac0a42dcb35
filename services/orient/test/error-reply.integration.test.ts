import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BusError, connectNats, createClient } from "@boyd/bus";
import { OrientServiceDefinition } from "@boyd/proto";
import { launchService, retryUntilAnswered, startNats } from "@boyd/testkit";
import { describe, expect, it } from "vitest";

const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));

describe("orient over NATS - error replies whose message holds CR/LF (issue 17 item 6)", () => {
  it('InferRules with ruleIds ["x\\ny"] is refused INVALID_ARGUMENT at once, naming the id, not DEADLINE_EXCEEDED', async () => {
    await using nats = await startNats();
    const dataDir = mkdtempSync(join(tmpdir(), "boyd-orient-crlf-"));
    const proc = launchService(main, { BOYD_NATS_URL: nats.url, BOYD_DATA_DIR: dataDir });
    const transport = await connectNats({ servers: nats.url });
    const client = createClient(transport, OrientServiceDefinition, { timeoutMs: 5_000 });
    try {
      await retryUntilAnswered(() => client.query({ subject: "anything" }));
      const started = Date.now();
      const outcome = await client.inferRules({ ruleIds: ["x\ny"] }).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(outcome).toBeInstanceOf(BusError);
      const err = outcome as BusError;
      expect(err.code).toBe("INVALID_ARGUMENT");
      expect(err.message).toContain("unknown rule_ids: x\ny");
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
      await transport.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
