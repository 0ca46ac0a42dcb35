import type { TripleInput } from "../model.js";
import { accept, bad, idProblem, parseConfidence } from "./check.js";
import type { LineParser, LineResult } from "./types.js";

const COLUMNS = ["subject", "predicate", "object", "confidence"] as const;

/**
 * CSV with columns `subject,predicate,object[,confidence]`. A header line
 * naming those columns is recognised on line 1 and skipped. Fields follow
 * RFC 4180 quoting (`"a, b"`, `"say ""hi"""`); a quoted field spanning lines
 * is not supported, because ingest is line by line, and is rejected. Unquoted
 * fields are trimmed (a stray space after a comma would otherwise become part
 * of a symbol id); quoted fields are kept exactly. An empty or missing
 * confidence means 1.
 */
export const csvParser: LineParser = parseCsvLine;

/** Parses one CSV line; see {@link csvParser}. */
export function parseCsvLine(line: string, lineNumber: number): LineResult {
  const text = line.endsWith("\r") ? line.slice(0, -1) : line;
  if (text.trim() === "") return { kind: "skip" };
  const fields = splitCsvLine(text);
  if (typeof fields === "string") return bad(fields);
  if (lineNumber === 1 && isHeader(fields)) return { kind: "skip" };
  if (fields.length < 3 || fields.length > 4) {
    return bad(`expected 3 or 4 fields (subject,predicate,object[,confidence]), got ${fields.length}`);
  }
  const [subject = "", predicate = "", object = "", confidenceText = ""] = fields;
  const triple: TripleInput = { subject, predicate, object };
  for (const field of ["subject", "predicate", "object"] as const) {
    const problem = idProblem(field, triple[field]);
    if (problem) return bad(problem);
  }
  if (confidenceText.trim() !== "") {
    const confidence = parseConfidence(confidenceText);
    if (typeof confidence === "string") return bad(confidence);
    triple.confidence = confidence;
  }
  return accept(triple);
}

function isHeader(fields: readonly string[]): boolean {
  return (fields.length === 3 || fields.length === 4) && fields.every((f, i) => f.toLowerCase() === COLUMNS[i]);
}

/** Splits one line into fields, or returns the reason it cannot. */
export function splitCsvLine(line: string): string[] | string {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    const n = fields.length + 1;
    let start = i;
    while (line[start] === " " || line[start] === "\t") start++;
    if (line[start] === '"') {
      let value = "";
      let j = start + 1;
      for (;;) {
        const close = line.indexOf('"', j);
        if (close < 0) return `field ${n}: quoted field is not closed (a line break inside quotes is not supported)`;
        value += line.slice(j, close);
        if (line[close + 1] === '"') {
          value += '"';
          j = close + 2;
          continue;
        }
        i = close + 1;
        break;
      }
      while (line[i] === " " || line[i] === "\t") i++;
      if (i < line.length && line[i] !== ",") return `field ${n}: unexpected text after the closing quote`;
      fields.push(value);
    } else {
      const comma = line.indexOf(",", i);
      const end = comma < 0 ? line.length : comma;
      const raw = line.slice(i, end);
      if (raw.includes('"')) return `field ${n}: a quote inside an unquoted field (quote the whole field and double the quote)`;
      fields.push(raw.trim());
      i = end;
    }
    if (i >= line.length) return fields;
    i++; // the comma
  }
}
