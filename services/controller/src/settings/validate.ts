import type { ZodIssue } from "zod";
import { agentSettingsSchema, type AgentSettings } from "./schema.js";
import { settingsFromProto } from "./proto.js";
import type { AgentConfig, Psyche } from "@boyd/proto";

/** One thing wrong with a setting: where (dotted path) and what. */
export interface SettingIssue {
  /** Path of the setting, e.g. ["reflection", "reflect_every_n_cycles"]. */
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** A dotted field name for messages: `tool_call_budgets.shell_exec`, `psyche.shadow.veto_patterns[0].name`. */
export function fieldName(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("") || "(top level)";
}

/** Zod's issues as setting issues; an unknown key is reported at the key itself. */
export function settingIssues(issues: readonly ZodIssue[]): SettingIssue[] {
  return issues.flatMap((i) =>
    i.code === "unrecognized_keys"
      ? i.keys.map((k) => ({ path: [...i.path, k], message: "not a setting (a typo?)" }))
      : [{ path: i.path, message: i.message }],
  );
}

/** Validates settings from anywhere; the issues name fields, never a place in a file. */
export function checkSettings(value: unknown): { settings: AgentSettings; issues: [] } | { settings: undefined; issues: SettingIssue[] } {
  const parsed = agentSettingsSchema.safeParse(value);
  return parsed.success ? { settings: parsed.data, issues: [] } : { settings: undefined, issues: settingIssues(parsed.error.issues) };
}

/**
 * The issues of a CreateAgent request's config and psyche, checked with the
 * same schema as a settings file, fields named as the request names them
 * (`config.max_cycles`, `psyche.archetypes.sage`).
 */
export function protoSettingIssues(config: AgentConfig | undefined, psyche: Psyche | undefined): string[] {
  const { psyche: p, ...rest } = settingsFromProto(config, psyche);
  const issues = [...issuesUnder("config", checkSettings(rest).issues), ...(p === undefined ? [] : issuesUnder("", checkSettings({ psyche: p }).issues))];
  return issues;
}

function issuesUnder(prefix: string, issues: readonly SettingIssue[]): string[] {
  return issues.map((i) => `${prefix ? `${prefix}.` : ""}${fieldName(i.path)}: ${i.message}`);
}

/** Plain objects (not arrays) merge field by field; anything else is replaced whole. */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/**
 * Layers settings, later ones winning field by field (nested sections and
 * per-tool budgets merge; lists such as shadow patterns are replaced).
 */
export function mergeSettings(...layers: ReadonlyArray<AgentSettings | undefined>): AgentSettings {
  const merge = (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...a };
    for (const [k, v] of Object.entries(b)) {
      if (v === undefined) continue;
      out[k] = isPlainObject(v) && isPlainObject(out[k]) ? merge(out[k], v) : v;
    }
    return out;
  };
  return layers.reduce<Record<string, unknown>>((acc, l) => (l ? merge(acc, l) : acc), {}) as AgentSettings;
}
