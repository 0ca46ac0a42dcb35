import { readFile, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { connectNats, type NatsTransport } from "@boyd/bus";
import { ActionOutcome, ApprovalVerdict, ConsolidationTrigger, Fact, StatusCode, WorkingMemoryKind, type ActionResult } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./fixtures/harness.js";

let nats: NatsServer;
let transport: NatsTransport;
let h: Harness;
let web: Server;
let webPort: number;

beforeAll(async () => {
  nats = await startNats();
  transport = await connectNats({ servers: nats.url });
  web = createServer((req, res) => {
    if (req.url === "/article.html") {
      res.setHeader("content-type", "text/html");
      res.end("<html><head><title>Moons</title></head><body><h1>Moons</h1><p>Titan is a moon of Saturn. Titan is a world with lakes of methane.</p><script>alert(1)</script></body></html>");
    } else res.end(`hello from ${req.method} ${req.url}`);
  });
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  webPort = (web.address() as AddressInfo).port;
  h = await startHarness(transport, { config: { http: { allowHosts: [`127.0.0.1:${webPort}`] }, policy: { allow: { commands: ["sh", "ls", "cat", "echo"] } } } });
  await h.graph.upsertSymbols([
    { id: "earth", label: "Earth", kind: "entity" },
    { id: "sun", label: "Sun", kind: "entity" },
    { id: "planet", label: "planet", kind: "entity" },
    { id: "mars", label: "Mars", kind: "entity" },
  ] as never);
  await h.graph.addTriples([
    { subject: "earth", predicate: "orbits", object: "sun", confidence: 0.95, source: "test", createdAt: 1 },
    { subject: "earth", predicate: "is_a", object: "planet", confidence: 1, source: "test", createdAt: 1 },
    { subject: "mars", predicate: "is_a", object: "planet", confidence: 1, source: "test", createdAt: 1 },
    { subject: "mars", predicate: "orbits", object: "sun", confidence: 0.9, source: "test", createdAt: 1 },
  ] as never);
});

afterAll(async () => {
  await h?.close();
  await transport?.close();
  await nats?.stop();
  await new Promise((r) => web?.close(r));
});

async function ok(tool: string, input: unknown, extra?: Parameters<Harness["call"]>[2]): Promise<ActionResult> {
  const { result } = await h.call(tool, input, extra);
  expect(result!.output!.error?.message ?? "", `${tool}: ${result!.output!.content}`).toBe("");
  expect(result!.outcome).toBe(ActionOutcome.EXECUTED);
  expect(result!.output!.success).toBe(true);
  return result!;
}

describe("act - every built-in tool over NATS", () => {
  it("lists the catalog with JSON Schemas, core tools first", async () => {
    const { tools } = await h.client.listTools({});
    expect(tools.map((t) => t.name).slice(0, 5)).toEqual(["kg_query", "kg_mutate", "memory_recall", "reason", "similarity_search"]);
    expect(tools).toHaveLength(17);
    const shell = tools.find((t) => t.name === "shell_exec")!;
    const schema = JSON.parse(shell.inputSchemaJson) as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toContain("argv");
    expect(schema.required).toContain("argv");
  });

  it("kg_query reads facts by label, kg_mutate writes one", async () => {
    const q = await ok("kg_query", { symbol: "Earth" });
    expect(q.output!.content).toContain('"Earth" -> orbits -> "Sun"  [0.95]');
    expect(q.output!.symbolsInvolved).toEqual(expect.arrayContaining(["Earth", "Sun", "orbits"]));
    const m = await ok("kg_mutate", { subject: "Earth", predicate: "has_moon", object: "Moon" });
    expect(m.output!.content).toContain("asserted");
    expect(await h.graph.query({ subject: "earth", predicate: "has_moon" })).toHaveLength(1);
  });

  it("kg_mutate's facts name the agent, the goal and the cycle as their source", async () => {
    const m = await ok("kg_mutate", { subject: "Mars", predicate: "has_moon", object: "Phobos", goal: "goal:moons of Mars" }, { cycle: 41 });
    expect(m.output!.content).toContain("asserted");
    const [fact] = await h.graph.query({ subject: "mars", predicate: "has_moon" });
    // The decision's goal (g1 in the harness) wins over the input's `goal`: provenance names the goal the call really served.
    expect(fact!.source).toBe(`agent:${h.agentId}:goal:g1:cycle:41`);
  });

  it("reason decides known, derived and unknown statements", async () => {
    expect((await ok("reason", { expression: "(triple Earth orbits Sun)" })).output!.content).toMatch(/^true/);
    expect((await ok("reason", { expression: "(and (is_a Mars planet) (not (orbits Sun Earth)))" })).output!.content).toMatch(/^true/);
    expect((await ok("reason", { expression: "(orbits Sun Mars)" })).output!.content).toMatch(/^false/);
    const bad = await h.call("reason", { expression: "(and (is_a Mars" });
    expect(bad.result!.output!.error!.code).toBe(StatusCode.INVALID_ARGUMENT);
  });

  it("similarity_search ranks Earth's neighbours, infer_rules and gap_analysis run", async () => {
    const s = await ok("similarity_search", { symbol: "Earth", top_k: 3 });
    expect(s.output!.symbolsInvolved[0]).toBe("Earth");
    expect(s.output!.content).toContain("Mars");
    const i = await ok("infer_rules", {});
    expect(JSON.parse(i.output!.dataJson)).toHaveProperty("iterations");
    const g = await ok("gap_analysis", { goal: "earth" });
    expect(g.output!.content.length).toBeGreaterThan(0);
  });

  it("memory_recall asks the memory service for episodes", async () => {
    const agentId = h.agentId;
    await h.memory.remember({ agentId, cycle: 1, entries: [{ content: "found that Earth orbits the Sun", symbols: ["Earth", "Sun"], kind: WorkingMemoryKind.INFERENCE, relevance: 0.9, sourceCycle: 1 }] });
    await h.memory.consolidate({ agentId, cycle: 5, trigger: ConsolidationTrigger.MANUAL, config: { minRelevance: 0.1 } });
    const r = await ok("memory_recall", { query_symbols: ["Earth"] });
    expect(r.output!.content).toContain("Earth orbits the Sun");
  });

  it("memory_recall - a plain text query is enough and finds episodes and facts by their words", async () => {
    const agentId = h.agentId;
    const payroll = "read payroll.csv: name,role,salary,start alice,engineer,85000,2019-03-01 bob,designer,72000,2020-06-15 carol,manager,99000,2018-01-10 dave,engineer,81000,2021-09-30";
    await h.memory.remember({ agentId, cycle: 7, entries: [{ content: payroll, symbols: ["payroll"], kind: WorkingMemoryKind.OBSERVATION, relevance: 0.9, sourceCycle: 7 }] });
    await h.memory.consolidate({ agentId, cycle: 9, trigger: ConsolidationTrigger.MANUAL, config: { minRelevance: 0.1 } });
    await h.memory.recordFacts({ agentId, facts: [Fact.fromPartial({ agentId, content: "The salary review for all staff happens every March.", source: "tool:file_io" })] });
    const r = await ok("memory_recall", { query: "salary" });
    expect(r.output!.content).toContain(`: ${payroll}`);
    expect(r.output!.content).toContain("fact: The salary review for all staff happens every March.");
    expect(r.output!.content).not.toContain("Earth orbits the Sun");
    const none = await h.call("memory_recall", { top_k: 3 });
    expect(none.result!.output!.error!.code).toBe(StatusCode.INVALID_ARGUMENT);
    expect(none.result!.output!.error!.message).toContain("give query (words to look for) or query_symbols");
  });

  it("file_io writes, reads, lists and searches inside the workspace", async () => {
    await ok("file_io", { action: "write", path: "notes/a.txt", content: "alpha\nbeta\n", create_parents: true });
    expect(await readFile(join(h.workspace, "notes/a.txt"), "utf8")).toBe("alpha\nbeta\n");
    expect((await ok("file_io", { action: "read", path: "notes/a.txt" })).output!.content).toContain("beta");
    expect((await ok("file_io", { action: "list", path: "notes" })).output!.content).toContain("a.txt");
    expect((await ok("file_io", { action: "search", path: ".", query: "beta" })).output!.content).toContain("a.txt");
  });

  it("shell_exec runs a program confined to the workspace", async () => {
    await writeFile(join(h.workspace, "data.txt"), "one two three\n");
    const r = await ok("shell_exec", { argv: ["sh", "-c", "cat data.txt && echo made > out.txt"] });
    expect(r.output!.content).toContain("one two three");
    expect(await readFile(join(h.workspace, "out.txt"), "utf8")).toBe("made\n");
  });

  it("http_fetch gets an allow-listed local page", async () => {
    const r = await ok("http_fetch", { url: `http://127.0.0.1:${webPort}/hi` });
    expect(r.output!.content).toContain("hello from GET /hi");
  });

  it("content_ingest brings a page into the library and library_search finds it", async () => {
    const r = await ok("content_ingest", { source: `http://127.0.0.1:${webPort}/article.html` });
    expect(r.output!.content).toContain('ingested "Moons" (html)');
    expect(r.output!.content).toContain("Titan is a moon");
    await writeFile(join(h.workspace, "comets.md"), "# Comets\n\nA comet is an icy body that releases gas near the Sun.\n\nHalley returns every 76 years.\n");
    await ok("content_ingest", { source: "comets.md" });
    const s = await ok("library_search", { query: "icy comet releasing gas", top_k: 2 });
    expect(s.output!.content.split("\n")[0]).toContain("icy body");
    expect(s.output!.content).not.toContain("alert(1)");
  });

  it("user_interact puts a question to any client and returns the answer", async () => {
    const asked: string[] = [];
    const sub = h.events.subscribe({ kind: "approval.requested" }, async (event) => {
      if (event.kind?.$case !== "approvalRequested" || event.kind.value.request?.toolName !== "user_interact") return;
      const request = event.kind.value.request;
      asked.push(request.preview);
      await h.client.resolveApproval({ decision: { approvalId: request.id, verdict: ApprovalVerdict.APPROVE, answeredBy: "tester", comment: "blue" } });
    });
    await transport.flush();
    try {
      const r = await ok("user_interact", { question: "Which colour?", options: ["red", "blue"] });
      expect(r.output!.content).toBe("blue");
      expect(asked).toEqual(["Which colour? [red / blue]"]);
    } finally {
      await sub.drain();
    }
  });

  it("create_job schedules a goal and list_jobs shows it", async () => {
    const c = await ok("create_job", { goal: "check the news", schedule: "30 7 * * 1-5" });
    expect(c.output!.content).toMatch(/scheduled job \w+: "check the news"/);
    const l = await ok("list_jobs", {});
    expect(l.output!.content).toContain("30 7 * * 1-5");
    expect(l.output!.content).toContain("check the news");
  });

  it("sends facts of 10 to 5,000 characters from successful output to memory", async () => {
    await h.act.memory.flush();
    const { facts } = await h.memory.recall({ agentId: h.agentId, query: "Earth orbits Sun", includeFacts: true, topK: 50 });
    expect(facts.some((f) => f.source === "tool:kg_query" && f.content.includes("Earth"))).toBe(true);
    expect(facts.every((f) => f.content.length >= 10 && f.content.length <= 5_000)).toBe(true);
  });
});
