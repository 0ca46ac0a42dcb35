import { BusError } from "@boyd/bus";
import { Capability, DangerLevel } from "@boyd/proto";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CustomToolConfig, loadCustomTools, type CustomToolDeps } from "../src/custom-tools.js";
import { ToolRegistry } from "../src/registry.js";
import { bubblewrapRunner, type ConfinedRunner, type ExecRequest } from "../src/sandbox/confined-exec.js";
import type { CallContext, ToolDefinition } from "../src/tool.js";

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
// As root the runner drops to nobody, who must own the workspace.
const ROOT = process.getuid?.() === 0;
const SANDBOX_UID = 65534;

function context(timeoutMs = 10_000): CallContext {
  return { agentId: "agent-test", cycle: 1, step: 0, signal: new AbortController().signal, deadline: Date.now() + timeoutMs, outputCapBytes: 64 * 1024 };
}

function deps(runner?: ConfinedRunner, root = "/nonexistent-workspace"): CustomToolDeps {
  return { runner, workspace: { root }, baseDir: FIXTURES };
}

/** Builds tools from config entries as written in the file. */
async function load(entries: unknown[], d: CustomToolDeps = deps()): Promise<ToolDefinition[]> {
  return loadCustomTools(
    entries.map((e) => CustomToolConfig.parse(e)),
    d,
    "act.json",
  );
}

async function one(entry: unknown, d?: CustomToolDeps): Promise<ToolDefinition> {
  const [tool] = await load([entry], d);
  return tool!;
}

async function rejection(p: Promise<unknown>): Promise<BusError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof BusError) return err;
    throw new Error(`expected a BusError, got ${String(err)}`);
  }
  throw new Error("expected a rejection, the promise resolved");
}

/** Records the requests it is given and answers with a canned result. */
function recordingRunner(exitCode = 0): ConfinedRunner & { requests: ExecRequest[] } {
  const requests: ExecRequest[] = [];
  return {
    kind: "bubblewrap",
    requests,
    run: (request) => {
      requests.push(request);
      return Promise.resolve({ stdout: "out", stderr: "", exitCode, signal: null, timedOut: false, truncated: false, durationMs: 1 } as unknown as Awaited<ReturnType<ConfinedRunner["run"]>>);
    },
  };
}

const echo = {
  name: "say",
  description: "prints its arguments",
  danger: "cautious",
  command: ["printf", "%s|", "{text}", "{extra}", "--tag={tag}"],
  params: {
    text: { required: true, description: "what to print" },
    extra: {},
    tag: {},
  },
};

describe("custom command tools", () => {
  it("custom tools - a placeholder that names no parameter is refused naming tools[i].command", async () => {
    const bad = { ...echo, name: "bad", command: ["echo", "{txt}"] };
    const err = await rejection(load([echo, bad]));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toBe("act.json: tools[1].command: placeholder {txt} names no parameter in params");
  });

  it("custom tools - an empty placeholder is refused too", async () => {
    const err = await rejection(load([{ ...echo, command: ["echo", "{}"] }]));
    expect(err.message).toBe("act.json: tools[0].command: placeholder {} names no parameter in params");
  });

  it("custom tools - the descriptor comes from the config", async () => {
    const tool = await one({ ...echo, capabilities: ["network"], keywords: ["print"], side_effects: false, timeout_ms: 2_000 });
    expect(tool.descriptor).toMatchObject({
      name: "say",
      description: "prints its arguments",
      keywords: ["print"],
      danger: DangerLevel.CAUTIOUS,
      capabilities: [Capability.PROCESS_EXEC, Capability.NETWORK],
      requiredParams: ["text"],
      hasSideEffects: false,
      timeoutMs: 2_000,
    });
  });

  it("custom tools - the input schema from params checks required, integer and enum", async () => {
    const tool = await one({
      name: "fetch_page",
      description: "d",
      danger: "safe",
      command: ["tool", "{count}", "{level}", "{note}"],
      params: { count: { type: "integer", required: true }, level: { enum: ["low", "high"] }, note: { maxLength: 5 } },
    });
    const ok = tool.input.safeParse({ count: 3, level: "high", note: "short" });
    expect(ok.success && ok.data).toEqual({ count: 3, level: "high", note: "short" });
    expect(tool.input.safeParse({ level: "low" }).success).toBe(false); // count required
    expect(tool.input.safeParse({ count: 2.5 }).success).toBe(false);
    expect(tool.input.safeParse({ count: "3" }).success).toBe(false);
    expect(tool.input.safeParse({ count: 1, level: "medium" }).success).toBe(false);
    expect(tool.input.safeParse({ count: 1, note: "too long" }).success).toBe(false);
    expect(tool.input.safeParse({ count: 1, other: 1 }).success).toBe(false);
    expect(tool.input.safeParse({ count: 1 }).success).toBe(true);
  });

  it("custom tools - the registry's catalog schema for a command tool lists its required params", async () => {
    const registry = new ToolRegistry();
    registry.register(await one(echo));
    const schema = JSON.parse(registry.get("say")!.descriptor.inputSchemaJson) as { required: string[]; properties: Record<string, { description?: string }> };
    expect(schema.required).toEqual(["text"]);
    expect(schema.properties["text"]!.description).toBe("what to print");
    expect(() => registry.parse("say", JSON.stringify({ text: "a\u0000b" }))).toThrow(/text: may not contain NUL/);
  });

  it("custom tools - each value lands in one argv element; a missing whole-element placeholder disappears", async () => {
    const tool = await one(echo);
    const a = await tool.assess({ text: "; rm -rf /" }, context());
    const d = a.action.detail;
    expect(d?.$case).toBe("shellCommand");
    if (d?.$case !== "shellCommand") return;
    expect(d.value.argv).toEqual(["printf", "%s|", "; rm -rf /", "--tag="]);
    expect(d.value.commandLine).toBe("printf '%s|' '; rm -rf /' --tag=");
    expect(a.preview).toBe(d.value.commandLine);
    expect(a.danger).toBe(DangerLevel.CAUTIOUS);
    expect(a.sideEffects).toBe(true);
    expect(a.reversible).toBe(false);
    const b = await tool.assess({ text: "$(id)", extra: "a b", tag: "x y" }, context());
    expect(b.action.detail?.$case === "shellCommand" && b.action.detail.value.argv).toEqual(["printf", "%s|", "$(id)", "a b", "--tag=x y"]);
  });

  it("custom tools - run hands the runner the substituted argv in the workspace", async () => {
    const runner = recordingRunner();
    const tool = await one(echo, deps(runner, "/ws"));
    const run = await tool.run({ text: "hi", extra: "there" }, context());
    expect(run.content).toBe("out");
    expect(run.failure).toBeUndefined();
    expect(runner.requests[0]).toMatchObject({ argv: ["printf", "%s|", "hi", "there", "--tag="], cwd: "/ws", workspace: "/ws" });
  });

  it("custom tools - without a runner a command tool cannot run", async () => {
    const err = await rejection((await one(echo)).run({ text: "hi" }, context()));
    expect(err.code).toBe("FAILED_PRECONDITION");
    expect(err.message).toBe("say runs a command, and confined execution is not available here");
  });
});

describe("custom command tools under bubblewrap", () => {
  let base = "";
  let workspace = "";
  let runner: ConfinedRunner;

  beforeAll(async () => {
    base = await realpath(await mkdtemp(join(tmpdir(), "boyd-custom-")));
    workspace = join(base, "ws");
    await mkdir(workspace);
    if (ROOT) {
      await chmod(base, 0o755);
      await chown(workspace, SANDBOX_UID, SANDBOX_UID);
    }
    runner = bubblewrapRunner();
  });
  afterAll(async () => {
    if (base) await rm(base, { recursive: true, force: true });
  });

  it("custom tools - a hostile value stays one literal argument when run for real", async () => {
    const tool = await one(echo, deps(runner, workspace));
    const run = await tool.run({ text: "; rm -rf / #", tag: "$(whoami)" }, context());
    expect(run.failure).toBeUndefined();
    expect(run.content).toBe("; rm -rf / #|--tag=$(whoami)|");
    expect(run.data).toMatchObject({ exitCode: 0, truncated: false });
  });

  it("custom tools - the command runs in the workspace", async () => {
    const tool = await one({ name: "make_file", description: "creates a file", danger: "cautious", command: ["touch", "{name}"], params: { name: { required: true } } }, deps(runner, workspace));
    const run = await tool.run({ name: "created.txt" }, context());
    expect(run.failure).toBeUndefined();
    expect(existsSync(join(workspace, "created.txt"))).toBe(true);
  });

  it("custom tools - a non-zero exit becomes a failure that keeps the output", async () => {
    const tool = await one({ name: "list", description: "lists a path", danger: "safe", command: ["ls", "{path}"], params: { path: { required: true } } }, deps(runner, workspace));
    const run = await tool.run({ path: "no-such-file" }, context());
    expect(run.failure).toEqual({ code: "UNKNOWN", message: "list exited with 2" });
    expect(run.content).toContain("--- stderr ---");
    expect(run.content).toContain("no-such-file");
    expect(run.data).toMatchObject({ exitCode: 2 });
  });
});

describe("custom module tools", () => {
  it("custom tools - a module tool is loaded from a path relative to the config directory", async () => {
    const tool = await one({ module: "./unit-echo-tool.mjs" });
    expect(tool.descriptor.name).toBe("unit_shout");
    expect(tool.input.safeParse({ word: "" }).success).toBe(false);
    expect((await tool.run({ word: "hey" }, context())).content).toBe("HEY");
    const registry = new ToolRegistry();
    registry.register(tool, "act.json: tools[0]");
    expect(JSON.parse(registry.get("unit_shout")!.descriptor.inputSchemaJson)).toMatchObject({ required: ["word"] });
    expect(registry.parse("unit_shout", '{"word":"x"}').input).toEqual({ word: "x" });
  });

  it("custom tools - an absolute module path is used as is", async () => {
    const tool = await one({ module: join(FIXTURES, "unit-echo-tool.mjs") }, { ...deps(), baseDir: "/elsewhere" });
    expect(tool.descriptor.name).toBe("unit_shout");
  });

  it("custom tools - a module exporting garbage is refused naming tools[i], the module path and the problem", async () => {
    const path = join(FIXTURES, "unit-garbage-tool.mjs");
    const err = await rejection(load([{ module: "./unit-echo-tool.mjs" }, { module: "./unit-garbage-tool.mjs" }]));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toBe(`act.json: tools[1].module (${path}): input is not a zod schema`);
  });

  it("custom tools - a module without a default export is refused", async () => {
    const err = await rejection(load([{ module: "./unit-no-default.mjs" }]));
    expect(err.message).toBe(`act.json: tools[0].module (${join(FIXTURES, "unit-no-default.mjs")}): exports no default (or \`tool\`) ToolDefinition`);
  });

  it("custom tools - a module that cannot be loaded is refused naming the path", async () => {
    const err = await rejection(load([{ module: "./unit-missing.mjs" }]));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toContain(`act.json: tools[0].module: cannot load ${join(FIXTURES, "unit-missing.mjs")}: `);
  });

  it("custom tools - a config entry is a module tool or a command tool, not a mix", () => {
    expect(CustomToolConfig.safeParse({ module: "./x.mjs", command: ["ls"] }).success).toBe(false);
    expect(CustomToolConfig.safeParse({ module: "" }).success).toBe(false);
    expect(CustomToolConfig.safeParse({ ...echo, name: "Bad-Name" }).success).toBe(false);
    expect(CustomToolConfig.safeParse({ ...echo, command: [] }).success).toBe(false);
    expect(CustomToolConfig.safeParse({ ...echo, params: { BadName: {} } }).success).toBe(false);
    expect(CustomToolConfig.safeParse(echo).success).toBe(true);
  });
});
