import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, InProcessTransport } from "@boyd/bus";
import { openFileStore, serveMemory } from "@boyd/memory";
import { MemoryServiceDefinition } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { busMemorySink } from "../src/memory-sink.js";
import { factFrom } from "../src/index.js";

describe("memory sink - facts and corrections reach memory", () => {
  it("retries while memory is down and delivers once it is back", async () => {
    const dir = await mkdtemp(join(tmpdir(), "boyd-sink-"));
    const transport = new InProcessTransport();
    const drops: string[] = [];
    const sink = busMemorySink(transport, { backoffMs: 50, onDrop: (what) => drops.push(what) });
    sink.recordFacts("a1", [factFrom("a1", 1, "kg_query", "Earth orbits the Sun at one AU.", 1)!]);
    sink.recordCorrection({ id: "", agentId: "a1", original: "shell_exec rm -rf x", corrected: "", context: "DENIED_BY_USER: no", toolName: "shell_exec", approvalId: "", cycle: 1, createdAtUnixMs: 1, deniedByPerson: true });
    await new Promise((r) => setTimeout(r, 200)); // memory is away: the first tries fail
    const binding = await serveMemory(transport, await openFileStore({ dir }));
    try {
      await sink.flush();
      expect(drops).toEqual([]);
      const memory = createClient(transport, MemoryServiceDefinition);
      const { facts } = await memory.recall({ agentId: "a1", query: "Earth orbits the Sun", includeFacts: true });
      expect(facts.map((f) => f.content)).toEqual(["Earth orbits the Sun at one AU."]);
      const { rules } = await memory.listRules({ agentId: "a1" });
      expect(rules).toHaveLength(1);
    } finally {
      await binding.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("gives up on close instead of hanging, and reports what it dropped", async () => {
    const drops: string[] = [];
    const sink = busMemorySink(new InProcessTransport(), { backoffMs: 10_000, onDrop: (what) => drops.push(what) });
    sink.recordFacts("a1", [factFrom("a1", 1, "kg_query", "a fact nobody will store", 1)!]);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await sink.close(1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(drops).toEqual(["1 fact(s) of a1"]);
  });

  it("keeps only outputs of 10 to 5,000 characters as facts", () => {
    expect(factFrom("a", 1, "t", "too short", 0)).toBeUndefined();
    expect(factFrom("a", 1, "t", "x".repeat(5_001), 0)).toBeUndefined();
    expect(factFrom("a", 1, "t", "  exactly ten  ".replace("exactly ten", "0123456789"), 0)?.content).toBe("0123456789");
  });
});
