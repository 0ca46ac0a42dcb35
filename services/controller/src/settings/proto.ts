import { AgentConfig, ApprovalMode, Capability, DangerLevel, ProgressMeasure, Psyche } from "@boyd/proto";
import { defaultPsyche } from "../reflection/psyche.js";
import type { AgentSettings } from "./schema.js";

/**
 * The enum fields of the settings, by path (`*` stands for any array
 * index), with the proto enum whose members they name.
 */
const ENUM_FIELDS: ReadonlyArray<{ path: string; prefix: string; values: Record<string, string | number> }> = [
  { path: "approval_mode", prefix: "APPROVAL_MODE_", values: ApprovalMode },
  { path: "control.measure", prefix: "PROGRESS_MEASURE_", values: ProgressMeasure },
  { path: "psyche.shadow.*.*.capability_triggers.*", prefix: "CAPABILITY_", values: Capability },
  { path: "psyche.shadow.*.*.danger_level_threshold", prefix: "DANGER_LEVEL_", values: DangerLevel },
];

/** Objects whose keys are names (tools), not fields: never re-cased. */
const NAMED_KEYS = new Set(["tool_call_budgets", "toolCallBudgets"]);

function matches(pattern: string, path: readonly string[]): boolean {
  const parts = pattern.split(".");
  return parts.length === path.length && parts.every((p, i) => p === "*" || p === path[i]);
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Walks plain JSON, renaming keys and rewriting enum leaves. */
function mapJson(value: unknown, path: string[], rename: (k: string) => string, leaf: (v: unknown, path: readonly string[]) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v, i) => mapJson(v, [...path, String(i)], rename, leaf));
  if (value !== null && typeof value === "object") {
    const named = NAMED_KEYS.has(path[path.length - 1] ?? "");
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        const key = named ? k : rename(k);
        return [key, mapJson(v, [...path, key], rename, leaf)];
      }),
    );
  }
  return leaf(value, path);
}

/**
 * An AgentConfig and Psyche (proto) as settings: snake_case fields, enum
 * members as their lower-case words. Growth state of the psyche
 * (integration, awakened) is not a setting and is left out. An enum value
 * outside the proto's is kept as its number, so validation names it.
 */
export function settingsFromProto(config: AgentConfig | undefined, psyche?: Psyche | undefined): Record<string, unknown> {
  const toWord = (v: unknown, path: readonly string[]) => {
    const field = ENUM_FIELDS.find((f) => matches(f.path, path));
    if (!field || typeof v !== "string") return v;
    return v.startsWith(field.prefix) ? v.slice(field.prefix.length).toLowerCase() : v === "UNRECOGNIZED" ? `unknown (${v})` : v;
  };
  const out = config ? (mapJson(AgentConfig.toJSON(AgentConfig.fromPartial(config)), [], snake, toWord) as Record<string, unknown>) : {};
  if (psyche) {
    const p = mapJson(Psyche.toJSON(Psyche.fromPartial(psyche)), ["psyche"], snake, toWord) as Record<string, unknown>;
    delete p["integration"];
    delete p["awakened"];
    out["psyche"] = p;
  }
  return out;
}

/**
 * Validated settings as the proto a CreateAgent request carries. A psyche
 * given in part is completed from the default psyche (the Scholar) and
 * awakened: naming one is asking for it.
 */
export function settingsToProto(settings: AgentSettings): { config: AgentConfig; psyche: Psyche | undefined } {
  const toName = (v: unknown, path: readonly string[]) => {
    const field = ENUM_FIELDS.find((f) => matches(f.path, path));
    return field && typeof v === "string" ? `${field.prefix}${v.toUpperCase()}` : v;
  };
  const { psyche, ...rest } = settings;
  const json = mapJson(rest, [], (k) => k, toName) as Record<string, unknown>;
  const config = AgentConfig.fromJSON(json);
  // fromJSON fills every absent message with undefined and the map with {}: only what was set remains.
  if (!psyche) return { config, psyche: undefined };
  const given = Psyche.fromJSON(mapJson(psyche, ["psyche"], (k) => k, toName));
  const base = defaultPsyche();
  return {
    config,
    psyche: {
      persona: psyche.persona ? { ...base.persona!, ...definedOnly(given.persona, Object.keys(psyche.persona)) } : base.persona,
      archetypes: psyche.archetypes ? { ...base.archetypes!, ...definedOnly(given.archetypes, Object.keys(psyche.archetypes)) } : base.archetypes,
      shadow: psyche.shadow ? { ...base.shadow!, ...definedOnly(given.shadow, Object.keys(psyche.shadow).map(camel)) } : base.shadow,
      integration: base.integration,
      awakened: true,
    },
  };
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Only the fields the person wrote (fromJSON fills the rest with zero values). */
function definedOnly<T extends object>(value: T | undefined, keys: readonly string[]): Partial<T> {
  if (!value) return {};
  const wanted = new Set(keys.map(camel));
  return Object.fromEntries(Object.entries(value).filter(([k]) => wanted.has(k))) as Partial<T>;
}
