import type { TripleInput } from "../model.js";
import { accept, bad, idProblem, sizeProblem } from "./check.js";
import type { LineParser, LineResult } from "./types.js";

const FIELDS = new Set(["subject", "predicate", "object", "confidence", "source", "createdAt"]);

/**
 * JSON Lines: each line one object
 * `{"subject", "predicate", "object", "confidence"?, "source"?, "createdAt"?}`
 * (`createdAt` in unix ms), the shape `exportTriples` produces, so an export
 * ingests back unchanged. Unknown fields are rejected: a misspelt
 * `"confidance"` silently becoming 1 is worse than a skipped line.
 */
export const jsonlParser: LineParser = parseJsonLine;

/** Parses one JSON Lines line; see {@link jsonlParser}. */
export function parseJsonLine(line: string): LineResult {
  if (line.trim() === "") return { kind: "skip" };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    return bad(`invalid JSON: ${(err as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return bad(`expected a JSON object, got ${describe(value)}`);
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).find((k) => !FIELDS.has(k));
  if (unknown !== undefined) return bad(`unknown field ${JSON.stringify(unknown)} (expected subject, predicate, object, confidence, source, createdAt)`);

  const ids: string[] = [];
  for (const field of ["subject", "predicate", "object"] as const) {
    const v = record[field];
    if (v === undefined) return bad(`missing field "${field}"`);
    if (typeof v !== "string") return bad(`field "${field}" must be a string, got ${describe(v)}`);
    const problem = idProblem(`field "${field}"`, v);
    if (problem) return bad(problem);
    ids.push(v);
  }
  const [subject = "", predicate = "", object = ""] = ids;
  const triple: TripleInput = { subject, predicate, object };

  const { confidence, source, createdAt } = record;
  if (confidence !== undefined) {
    if (typeof confidence !== "number" || !(confidence >= 0 && confidence <= 1)) {
      return bad(`field "confidence" must be a number in [0, 1], got ${JSON.stringify(confidence)}`);
    }
    triple.confidence = confidence;
  }
  if (source !== undefined) {
    if (typeof source !== "string") return bad(`field "source" must be a string, got ${describe(source)}`);
    // Every fact carries its source: unbounded, one line could attach a megabyte to a fact.
    const problem = sizeProblem('field "source"', source, "a source");
    if (problem) return bad(problem);
    triple.source = source;
  }
  if (createdAt !== undefined) {
    if (typeof createdAt !== "number" || !Number.isFinite(createdAt)) {
      return bad(`field "createdAt" must be a finite number (unix ms), got ${JSON.stringify(createdAt)}`);
    }
    triple.createdAt = createdAt;
  }
  return accept(triple);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
}
