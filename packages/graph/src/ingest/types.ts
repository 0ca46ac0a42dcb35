import type { TripleInput } from "../model.js";

/** The formats ingest reads: N-Triples (`.nt`), CSV (`.csv`), JSON Lines (`.jsonl`, `.ndjson`), and rules (`.rules`, `.dl`, `.pl`: Datalog-style Horn rules). */
export type IngestFormat = "ntriples" | "csv" | "jsonl" | "rules";

/**
 * What a parser makes of one line: a triple, nothing (blank line, comment,
 * header), or the reason the line is bad. Reasons name the offending field
 * but not the file or line; the caller prefixes those.
 */
export type LineResult =
  | { readonly kind: "triple"; readonly triple: TripleInput }
  | { readonly kind: "skip" }
  | { readonly kind: "error"; readonly reason: string };

/** A pure function from one line (1-based number) to a {@link LineResult}. */
export type LineParser = (line: string, lineNumber: number) => LineResult;

/** A bad line, as reported in {@link IngestSummary.errors}. */
export interface IngestLineError {
  /** 1-based line number in the input. */
  readonly line: number;
  readonly reason: string;
}

/** Where an ingest stands; passed to {@link IngestOptions.onProgress} after each batch is written. */
export interface IngestProgress {
  /** Lines read so far. */
  readonly lines: number;
  /** Triples written so far. */
  readonly triples: number;
  /** Bad lines skipped so far (non-strict only). */
  readonly skipped: number;
  /** Batches written so far. */
  readonly batches: number;
}

/** Options of `ingestFile` and `ingestStream`. */
export interface IngestOptions {
  /** The input's format. @default chosen by the file (or stream name) extension */
  format?: IngestFormat;
  /**
   * Fail on the first bad line and keep nothing of the input. Otherwise bad
   * lines are skipped and counted.
   * @default false
   */
  strict?: boolean;
  /** Triples per atomic write. @default 1000 */
  batchSize?: number;
  /** The `source` of every triple, suffixed with `:<line>` (a JSON Lines `source` field wins). @default the file path or stream name */
  source?: string;
  /** N-Triples only: use an IRI's fragment or last path segment as the symbol id instead of the whole IRI. @default false */
  localNames?: boolean;
  /** Called after each batch is written. */
  onProgress?: (progress: IngestProgress) => void;
}

/** What an ingest did. */
export interface IngestSummary {
  /** The file path or stream name, as given. */
  readonly file: string;
  readonly format: IngestFormat;
  /** Lines read (blank lines and comments included). */
  readonly lines: number;
  /** Triples written. */
  readonly triples: number;
  /** Rules stored (a rules document; absent otherwise). */
  readonly rules?: number;
  /** Bad lines skipped (always 0 in strict mode, which throws instead). */
  readonly skipped: number;
  /** Atomic writes made. */
  readonly batches: number;
  /** The first bad lines, at most 100; `skipped` counts them all. */
  readonly errors: readonly IngestLineError[];
}
