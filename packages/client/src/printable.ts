// C0 and C1 controls, DEL, and the bidirectional overrides and isolates that
// can make a terminal show text other than what it holds.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * One line safe to show a person: control characters become visible
 * `\u{..}` escapes. Error details can echo ids and text a user typed.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}
