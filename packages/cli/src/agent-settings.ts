import { readFile } from "node:fs/promises";
import {
  AgentSettingsError,
  checkSettings,
  fieldName,
  fileLayer,
  mergeSettings,
  parseSettingsFile,
  settingsInForce,
  settingsToProto,
  type AgentSettings,
  type SettingInForce,
  type SettingsFile,
  type SettingsLayer,
} from "@boyd/controller";
import type { AgentConfig, Psyche } from "@boyd/proto";
import { ApprovalMode } from "@boyd/proto";
import { printable } from "./agent-format.js";
import { UsageError } from "./options.js";
import type { SettingFlags } from "./setting-flags.js";

/** Flag of each setting a flag can set, for "where it came from". */
const FLAG_OF: Readonly<Record<string, string>> = { approval_mode: "--mode", iteration_budget: "--iteration-budget" };

/** Reads and checks a settings file; anything wrong is a usage error (exit 2) naming file:line: field. */
export async function readSettingsFile(path: string, flag = "--config"): Promise<SettingsFile> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`${flag} ${printable(path)}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "a directory, not a settings file" : (err as Error).message}`);
  }
  try {
    return parseSettingsFile(text, printable(path));
  } catch (err) {
    if (err instanceof AgentSettingsError) throw new UsageError(err.message.split("\n").map(printable).join("\n"), { cause: err });
    throw err;
  }
}

/** The settings the flags give (the mode as its word, as a file writes it). */
export function settingsFromFlags(flags: SettingFlags): AgentSettings {
  const raw = {
    ...(flags.mode ? { approval_mode: ApprovalMode[flags.mode]!.toLowerCase() } : {}),
    ...(flags.iterationBudget !== undefined ? { iteration_budget: flags.iterationBudget } : {}),
  };
  const checked = checkSettings(raw);
  if (!checked.settings) {
    const [i] = checked.issues;
    throw new UsageError(`${FLAG_OF[String(i!.path[0])] ?? fieldName(i!.path)}: ${i!.message}`);
  }
  return checked.settings;
}

/** The layers of settings, lowest first: the file, then the flags (flags > file > defaults). */
export async function settingLayers(flags: SettingFlags): Promise<SettingsLayer[]> {
  const layers: SettingsLayer[] = [];
  if (flags.config !== undefined) layers.push(fileLayer(await readSettingsFile(flags.config)));
  layers.push({ settings: settingsFromFlags(flags), origin: (field) => `flag ${FLAG_OF[field] ?? field}` });
  return layers;
}

/** What a new agent is created with: the layers merged, as CreateAgent carries them; nothing when nothing was set. */
export function agentSettingsOf(layers: readonly SettingsLayer[]): { config?: AgentConfig; psyche?: Psyche } {
  const merged = mergeSettings(...layers.map((l) => l.settings));
  if (Object.keys(merged).length === 0) return {};
  const { config, psyche } = settingsToProto(merged);
  return { config, ...(psyche ? { psyche } : {}) };
}

/** `boyd agent config`: one line per setting, value and where it came from, aligned. */
export function formatSettingsInForce(rows: readonly SettingInForce[]): string {
  const width = Math.max(...rows.map((r) => r.field.length));
  const valueWidth = Math.min(40, Math.max(...rows.map((r) => r.value.length)));
  return rows.map((r) => printable(`${r.field.padEnd(width)}  ${r.value.padEnd(valueWidth)}  ${r.source}`)).join("\n");
}

export { settingsInForce };
