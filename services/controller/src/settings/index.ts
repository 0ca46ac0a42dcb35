/**
 * Agent settings: one format (YAML or JSON, checked by one zod schema) for
 * a settings file, the CLI's flags and a CreateAgent request, so all three
 * agree on names, ranges and errors.
 */
export { agentSettingsSchema, enumWords, SAFETY_MAX_CYCLES, type AgentSettings } from "./schema.js";
export { settingsFromProto, settingsToProto } from "./proto.js";
export { checkSettings, fieldName, mergeSettings, protoSettingIssues, type SettingIssue } from "./validate.js";
export { AgentSettingsError, parseSettingsFile, type SettingsFile } from "./file.js";
export { defaultSettings, fileLayer, settingsInForce, type SettingInForce, type SettingsLayer } from "./sources.js";
