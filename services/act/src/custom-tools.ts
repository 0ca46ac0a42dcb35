import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { BusError } from "@boyd/bus";
import { Archetype, Capability, DangerLevel, ScoringMethod, type ToolDescriptor } from "@boyd/proto";
import { z } from "zod";
import { DEFAULT_EXEC_LIMITS, type ConfinedRunner } from "./sandbox/confined-exec.js";
import { defineTool, type ToolDefinition } from "./tool.js";

const DANGERS = { safe: DangerLevel.SAFE, cautious: DangerLevel.CAUTIOUS, dangerous: DangerLevel.DANGEROUS, critical: DangerLevel.CRITICAL } as const;
const CAPABILITIES = {
  read_kg: Capability.READ_KG,
  write_kg: Capability.WRITE_KG,
  memory_access: Capability.MEMORY_ACCESS,
  reason: Capability.REASON,
  vsa_access: Capability.VSA_ACCESS,
  read_filesystem: Capability.READ_FILESYSTEM,
  write_filesystem: Capability.WRITE_FILESYSTEM,
  network: Capability.NETWORK,
  process_exec: Capability.PROCESS_EXEC,
  user_interaction: Capability.USER_INTERACTION,
} as const;

const Param = z
  .object({
    type: z.enum(["string", "integer", "number", "boolean"]).default("string"),
    description: z.string().default(""),
    required: z.boolean().default(false),
    enum: z.array(z.string()).optional(),
    maxLength: z.number().int().min(1).max(1_000_000).default(4_096),
  })
  .strict();

const Common = {
  name: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "must be lower_snake_case, at most 64 characters"),
  description: z.string().min(1),
  keywords: z.array(z.string().min(1)).default([]),
  danger: z.enum(["safe", "cautious", "dangerous", "critical"]),
  capabilities: z.array(z.enum(Object.keys(CAPABILITIES) as [keyof typeof CAPABILITIES])).default([]),
  side_effects: z.boolean().default(true),
  timeout_ms: z.number().int().min(100).max(3_600_000).default(30_000),
  output_cap_bytes: z.number().int().min(256).max(16 * 1024 * 1024).default(64 * 1024),
};

/**
 * A custom tool in the act configuration file: either a command (argv
 * template with `{param}` placeholders, run confined in the workspace like
 * shell_exec, never through a shell) or a module path (an ES module whose
 * default export is a ToolDefinition).
 */
const CommandToolConfig = z
  .object({
    ...Common,
    command: z.array(z.string().min(1)).min(1).max(256),
    params: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, "parameter names are lower_snake_case"), Param).default({}),
  })
  .strict();
const ModuleToolConfig = z.object({ module: z.string().min(1) }).strict();

// An entry with a `module` key is a module tool, any other a command tool.
// (A plain z.union reports a wrong type anywhere in an entry as "tools[i]:
// Invalid input", naming neither the field nor its line.)
export const CustomToolConfig = z.unknown().transform((raw, ctx): z.infer<typeof CommandToolConfig> | z.infer<typeof ModuleToolConfig> => {
  const schema = typeof raw === "object" && raw !== null && "module" in raw ? ModuleToolConfig : CommandToolConfig;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue(issue);
  return z.NEVER;
});
export type CustomToolConfig = z.output<typeof CustomToolConfig>;

/** What custom tools run with. */
export interface CustomToolDeps {
  /** Runner for command tools; undefined where no confined execution is possible. */
  readonly runner?: ConfinedRunner | undefined;
  readonly workspace: { readonly root: string };
  /** Base of relative module paths (the config file's directory). */
  readonly baseDir: string;
}

/** Builds the configured tools, naming `tools[i]` of `where` in every error. */
export async function loadCustomTools(configs: readonly CustomToolConfig[], deps: CustomToolDeps, where = "act config"): Promise<ToolDefinition[]> {
  const tools: ToolDefinition[] = [];
  for (const [i, config] of configs.entries()) {
    const at = `${where}: tools[${i}]`;
    tools.push("module" in config ? await moduleTool(config.module, deps.baseDir, at) : commandTool(config, deps, at));
  }
  return tools;
}

type CommandConfig = Extract<CustomToolConfig, { command: unknown }>;

/**
 * The text inside each {…} of a command part, as /\{([^}]*)\}/g reads it,
 * found with indexOf: that regex rescans to the end from every "{" when no
 * "}" follows, quadratic in the part.
 */
function placeholderNames(part: string): string[] {
  const names: string[] = [];
  for (let open = part.indexOf("{"); open >= 0; ) {
    const close = part.indexOf("}", open + 1);
    if (close < 0) break;
    names.push(part.slice(open + 1, close));
    open = part.indexOf("{", close + 1);
  }
  return names;
}

function commandTool(config: CommandConfig, deps: CustomToolDeps, at: string): ToolDefinition {
  for (const part of config.command) {
    for (const name of placeholderNames(part)) {
      if (!(name in config.params)) throw new BusError("INVALID_ARGUMENT", `${at}.command: placeholder {${name}} names no parameter in params`);
    }
  }
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const [name, p] of Object.entries(config.params)) {
    let field: z.ZodTypeAny =
      p.type === "boolean" ? z.boolean() : p.type === "integer" ? z.number().int() : p.type === "number" ? z.number() : p.enum ? z.enum(p.enum as [string, ...string[]]) : z.string().max(p.maxLength).refine((s) => !s.includes("\0"), "may not contain NUL");
    if (p.description) field = field.describe(p.description);
    shape[name] = p.required ? field : field.optional();
  }
  const descriptor: ToolDescriptor = {
    name: config.name,
    description: config.description,
    keywords: config.keywords,
    danger: DANGERS[config.danger],
    capabilities: [...new Set([Capability.PROCESS_EXEC, ...config.capabilities.map((c) => CAPABILITIES[c])])],
    requiredParams: Object.entries(config.params).filter(([, p]) => p.required).map(([n]) => n),
    inputSchemaJson: "",
    hasSideEffects: config.side_effects,
    timeoutMs: config.timeout_ms,
    outputCapBytes: config.output_cap_bytes,
    scoring: ScoringMethod.VSA_SEMANTIC,
    archetype: Archetype.EXPLORER,
    callBudget: 0,
  };
  const argvOf = (input: Record<string, unknown>) =>
    config.command.flatMap((part) => {
      const whole = /^\{([a-z0-9_]+)\}$/.exec(part);
      if (whole) return input[whole[1]!] === undefined ? [] : [String(input[whole[1]!])];
      return [part.replace(/\{([a-z0-9_]+)\}/g, (_, n: string) => (input[n] === undefined ? "" : String(input[n])))];
    });
  return defineTool({
    descriptor,
    input: z.object(shape).strict() as z.ZodType<Record<string, unknown>>,
    assess: (input) => {
      const argv = argvOf(input);
      const commandLine = argv.map(quote).join(" ");
      return {
        action: { detail: { $case: "shellCommand", value: { argv, cwd: ".", timeoutMs: config.timeout_ms, commandLine } } },
        danger: DANGERS[config.danger],
        reversible: !config.side_effects,
        preview: commandLine,
        consequences: config.description,
        sideEffects: config.side_effects,
      };
    },
    async run(input, ctx) {
      if (!deps.runner) throw new BusError("FAILED_PRECONDITION", `${config.name} runs a command, and confined execution is not available here`);
      const r = await deps.runner.run({
        argv: argvOf(input),
        cwd: deps.workspace.root,
        workspace: deps.workspace.root,
        limits: { ...DEFAULT_EXEC_LIMITS, timeoutMs: Math.max(1, ctx.deadline - Date.now()), outputCapBytes: ctx.outputCapBytes },
        signal: ctx.signal,
      });
      if (r.timedOut) throw new BusError("DEADLINE_EXCEEDED", `${config.name} ran longer than ${config.timeout_ms} ms and was killed`);
      if (r.memoryExceeded) throw new BusError("RESOURCE_EXHAUSTED", `${config.name}'s processes held more than ${DEFAULT_EXEC_LIMITS.memoryBytes} bytes of memory together and were killed`);
      const content = r.stderr ? `${r.stdout}\n--- stderr ---\n${r.stderr}` : r.stdout;
      const data = { exitCode: r.exitCode, signal: r.signal, truncated: r.truncated };
      return r.exitCode === 0 ? { content, data } : { content, data, failure: { code: "UNKNOWN", message: `${config.name} exited with ${r.exitCode ?? r.signal}` } };
    },
  });
}

async function moduleTool(path: string, baseDir: string, at: string): Promise<ToolDefinition> {
  const file = isAbsolute(path) ? path : resolve(baseDir, path);
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (err) {
    throw new BusError("INVALID_ARGUMENT", `${at}.module: cannot load ${file}: ${(err as Error).message}`);
  }
  const tool = (loaded["default"] ?? loaded["tool"]) as Partial<ToolDefinition> | undefined;
  const problem = !tool
    ? "exports no default (or `tool`) ToolDefinition"
    : !tool.descriptor?.name
      ? "descriptor.name is missing"
      : typeof tool.input?.safeParse !== "function"
        ? "input is not a zod schema"
        : typeof tool.assess !== "function" || typeof tool.run !== "function"
          ? "assess and run must be functions"
          : undefined;
  if (problem) throw new BusError("INVALID_ARGUMENT", `${at}.module (${file}): ${problem}`);
  return tool as ToolDefinition;
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}
