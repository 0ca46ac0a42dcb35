import type { ToolDescriptor } from "@boyd/proto";

/**
 * The values of a tool's `action` input that only read. A catalog entry's
 * `hasSideEffects` is the worst any call of the tool can do; a tool that
 * both reads and writes (file_io) declares here which of its actions leave
 * everything as it was, so a plain read is never treated as a change
 * (asked about, or refused after a person rejected a plan's changes).
 */
export const READ_ONLY_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  file_io: ["read", "list", "search"],
};

/**
 * Whether one call of `tool` with `inputJson` changes anything outside the
 * agent's own memory: the tool's declared effects, narrowed by its
 * read-only actions. An unknown tool is assumed to change things, and so is
 * input that cannot be read (the call is judged by its worst case).
 */
export function callHasSideEffects(tool: Pick<ToolDescriptor, "name" | "hasSideEffects"> | undefined, inputJson: string): boolean {
  if (!tool) return true;
  if (!tool.hasSideEffects) return false;
  const readOnly = READ_ONLY_ACTIONS[tool.name];
  if (!readOnly) return true;
  const action = actionOf(inputJson);
  return action === undefined || !readOnly.includes(action);
}

function actionOf(inputJson: string): string | undefined {
  try {
    const input: unknown = JSON.parse(inputJson);
    const action = typeof input === "object" && input !== null ? (input as { action?: unknown }).action : undefined;
    return typeof action === "string" ? action.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
