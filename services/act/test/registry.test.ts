import { Archetype, DangerLevel, ScoringMethod, type ToolDescriptor } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_INPUT_BYTES, ToolRegistry } from "../src/registry.js";
import { defineTool, type ToolDefinition } from "../src/tool.js";
import { busErrorOf } from "./fixtures/bus-error.js";

function descriptor(d: Partial<ToolDescriptor> = {}): ToolDescriptor {
  return {
    name: "sample",
    description: "a sample tool",
    keywords: [],
    danger: DangerLevel.SAFE,
    capabilities: [],
    requiredParams: [],
    inputSchemaJson: "",
    hasSideEffects: false,
    timeoutMs: 1_000,
    outputCapBytes: 1_024,
    scoring: ScoringMethod.VSA_SEMANTIC,
    archetype: Archetype.EXPLORER,
    callBudget: 0,
    ...d,
  };
}

const Input = z
  .object({
    path: z.string().min(1),
    argv: z.array(z.string().max(8)).max(4),
    mode: z.enum(["read", "write"]).default("read"),
    options: z.object({ depth: z.number().int().min(0) }).strict().optional(),
  })
  .strict();

function tool(d: Partial<ToolDescriptor> = {}, input: z.ZodTypeAny = Input): ToolDefinition {
  return defineTool({
    descriptor: descriptor(d),
    input: input as z.ZodType<unknown, z.ZodTypeDef, unknown>,
    assess: () => ({ action: { detail: { $case: "other", value: { summary: "x" } } }, danger: DangerLevel.SAFE, reversible: true, preview: "", consequences: "", sideEffects: false }),
    run: () => Promise.resolve({ content: "ok" }),
  });
}

describe("registry register", () => {
  it("registry - the catalog's JSON Schema is generated from the zod schema, with its required list", () => {
    const r = new ToolRegistry();
    r.register(tool());
    const [entry] = r.catalog();
    const schema = JSON.parse(entry!.inputSchemaJson) as Record<string, unknown>;
    expect(schema["type"]).toBe("object");
    expect(schema["required"]).toEqual(["path", "argv"]);
    expect(schema["additionalProperties"]).toBe(false);
    expect(schema["$schema"]).toBeUndefined();
    const props = schema["properties"] as Record<string, Record<string, unknown>>;
    expect(Object.keys(props)).toEqual(["path", "argv", "mode", "options"]);
    expect(props["mode"]).toMatchObject({ type: "string", enum: ["read", "write"], default: "read" });
    expect(props["argv"]).toMatchObject({ type: "array", maxItems: 4, items: { type: "string", maxLength: 8 } });
    expect(entry!.requiredParams).toEqual(["path", "argv"]);
  });

  it("registry - a descriptor's own requiredParams are kept", () => {
    const r = new ToolRegistry();
    r.register(tool({ requiredParams: ["path"] }));
    expect(r.get("sample")!.descriptor.requiredParams).toEqual(["path"]);
  });

  it("registry - the catalog lists core tools first, then the rest by name", () => {
    const r = new ToolRegistry();
    for (const name of ["zeta", "reason", "alpha", "kg_query"]) r.register(tool({ name }));
    expect(r.catalog().map((d) => d.name)).toEqual(["kg_query", "reason", "alpha", "zeta"]);
    r.register(tool({ name: "beta" }));
    expect(r.catalog().map((d) => d.name)).toEqual(["kg_query", "reason", "alpha", "beta", "zeta"]);
  });

  it("registry - a duplicate name is refused with ALREADY_EXISTS naming where it came from", () => {
    const r = new ToolRegistry();
    r.register(tool());
    const err = busErrorOf(() => r.register(tool(), "custom tool sample"));
    expect(err.code).toBe("ALREADY_EXISTS");
    expect(err.message).toBe('custom tool sample: a tool named "sample" is already registered');
  });

  it.each(["Bad", "9lives", "has-dash", "", "a".repeat(65), "spa ce"])("registry - bad name %j is refused naming where", (name) => {
    const err = busErrorOf(() => new ToolRegistry().register(tool({ name }), "act.json tools[0]"));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toContain(`act.json tools[0]: tool name ${JSON.stringify(name)} must match`);
  });

  it("registry - a 64-character lower_snake_case name is accepted", () => {
    const r = new ToolRegistry();
    r.register(tool({ name: `a${"_1".repeat(31)}b` }));
    expect(r.catalog()).toHaveLength(1);
  });

  it.each([
    ["UNSPECIFIED", DangerLevel.UNSPECIFIED],
    ["UNRECOGNIZED (regression: -1 passed as a level)", DangerLevel.UNRECOGNIZED],
    ["out of range", 9 as DangerLevel],
  ])("registry - danger %s is refused", (_, danger) => {
    const err = busErrorOf(() => new ToolRegistry().register(tool({ danger }), "module x.mjs"));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toBe('module x.mjs: tool "sample" has no danger level');
  });

  it("registry - an empty description is refused", () => {
    const err = busErrorOf(() => new ToolRegistry().register(tool({ description: "  " })));
    expect(err.message).toBe('built-in: tool "sample" has no description');
  });
});

describe("registry parse", () => {
  const registry = new ToolRegistry();
  registry.register(tool());
  registry.register(tool({ name: "other" }, z.object({}).strict()));

  it("registry - an unknown tool is NOT_FOUND listing the known names", () => {
    const err = busErrorOf(() => registry.parse("nope", "{}"));
    expect(err.code).toBe("NOT_FOUND");
    expect(err.message).toBe('unknown tool "nope"; known: other, sample');
  });

  it("registry - valid input is parsed with defaults applied", () => {
    const call = registry.parse("sample", JSON.stringify({ path: "a", argv: ["x"] }));
    expect(call.tool.descriptor.name).toBe("sample");
    expect(call.input).toEqual({ path: "a", argv: ["x"], mode: "read" });
  });

  it("registry - empty input_json is an empty object", () => {
    expect(registry.parse("other", "  ").input).toEqual({});
    expect(busErrorOf(() => registry.parse("sample", "")).message).toBe("sample input: path: Required; argv: Required");
  });

  it("registry - invalid JSON is INVALID_ARGUMENT naming the tool", () => {
    const err = busErrorOf(() => registry.parse("sample", "{path:"));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toMatch(/^sample: input_json is not valid JSON \(/);
  });

  it.each([["[1,2]"], ["null"], ['"text"'], ["42"], ["true"]])("registry - input %s that is not an object is INVALID_ARGUMENT", (json) => {
    const err = busErrorOf(() => registry.parse("sample", json));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toBe("sample: input_json must be a JSON object");
  });

  it("registry - input over MAX_INPUT_BYTES is refused before parsing, counting bytes not characters", () => {
    const big = JSON.stringify({ path: "x".repeat(MAX_INPUT_BYTES), argv: [] });
    const err = busErrorOf(() => registry.parse("sample", big));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toBe(`sample: input_json is ${Buffer.byteLength(big)} bytes, more than the ${MAX_INPUT_BYTES} allowed`);
    // "é" is two bytes: fewer characters than the cap, more bytes.
    const wide = JSON.stringify({ path: "é".repeat(MAX_INPUT_BYTES / 2 + 10), argv: [] });
    expect(wide.length).toBeLessThan(MAX_INPUT_BYTES);
    expect(busErrorOf(() => registry.parse("sample", wide)).message).toContain("more than the");
  });

  it("registry - input just under the cap is parsed", () => {
    const filler = "x".repeat(MAX_INPUT_BYTES - 100);
    const call = registry.parse("sample", JSON.stringify({ path: filler, argv: [] }));
    expect((call.input as { path: string }).path).toHaveLength(MAX_INPUT_BYTES - 100);
  });

  it("registry - a bad element deep in an array is named with its path", () => {
    const err = busErrorOf(() => registry.parse("sample", JSON.stringify({ path: "a", argv: ["ok", "ok", "much too long"] })));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toBe("sample input: argv[2]: String must contain at most 8 character(s)");
  });

  it("registry - nested object fields, enums and unknown keys are named", () => {
    expect(busErrorOf(() => registry.parse("sample", JSON.stringify({ path: "a", argv: [], options: { depth: -1 } }))).message).toBe("sample input: options.depth: Number must be greater than or equal to 0");
    expect(busErrorOf(() => registry.parse("sample", JSON.stringify({ path: "a", argv: [], mode: "exec" }))).message).toContain("mode: Invalid enum value");
    expect(busErrorOf(() => registry.parse("sample", JSON.stringify({ path: "a", argv: [], pth: 1 }))).message).toBe("sample input: (input): Unrecognized key(s) in object: 'pth'");
  });

  it("registry - at most five issues are listed", () => {
    const many = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string(), e: z.string(), f: z.string(), g: z.string() });
    const r = new ToolRegistry();
    r.register(tool({ name: "many" }, many));
    expect(busErrorOf(() => r.parse("many", "{}")).message).toBe("many input: a: Required; b: Required; c: Required; d: Required; e: Required");
  });
});
