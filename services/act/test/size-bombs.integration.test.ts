import { execFileSync } from "node:child_process";
import { open, symlink } from "node:fs/promises";
import { createServer, type Server, type ServerResponse } from "node:http";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { InProcessTransport } from "@boyd/bus";
import { ActionOutcome, ApprovalMode, type ActionResult } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_INPUT_BYTES } from "../src/registry.js";
import { startHarness, type Harness } from "./fixtures/harness.js";

// Issue 17, standing attack suite: size bombs for every tool act registers.
// Each tool gets a valid sample input naming every field its schema has;
// the attacks are derived from the samples (a huge string in each string
// field, a huge array in each array, deep nesting and many keys in each
// object, an input past the registry's size cap). Every attack must end in
// bounded time with either a result whose output is capped or an error that
// names the field, and act must keep answering ListTools meanwhile.

/** One valid input per shape a tool takes; together they name every field of the tool's schema. */
const SAMPLES: Readonly<Record<string, readonly Record<string, unknown>[]>> = {
  kg_query: [{ symbol: "a", direction: "both", limit: 5 }],
  kg_mutate: [{ subject: "a", predicate: "b", object: "c", confidence: 1, retract: false, goal: "g" }],
  memory_recall: [{ query: "q", query_symbols: ["a"], top_k: 5 }],
  reason: [{ expression: "a & b" }],
  similarity_search: [{ symbol: "a", top_k: 5 }],
  infer_rules: [{ max_iterations: 1, min_confidence: 0.5, commit: false }],
  gap_analysis: [{ goal: "g", max_gaps: 5, focus: ["a"] }],
  file_io: [
    { action: "read", path: "a.txt" },
    { action: "write", path: "a.txt", content: "hello", create_parents: false },
    { action: "list", path: ".", recursive: true },
    { action: "search", path: ".", query: "hello", regex: false, glob: "*.txt" },
    { action: "delete", path: "gone.txt", recursive: false },
  ],
  shell_exec: [{ argv: ["cat"], cwd: ".", timeout_ms: 10_000, stdin: "hello" }],
  http_fetch: [{ url: "http://HOST/echo", method: "POST", headers: { "x-a": "b" }, body: "hello", timeout_ms: 10_000 }],
  content_ingest: [{ source: "pasted", text: "Cats are mammals. Mammals have fur.", title: "t", format: "text" }],
  library_search: [{ query: "cats", top_k: 5, min_similarity: 0 }],
  user_interact: [{ question: "q", options: ["a"], timeout_ms: 50, about: { tool: "file_io", input: { a: "b" } } }],
  create_job: [{ goal: "g", schedule: "0 3 * * *", criteria: "c", priority: 1 }],
  list_jobs: [{ enabled_only: true }],
  save_note: [{ text: "t", title: "t", tags: ["a"] }],
  report_progress: [{ message: "m", percent: 5 }],
};

/** Room left for the rest of the input, so a filled field still fits under the input cap. */
const FILL_BYTES = MAX_INPUT_BYTES - 64 * 1024;
const FILLERS = { "one long line": "x".repeat(FILL_BYTES), "many tiny lines": "a\n".repeat(FILL_BYTES / 3) } as const;
const HUGE_ARRAY = 200_000;
const DEPTH = 100_000;
const MANY_KEYS = 100_000;

interface Attack {
  readonly tool: string;
  readonly what: string;
  /** The field the attack targets, to be named in a refusal; "" when the whole input is the target. */
  readonly field: string;
  readonly inputJson: string;
}

type Path = readonly (string | number)[];

function setAt(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, leaf);
  return copy;
}

function* leaves(value: unknown, path: Path = []): Generator<{ path: Path; value: unknown }> {
  yield { path, value };
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* leaves(v, [...path, i]);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) yield* leaves(v, [...path, k]);
}

function fieldName(path: Path): string {
  return path.filter((p) => typeof p === "string").at(-1) ?? "";
}

/** `{"a":{"a":…1…}}`, `depth` levels, built as text (JSON.stringify would overflow the stack). */
function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

function attacksOn(tool: string, sample: Record<string, unknown>): Attack[] {
  const label = (what: string) => `${typeof sample["action"] === "string" ? `${sample["action"]} ` : ""}${what}`;
  const out: Attack[] = [];
  const DEEP = "__DEEP__";
  for (const { path, value } of leaves(sample)) {
    if (path.length === 0) continue;
    const at = path.map(String).join(".");
    if (typeof value === "string" && path[path.length - 1] !== "action") {
      for (const [name, filler] of Object.entries(FILLERS)) out.push({ tool, what: label(`${at}: ${name} of ${filler.length} chars`), field: fieldName(path), inputJson: JSON.stringify(setAt(sample, path, filler)) });
    }
    if (Array.isArray(value)) {
      out.push({ tool, what: label(`${at}: ${HUGE_ARRAY} items`), field: fieldName(path), inputJson: JSON.stringify(setAt(sample, path, Array.from({ length: HUGE_ARRAY }, () => value[0]))) });
    }
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const withDeep = JSON.stringify(setAt(sample, [...path, "deep"], DEEP)).replace(`"${DEEP}"`, deepJson(DEPTH));
      out.push({ tool, what: label(`${at}: nested ${DEPTH} deep`), field: fieldName(path), inputJson: withDeep });
      const many = Object.fromEntries(Array.from({ length: MANY_KEYS }, (_, i) => [`k${i}`, "v"]));
      out.push({ tool, what: label(`${at}: ${MANY_KEYS} keys`), field: fieldName(path), inputJson: JSON.stringify(setAt(sample, path, { ...(value as object), ...many })) });
    }
  }
  out.push({ tool, what: label(`whole input nested ${DEPTH} deep`), field: "deep", inputJson: JSON.stringify({ ...sample, deep: DEEP }).replace(`"${DEEP}"`, deepJson(DEPTH)) });
  out.push({ tool, what: label(`input of ${MAX_INPUT_BYTES + 1} bytes`), field: "input_json", inputJson: JSON.stringify({ ...sample, pad: "p".repeat(MAX_INPUT_BYTES) }) });
  return out;
}

let transport: InProcessTransport;
let h: Harness;
let web: Server;
let host: string;

beforeAll(async () => {
  web = createServer((req, res) => {
    if (req.url === "/endless") return void endless(res);
    let bytes = 0;
    req.on("data", (chunk: Buffer) => (bytes += chunk.length));
    req.on("end", () => res.end(`got ${bytes} bytes`));
  });
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  host = `127.0.0.1:${(web.address() as AddressInfo).port}`;
  transport = new InProcessTransport();
  h = await startHarness(transport, { config: { http: { allowHosts: [host] }, approvalTimeoutMs: 2_000 } });
}, 60_000);

/** Writes text until the client goes away. */
function endless(res: ServerResponse): void {
  res.setHeader("content-type", "text/plain");
  const line = Buffer.from("all work and no play\n".repeat(3_000));
  const more = (): void => {
    while (!res.destroyed && res.write(line));
    if (!res.destroyed) res.once("drain", more);
  };
  res.on("close", () => res.removeAllListeners("drain"));
  more();
}

afterAll(async () => {
  await h?.close();
  await transport?.close();
  await new Promise((r) => web?.close(r));
});

describe("act - size bombs in every tool's input", () => {
  it("size bombs - every registered tool has a sample naming every field of its schema", async () => {
    const { tools } = await h.client.listTools({});
    expect(tools.length).toBeGreaterThan(10);
    for (const t of tools) {
      const samples = SAMPLES[t.name];
      expect(samples, `no size-bomb sample for tool ${t.name}`).toBeDefined();
      const named = new Set(samples!.flatMap((s) => [...leaves(s)].flatMap(({ path }) => path.filter((p): p is string => typeof p === "string"))));
      for (const field of schemaFields(JSON.parse(t.inputSchemaJson) as Schema)) expect(named.has(field), `${t.name}: the samples never set ${field}`).toBe(true);
    }
  });

  it("size bombs - each attack ends in bounded time with a capped output or an error naming the field, and ListTools answers meanwhile", async () => {
    const { tools } = await h.client.listTools({});
    const counts = new Map<string, number>();
    for (const t of tools) {
      for (const sample of SAMPLES[t.name] ?? []) {
        const concrete = JSON.parse(JSON.stringify(sample).replace("HOST", host)) as Record<string, unknown>;
        for (const attack of attacksOn(t.name, concrete)) {
          const { result, took, listMs } = await attempt(attack.tool, attack.inputJson);
          const output = result.output!;
          const message = output.error?.message ?? "";
          const what = `${attack.tool} ${attack.what}`;
          expect(took, `${what}: took ${took} ms`).toBeLessThan(10_000);
          expect(listMs, `${what}: ListTools waited ${listMs} ms`).toBeLessThan(2_000);
          expect(message.length, `${what}: the error is ${message.length} characters`).toBeLessThan(2_048);
          expect(Buffer.byteLength(output.content), `${what}: content`).toBeLessThanOrEqual(64 * 1024);
          expect(output.dataJson.length, `${what}: data`).toBeLessThanOrEqual(64 * 1024);
          if (result.outcome === ActionOutcome.REJECTED) expect(message, `${what}: the refusal does not name the field`).toContain(attack.field);
          else expect([ActionOutcome.EXECUTED, ActionOutcome.TIMED_OUT], `${what}: ${ActionOutcome[result.outcome]} ${message}`).toContain(result.outcome);
          counts.set(attack.tool, (counts.get(attack.tool) ?? 0) + 1);
        }
      }
    }
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    process.stdout.write(`size bombs: ${total} input attacks over ${counts.size} tools (${[...counts].map(([t, n]) => `${t} ${n}`).join(", ")})\n`);
    expect(counts.size).toBe(tools.length);
  }, 50_000);
});

describe("act - user_interact's about.input is a tool input's size", () => {
  // The controller merges about.input into the retried step and serialises it:
  // nested 100000 deep, JSON.stringify there overflows the stack.
  it("size bombs - about.input nested past 32 levels or holding over 1000 values is refused naming about.input", async () => {
    for (const input of [`{"a":${deepJson(40)}}`, `{"a":${deepJson(DEPTH)}}`, JSON.stringify(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])))]) {
      const { result, listMs } = await attempt("user_interact", `{"question":"retry?","timeout_ms":50,"about":{"tool":"file_io","input":${input}}}`);
      expect(ActionOutcome[result.outcome]).toBe("REJECTED");
      expect(result.output!.error!.message).toMatch(/^user_interact(?: input: about\.input: (?:nested more than 32 levels deep|holds more than 1000 values)|: input_json is nested more than 64 levels deep, at about\.input\.a\.a\.a\.a… \(\d+ levels\))$/);
      expect(listMs).toBeLessThan(2_000);
    }
    const { result } = await attempt("user_interact", `{"question":"retry?","timeout_ms":50,"about":{"tool":"file_io","input":{"path":"a.txt","nested":${deepJson(20)}}}}`);
    expect(ActionOutcome[result.outcome]).toBe("TIMED_OUT");
  });
});

describe("act - structure bombs are refused before the schema walks them", () => {
  it("size bombs - 200000 array items or nesting 100000 deep in any field is refused naming where", async () => {
    const items = await attempt("shell_exec", JSON.stringify({ argv: Array.from({ length: HUGE_ARRAY }, () => "a") }));
    expect(items.result.output!.error!.message).toMatch(/^shell_exec: input_json holds more than 20000 values, at argv\[\d+\]$/);
    const deep = await attempt("http_fetch", `{"url":"http://${host}/","headers":{"x":${deepJson(DEPTH)}}}`);
    expect(deep.result.output!.error!.message).toBe("http_fetch: input_json is nested more than 64 levels deep, at headers.x.a.a.a.a… (64 levels)");
  });
});

describe("act - endless and oversized sources", () => {
  const MiB = 1024 * 1024;
  // Each source is set up in the workspace (or served over loopback) and read by every tool that takes it.
  const SOURCES: ReadonlyArray<{ what: string; setUp: () => Promise<string>; expect: Readonly<Record<"file_io read" | "file_io search" | "content_ingest", RegExp>> }> = [
    {
      what: "a 100 MiB file of tiny lines",
      setUp: () => fileOf("lines.txt", 100 * MiB, "a\n"),
      expect: { "file_io read": /\[output truncated from \d+ bytes\]$/, "file_io search": /\(0 files searched, 1 passed over as binary, larger than the search cap or not regular\)$/, content_ingest: /^ingested "lines\.txt" \(text\): .* \[partial: only its first \d+ of 104857600 bytes were read\]$/ },
    },
    {
      what: "a 100 MiB file of one line",
      setUp: () => fileOf("line.txt", 100 * MiB, "x"),
      expect: { "file_io read": /\[output truncated from \d+ bytes\]$/, "file_io search": /\(0 files searched, 1 passed over/, content_ingest: /\[partial: only its first \d+ of 104857600 bytes were read\]$/ },
    },
    {
      what: "a FIFO nobody writes to",
      setUp: async () => (execFileSync("mkfifo", [join(h.workspace, "pipe.txt")]), "pipe.txt"),
      expect: { "file_io read": /^file_io: path "pipe\.txt" is not a regular file$/, "file_io search": /\(0 files searched, 1 passed over/, content_ingest: /^path "pipe\.txt" is not a regular file$/ },
    },
    {
      what: "a symlink to /dev/zero",
      setUp: async () => (await symlink("/dev/zero", join(h.workspace, "zero.txt")), "zero.txt"),
      expect: { "file_io read": /escapes the workspace through symlink "zero\.txt"$/, "file_io search": /escapes the workspace through symlink "zero\.txt"$/, content_ingest: /escapes the workspace through symlink "zero\.txt"$/ },
    },
  ];

  it("size bombs - reading, searching and ingesting endless or 100 MiB files ends in bounded time while ListTools answers", async () => {
    for (const source of SOURCES) {
      const path = await source.setUp();
      for (const [tool, input] of [
        ["file_io", { action: "read", path }],
        ["file_io", { action: "search", path, query: "needle" }],
        ["content_ingest", { source: path }],
      ] as const) {
        const { result, took, listMs } = await attempt(tool, JSON.stringify(input));
        const output = result.output!;
        expect(took, `${tool} on ${source.what}`).toBeLessThan(10_000);
        expect(listMs).toBeLessThan(2_000);
        expect(Buffer.byteLength(output.content)).toBeLessThanOrEqual(64 * 1024);
        // The executor's cap may cut the tool's own note off; the output then says it was cut.
        const shown = output.truncated ? `${output.content.slice(0, 100)}[output truncated from ${output.outputBytes} bytes]` : output.content;
        expect(shown, `${tool} on ${source.what}`).toMatch(source.expect[`${tool} ${input.action ?? ""}`.trim() as keyof typeof source.expect]);
      }
    }
  }, 50_000);

  it("size bombs - an endless HTTP body is cut for http_fetch and content_ingest", async () => {
    for (const [tool, input] of [
      ["http_fetch", { url: `http://${host}/endless` }],
      ["content_ingest", { source: `http://${host}/endless` }],
    ] as const) {
      const { result, took, listMs } = await attempt(tool, JSON.stringify(input));
      const output = result.output!;
      expect(took).toBeLessThan(10_000);
      expect(listMs).toBeLessThan(2_000);
      expect(output.content).toMatch(tool === "http_fetch" ? /^HTTP 200 OK \(text\/plain, \d+ bytes \(truncated at \d+\)\)/ : /^ingested "endless" \(text\): .* \[partial: only its first \d+ bytes were read; the rest of the body was not\]$/);
    }
  }, 30_000);
});

/** Writes `bytes` of `unit` repeated into the workspace, in 1 MiB chunks, and returns its path. */
async function fileOf(name: string, bytes: number, unit: string): Promise<string> {
  const chunk = unit.repeat(Math.ceil((1024 * 1024) / unit.length)).slice(0, 1024 * 1024);
  const handle = await open(join(h.workspace, name), "w");
  try {
    for (let written = 0; written < bytes; written += chunk.length) await handle.write(chunk);
  } finally {
    await handle.close();
  }
  return name;
}

let cycle = 0;

/** One YOLO call of `tool`, with a ListTools asked while it runs. */
async function attempt(tool: string, inputJson: string): Promise<{ result: ActionResult; took: number; listMs: number }> {
  const started = Date.now();
  const n = ++cycle;
  const call = h.client.act({ agentId: h.agentId, approvalMode: ApprovalMode.YOLO, decision: { agentId: h.agentId, cycle: n, goalId: "g1", call: { toolName: tool, inputJson, idempotencyKey: { agentId: h.agentId, cycle: n, step: 0, runId: "" } } } });
  const asked = Date.now();
  await h.client.listTools({});
  const listMs = Date.now() - asked;
  const { result } = await call;
  return { result: result!, took: Date.now() - started, listMs };
}

interface Schema {
  readonly properties?: Record<string, Schema>;
  readonly anyOf?: readonly Schema[];
  readonly items?: Schema;
  readonly additionalProperties?: Schema | boolean;
}

/** Every property name a JSON Schema declares, at any depth. */
function schemaFields(schema: Schema): string[] {
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, sub]) => [name, ...schemaFields(sub)]);
  const alternatives = (schema.anyOf ?? []).flatMap(schemaFields);
  const items = schema.items ? schemaFields(schema.items) : [];
  return [...own, ...alternatives, ...items];
}

