import { extname } from "node:path";
import { invalid } from "../errors.js";
import { csvParser } from "./csv.js";
import { jsonlParser } from "./jsonl.js";
import { ntriplesParser } from "./ntriples.js";
import type { IngestFormat, IngestOptions, LineParser } from "./types.js";

const FORMATS: readonly IngestFormat[] = ["ntriples", "csv", "jsonl", "rules"];
const BY_EXTENSION: Record<string, IngestFormat> = { ".nt": "ntriples", ".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".rules": "rules", ".dl": "rules", ".pl": "rules" };

/** Options with defaults filled in and checked. */
export interface ResolvedIngestOptions {
  readonly format: IngestFormat;
  readonly strict: boolean;
  readonly batchSize: number;
  readonly source: string;
  readonly parse: LineParser;
  readonly onProgress: IngestOptions["onProgress"];
}

/** The format a file name implies, or an INVALID_ARGUMENT error that says how to choose one. */
export function formatFromName(name: string): IngestFormat {
  const ext = extname(name).toLowerCase();
  const format = BY_EXTENSION[ext];
  if (!format) {
    const what = ext === "" ? "it has no extension" : `extension "${ext}" is not one of .nt, .csv, .jsonl, .ndjson, .rules, .dl, .pl`;
    throw invalid(`${name}: cannot tell the format (${what}); pass format: ${FORMATS.join(", ")}`);
  }
  return format;
}

/** Checks ingest options and fills defaults; `name` is the file path or stream name. */
export function parseIngestOptions(name: string, options: IngestOptions): ResolvedIngestOptions {
  if (options.format !== undefined && !FORMATS.includes(options.format)) {
    throw invalid(`format must be one of ${FORMATS.join(", ")}, got ${JSON.stringify(options.format)}`);
  }
  const format = options.format ?? formatFromName(name);
  const batchSize = options.batchSize ?? 1000;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw invalid(`batchSize must be a positive integer, got ${batchSize}`);
  // A rules document is parsed whole (a rule may span lines); its line parser is never called.
  const parse = format === "ntriples" ? ntriplesParser({ localNames: options.localNames ?? false }) : format === "csv" ? csvParser : jsonlParser;
  return { format, strict: options.strict ?? false, batchSize, source: options.source ?? name, parse, onProgress: options.onProgress };
}
