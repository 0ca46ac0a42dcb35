import { BusError } from "@boyd/bus";
import { DangerLevel, type ToolDescriptor } from "@boyd/proto";
import { CORE_TOOLS } from "@boyd/tools";
import type { z } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import type { ToolDefinition } from "./tool.js";
import { describePath, exceedsShape, type JsonShape } from "./json-shape.js";

/** Largest input_json accepted, bytes: a tool input is parameters, not payload. */
export const MAX_INPUT_BYTES = 2 * 1024 * 1024;

/**
 * Largest structure accepted, checked before the schema walks it: the size
 * cap alone lets 2 MB hold 200,000 array items (each parsed by zod before an
 * array's max is checked) or nesting 100,000 deep (which overflows any
 * recursive walk, JSON.stringify included).
 */
export const INPUT_SHAPE: JsonShape = { depth: 64, values: 20_000 };

const NAME_RE = /^[a-z][a-z0-9_]{0,63}$/;

/** A call whose tool is known and whose input passed the tool's schema. */
export interface ParsedCall {
  readonly tool: ToolDefinition;
  readonly input: unknown;
}

/**
 * The tool registry: every tool act can run, its catalog entry (with the
 * input's JSON Schema generated from its zod schema, so the catalog and
 * the validator never disagree) and input validation that names the field.
 */
export class ToolRegistry {
  readonly #tools = new Map<string, ToolDefinition>();
  #catalog: ToolDescriptor[] | undefined;

  /** Adds a tool; refuses bad names, duplicates and unset danger, naming `where` it came from. */
  register(tool: ToolDefinition, where = "built-in"): void {
    const d = tool.descriptor;
    if (!NAME_RE.test(d.name)) throw new BusError("INVALID_ARGUMENT", `${where}: tool name ${JSON.stringify(d.name)} must match ${NAME_RE.source}`);
    if (this.#tools.has(d.name)) throw new BusError("ALREADY_EXISTS", `${where}: a tool named "${d.name}" is already registered`);
    if (d.danger <= DangerLevel.UNSPECIFIED || !(d.danger in DangerLevel)) throw new BusError("INVALID_ARGUMENT", `${where}: tool "${d.name}" has no danger level`);
    if (!d.description.trim()) throw new BusError("INVALID_ARGUMENT", `${where}: tool "${d.name}" has no description`);
    const schema = jsonSchemaOf(tool.input);
    const required = Array.isArray(schema["required"]) ? (schema["required"] as string[]) : [];
    this.#tools.set(d.name, {
      ...tool,
      descriptor: { ...d, inputSchemaJson: JSON.stringify(schema), requiredParams: d.requiredParams.length ? d.requiredParams : required },
    });
    this.#catalog = undefined;
  }

  get(name: string): ToolDefinition | undefined {
    return this.#tools.get(name);
  }

  /** Every tool's catalog entry, core tools first, then by name. */
  catalog(): readonly ToolDescriptor[] {
    this.#catalog ??= [...this.#tools.values()]
      .map((t) => t.descriptor)
      .sort((a, b) => coreRank(a.name) - coreRank(b.name) || a.name.localeCompare(b.name));
    return this.#catalog;
  }

  /**
   * Finds the tool and validates its input. NOT_FOUND for an unknown tool;
   * INVALID_ARGUMENT naming the field for bad input.
   */
  parse(toolName: string, inputJson: string): ParsedCall {
    const tool = this.#tools.get(toolName);
    if (!tool) throw new BusError("NOT_FOUND", `unknown tool ${JSON.stringify(toolName)}; known: ${[...this.#tools.keys()].sort().join(", ")}`);
    const size = Buffer.byteLength(inputJson, "utf8");
    if (size > MAX_INPUT_BYTES) throw new BusError("INVALID_ARGUMENT", `${toolName}: input_json is ${size} bytes, more than the ${MAX_INPUT_BYTES} allowed`);
    let raw: unknown;
    try {
      raw = inputJson.trim() === "" ? {} : JSON.parse(inputJson);
    } catch (err) {
      throw new BusError("INVALID_ARGUMENT", `${toolName}: input_json is not valid JSON (${(err as Error).message})`);
    }
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new BusError("INVALID_ARGUMENT", `${toolName}: input_json must be a JSON object`);
    const excess = exceedsShape(raw, INPUT_SHAPE);
    if (excess) throw new BusError("INVALID_ARGUMENT", `${toolName}: input_json ${excess.limit === "depth" ? `is nested more than ${INPUT_SHAPE.depth} levels deep` : `holds more than ${INPUT_SHAPE.values} values`}, at ${describePath(excess.path)}`);
    const parsed = tool.input.safeParse(raw);
    if (!parsed.success) throw new BusError("INVALID_ARGUMENT", `${toolName} input: ${describeIssues(parsed.error)}`);
    return { tool, input: parsed.data };
  }
}

/** Longest issue message kept: zod quotes the value it refused (an enum's "received '…'", every unknown key), which may be megabytes. */
export const MAX_ISSUE_CHARS = 300;

/** "argv[2]: String must contain at most 8192 character(s); path: Required" */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${clip(i.path.length ? i.path.map((p) => (typeof p === "number" ? `[${p}]` : p)).join(".").replaceAll(".[", "[") : "(input)")}: ${clip(i.message)}`)
    .join("; ");
}

function clip(text: string): string {
  return text.length <= MAX_ISSUE_CHARS ? text : `${text.slice(0, MAX_ISSUE_CHARS)}… (${text.length - MAX_ISSUE_CHARS} more characters)`;
}

function jsonSchemaOf(schema: z.ZodTypeAny): Record<string, unknown> {
  const out = zodToJsonSchema(schema, { target: "jsonSchema7", $refStrategy: "none" }) as Record<string, unknown>;
  delete out["$schema"];
  return out;
}

function coreRank(name: string): number {
  const i = (CORE_TOOLS as readonly string[]).indexOf(name);
  return i === -1 ? CORE_TOOLS.length : i;
}
