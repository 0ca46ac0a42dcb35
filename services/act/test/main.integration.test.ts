import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectNats, createClient, type NatsTransport } from "@boyd/bus";
import { ActionOutcome, ActServiceDefinition, ApprovalMode } from "@boyd/proto";
import { launchService, retryUntilAnswered, startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const main = new URL("../src/main.ts", import.meta.url).pathname;
let nats: NatsServer;
let transport: NatsTransport;
let dir: string;

beforeAll(async () => {
  nats = await startNats();
  transport = await connectNats({ servers: nats.url });
  dir = await mkdtemp(join(tmpdir(), "boyd-act-main-"));
  await chmod(dir, 0o755);
});

afterAll(async () => {
  await transport?.close();
  await nats?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("act - the standalone process", () => {
  it("serves on NATS with state in JetStream KV, runs configured tools, replays across a restart, drains on SIGTERM", async () => {
    const config = join(dir, "act.json");
    await writeFile(
      config,
      JSON.stringify({
        policy: { mode: "cautious" },
        tools: [{ name: "word_count", description: "Count the words of a workspace file.", keywords: ["count", "words"], danger: "safe", side_effects: false, command: ["wc", "-w", "{path}"], params: { path: { type: "string", required: true } } }],
      }),
    );
    const env = { BOYD_NATS_URL: nats.url, BOYD_DATA_DIR: join(dir, "data"), BOYD_ACT_KV_BUCKET: "act_main_test", BOYD_ACT_CONFIG: config, BOYD_LOG_LEVEL: "info" };
    const client = createClient(transport, ActServiceDefinition, { timeoutMs: 10_000 });
    const call = (cycle: number, tool: string, input: unknown) =>
      client.act({ agentId: "a1", approvalMode: ApprovalMode.UNSPECIFIED, decision: { agentId: "a1", cycle, call: { toolName: tool, inputJson: JSON.stringify(input), idempotencyKey: { agentId: "a1", cycle, step: 0 } } } });

    let proc = launchService(main, env);
    try {
      const { tools } = await retryUntilAnswered(() => client.listTools({}));
      expect(tools.map((t) => t.name)).toContain("word_count");
      const write = (await call(1, "file_io", { action: "write", path: "words.txt", content: "one two three\n" })).result!;
      expect(write.outcome).toBe(ActionOutcome.EXECUTED);
      const count = (await call(2, "word_count", { path: "words.txt" })).result!;
      expect(count.output!.content.trim()).toBe("3 words.txt");
      proc.kill("SIGTERM");
      expect(await proc.exited).toBe(0);
      expect(proc.output()).toMatch(/"msg":"stopped"/);

      // A new process answers a redelivered call from the shared KV record.
      proc = launchService(main, env);
      const again = (await retryUntilAnswered(() => call(1, "file_io", { action: "write", path: "words.txt", content: "changed\n" }))).result!;
      expect(again.outcome).toBe(ActionOutcome.REPLAYED);
      expect(await readFile(join(dir, "data", "workspace", "words.txt"), "utf8")).toBe("one two three\n");
    } finally {
      proc.kill("SIGKILL");
    }
  });

  it("refuses a bad configuration file, naming the file, the line and the field", async () => {
    const config = join(dir, "bad.json");
    await writeFile(config, '{\n  "policy": {\n    "mode": "reckless"\n  }\n}\n');
    const proc = launchService(main, { BOYD_NATS_URL: nats.url, BOYD_ACT_CONFIG: config });
    expect(await proc.exited).toBe(2);
    expect(proc.output()).toContain(`${config}:3: policy.mode`);
  });
});
