/**
 * One renderer for text a person reads (approval previews, goals, tool
 * output in prompts). Text from an agent, a file or a tool may hold
 * characters a terminal obeys instead of showing: ANSI escapes that move
 * the cursor or erase a line, a carriage return that overwrites, bidi
 * overrides that reorder what is read, zero-width characters that hide a
 * difference. Each such character is shown as a visible escape (`\x1b`,
 * `\u202e`) so what is approved is what runs.
 */

// C0 controls but LF, DEL and C1 controls; the bidi marks, embeddings,
// overrides and isolates; zero-width spaces and joiners, word joiner and
// invisible operators, BOM; line and paragraph separators (a line break
// some terminals honour). LF is handled apart: kept or escaped by mode.
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;

/** Whether `text` holds a character {@link renderVisibly} would escape (LF included). */
export function hasHiddenCharacters(text: string): boolean {
  HIDDEN.lastIndex = 0;
  return HIDDEN.test(text) || text.includes("\n");
}

/** The visible spelling of one hidden character: `\x1b` up to U+00FF, `\u202e` above. */
export function visibleEscape(char: string): string {
  const code = char.codePointAt(0)!;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** Options of {@link renderVisibly}. */
export interface RenderOptions {
  /**
   * Keep LF as a real line break (a diff, a multi-line preview). Otherwise
   * it is escaped too, for text that must stay on one line. CR is always
   * escaped: it would let a line overwrite itself.
   */
  readonly multiline?: boolean;
}

/**
 * `text` safe to print to a terminal: every control, bidi and zero-width
 * character is replaced by its visible escape; LF kept only when
 * `multiline`. Printable text (including non-Latin scripts and emoji) is
 * unchanged.
 */
export function renderVisibly(text: string, options: RenderOptions = {}): string {
  const shown = text.replace(HIDDEN, visibleEscape);
  return options.multiline ? shown : shown.replace(/\n/g, visibleEscape);
}
