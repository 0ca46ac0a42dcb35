import { connectNats, type NatsTransport } from "@boyd/bus";
import { ActionOutcome, type ActionResult } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./fixtures/harness.js";

let nats: NatsServer;
let transport: NatsTransport;
let h: Harness;

beforeAll(async () => {
  nats = await startNats();
  transport = await connectNats({ servers: nats.url });
  h = await startHarness(transport);
});

afterAll(async () => {
  await h?.close();
  await transport?.close();
  await nats?.stop();
});

async function ok(tool: string, input: unknown): Promise<ActionResult> {
  const { result } = await h.call(tool, input);
  expect(result!.output!.error?.message ?? "", `${tool}: ${result!.output!.content}`).toBe("");
  expect(result!.outcome).toBe(ActionOutcome.EXECUTED);
  return result!;
}

describe("act - save_note and report_progress over NATS", () => {
  it("save_note keeps the note where memory_recall and library_search find it", async () => {
    const saved = await ok("save_note", { text: "the meeting moved to Friday" });
    expect(saved.output!.content).toBe("the meeting moved to Friday");
    const recalled = await ok("memory_recall", { query_symbols: ["meeting"] });
    expect(recalled.output!.content).toContain("fact: the meeting moved to Friday");
    const found = await ok("library_search", { query: "when is the meeting" });
    expect(found.output!.content).toMatch(/^1\. \[note: the meeting moved to Friday\] \(0\.\d{3}\) the meeting moved to Friday$/m);
    // Stored once, though the executor also keeps every tool output as a fact.
    await new Promise((r) => setTimeout(r, 300));
    const { facts } = await h.memory.recall({ agentId: h.agentId, query: "meeting moved to Friday", symbols: ["meeting"], topK: 10, includeFacts: true });
    expect(facts.filter((f) => f.content === "the meeting moved to Friday")).toHaveLength(1);
  });

  it("report_progress answers with the report, percentage included; empty reports are refused naming the field", async () => {
    const r = await ok("report_progress", { message: "2 of 3 files converted", percent: 66.6 });
    expect(r.output!.content).toBe("2 of 3 files converted (67%)");
    const { result } = await h.call("report_progress", { message: " " });
    expect(result!.outcome).toBe(ActionOutcome.REJECTED);
    expect(result!.output!.error!.message).toMatch(/^report_progress input: message: /);
  });
});
