import { GraphError } from "../errors.js";
import { toTriple, type TripleInput } from "../model.js";
import type { LineResult } from "./types.js";

/** A bad-line result. */
export function bad(reason: string): LineResult {
  return { kind: "error", reason };
}

/**
 * Longest subject, predicate or object ingest accepts, in UTF-8 bytes. A
 * symbol id is a name, not a document; without a bound one line could make
 * one symbol the size of the line.
 */
export const MAX_FIELD_BYTES = 4096;

/**
 * Longest reason kept for a bad line. Reasons quote what they refuse (a
 * confidence, an unknown key, a JSON value), and a line may be 1 MiB: a
 * hundred kept reasons must not make a summary, a reply or a terminal's
 * worth of output the size of the file.
 */
export const MAX_REASON_CHARS = 300;

/** `reason`, cut to {@link MAX_REASON_CHARS} characters with a note of how much was left out. */
export function clipReason(reason: string): string {
  return reason.length <= MAX_REASON_CHARS ? reason : `${reason.slice(0, MAX_REASON_CHARS)}… (${reason.length - MAX_REASON_CHARS} more characters)`;
}

/** The reason a symbol id is unusable, or undefined if it is fine. */
export function idProblem(field: string, value: string): string | undefined {
  return value.trim() === "" ? `${field} must not be empty` : sizeProblem(field, value);
}

/** The reason a field is too long to be a symbol id, or undefined. */
export function sizeProblem(field: string, value: string, what = "a symbol id"): string | undefined {
  // Each UTF-16 unit is at most 3 UTF-8 bytes, so short strings skip the count.
  if (value.length * 3 <= MAX_FIELD_BYTES || Buffer.byteLength(value, "utf8") <= MAX_FIELD_BYTES) return undefined;
  return `${field} is longer than ${MAX_FIELD_BYTES} bytes (the most ${what} may be)`;
}

// A plain decimal: Number() alone would also take "0x1", "" and " ", which
// nobody writes as a confidence on purpose. The fraction is one optional
// group so digits split between \d+ and \d* only one way (linear).
const DECIMAL = /^[+-]?(\d+(?:\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Parses a confidence written as text; a reason string if it is not a number in [0, 1]. */
export function parseConfidence(text: string): number | string {
  const value = DECIMAL.test(text.trim()) ? Number(text) : NaN;
  return value >= 0 && value <= 1 ? value : `confidence must be a number in [0, 1], got ${JSON.stringify(text)}`;
}

const WHERE = "\u0000line";

/**
 * Runs the store's own validation on a parsed triple, so a line that passes
 * here can never make `GraphStore.addTriples` throw halfway through a strict
 * ingest. Parsers check every field first with better reasons; this is the
 * safety net that keeps the two in agreement.
 */
export function accept(triple: TripleInput): LineResult {
  try {
    toTriple(triple, 0, WHERE);
  } catch (err) {
    if (err instanceof GraphError) return bad(err.message.replace(`${WHERE}: `, ""));
    throw err;
  }
  return { kind: "triple", triple };
}
