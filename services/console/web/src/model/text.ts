/**
 * Agent data shown as text: every control character (C0, DEL, C1) and the
 * Unicode line/paragraph separators and bidi overrides become a visible
 * escape such as `\u001b`, so a preview cannot move the cursor, hide text or
 * reorder what a person reads before approving it. Newlines and tabs stay,
 * since previews (diffs, command lines) need them.
 */
export function visibleText(value: string): string {
  let out = "";
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    out += isHiddenControl(code) ? `\\u${code.toString(16).padStart(4, "0")}` : ch;
  }
  return out;
}

function isHiddenControl(code: number): boolean {
  if (code === 0x0a || code === 0x09) return false;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  // Line/paragraph separators, bidi embeddings, overrides and isolates.
  return code === 0x2028 || code === 0x2029 || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

/** The short lower-case name of a proto enum's JSON name: GOAL_STATUS_ACTIVE -> active. */
export function enumLabel(jsonName: string, prefix: string): string {
  const name = jsonName.startsWith(prefix) ? jsonName.slice(prefix.length) : jsonName;
  return name.toLowerCase().replaceAll("_", " ");
}

/** A number for a small table cell: at most three decimals, no trailing zeros. */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 1000) / 1000);
}
