import type { GraphStore } from "../store.js";
import { GraphError } from "../errors.js";
import type { TripleInput } from "../model.js";
import { clipReason } from "./check.js";
import { ingestRulesText } from "./rules.js";
import { fileLines, inputLines, type LineInput } from "./lines.js";
import { parseIngestOptions, type ResolvedIngestOptions } from "./options.js";
import type { IngestLineError, IngestOptions, IngestSummary } from "./types.js";

// Enough to show what is wrong with a file without a summary the size of the file.
const MAX_KEPT_ERRORS = 100;

/**
 * Ingests an N-Triples, CSV or JSON Lines file into the store, streamed
 * (memory does not grow with the file), in atomic batches of `batchSize`.
 *
 * Non-strict (the default): bad lines are skipped and counted, the first 100
 * kept in `errors`; everything else is written.
 *
 * Strict: the first bad line throws GraphError INVALID_ARGUMENT
 * `file:line: reason` and nothing of the file is written. The file is read
 * twice, validated whole before the first write, so no half-ingested file is
 * ever visible. (Should a store write fail between batches, the earlier
 * batches stay; ingest is idempotent, so run it again.)
 *
 * Whatever the mode, input that is not line-based UTF-8 text (a line over
 * 1 MiB, NUL bytes, invalid UTF-8) stops the read at that line; UTF-16 with
 * a byte-order mark is converted (see `boundedLines`).
 *
 * @throws GraphError NOT_FOUND if the file does not exist, INVALID_ARGUMENT for
 * bad options, an unknown extension, (strict) a bad line, or (any mode) a
 * line that cannot be read as text, as `file:line: reason`.
 */
export async function ingestFile(store: GraphStore, path: string, options: IngestOptions = {}): Promise<IngestSummary> {
  const opts = parseIngestOptions(path, options);
  if (opts.format === "rules") return ingestRules(store, fileLines(path), path, opts);
  if (opts.strict) {
    await new IngestRun(store, path, opts).read(fileLines(path), undefined, strictFailure(path));
    const run = new IngestRun(store, path, opts);
    await run.read(fileLines(path), (t) => run.add(t), changedFailure(path));
    return run.finish();
  }
  const run = new IngestRun(store, path, opts);
  await run.read(fileLines(path), (t) => run.add(t), (line, reason) => run.skip(line, reason));
  return run.finish();
}

/**
 * Ingests lines from a stream or from strings (an inline document sent over
 * the bus, say); `name` stands for the file in messages, sets the default
 * `source`, and picks the format by its extension when `format` is not given.
 * Same batches, errors and summary as {@link ingestFile}.
 *
 * A stream cannot be read twice, so strict mode holds the parsed triples in
 * memory until the whole input is validated; for big inputs in strict mode
 * use {@link ingestFile}.
 */
export async function ingestStream(store: GraphStore, input: LineInput, name: string, options: IngestOptions = {}): Promise<IngestSummary> {
  const opts = parseIngestOptions(name, options);
  if (opts.format === "rules") return ingestRules(store, inputLines(input, name), name, opts);
  const run = new IngestRun(store, name, opts);
  if (opts.strict) {
    const held: TripleInput[] = [];
    await run.read(inputLines(input, name), (t) => void held.push(t), strictFailure(name));
    for (const t of held) await run.add(t);
  } else {
    await run.read(inputLines(input, name), (t) => run.add(t), (line, reason) => run.skip(line, reason));
  }
  return run.finish();
}

/**
 * A rules document: read whole (with the same text checks as any input),
 * then parsed and stored all or nothing whatever `strict` says, since half
 * a rule set can derive what the whole would not.
 */
async function ingestRules(store: GraphStore, lines: AsyncIterable<string>, name: string, opts: ResolvedIngestOptions): Promise<IngestSummary> {
  const text: string[] = [];
  for await (const line of lines) text.push(text.length === 0 && line.startsWith("\uFEFF") ? line.slice(1) : line);
  const rules = await ingestRulesText(store, text.join("\n"), name);
  return { file: name, format: opts.format, lines: text.length, triples: 0, rules, skipped: 0, batches: rules > 0 ? 1 : 0, errors: [] };
}

/** The error of a bad line in strict mode. */
function strictFailure(name: string): (line: number, reason: string) => never {
  return (line, reason) => {
    throw new GraphError("INVALID_ARGUMENT", `${name}:${line}: ${reason}`);
  };
}

// Strict mode's second pass only meets a bad line if the file was rewritten
// after the first pass validated it; say so rather than blame the data.
function changedFailure(name: string): (line: number, reason: string) => never {
  return (line, reason) => {
    throw new GraphError(
      "FAILED_PRECONDITION",
      `${name}:${line}: ${reason} (the file changed while it was being ingested; batches written before this line are kept)`,
    );
  };
}

/** One pass over an input: counts, the current batch, and the errors kept. */
class IngestRun {
  private lines = 0;
  private triples = 0;
  private skipped = 0;
  private batches = 0;
  private readonly errors: IngestLineError[] = [];
  private batch: TripleInput[] = [];

  constructor(
    private readonly store: GraphStore,
    private readonly name: string,
    private readonly opts: ResolvedIngestOptions,
  ) {}

  /**
   * Parses every line, handing triples to `onTriple` (awaited only when it
   * returns a promise, i.e. when a batch is written, which keeps the per-line
   * cost low) and bad lines to `onBad`.
   */
  async read(
    lines: AsyncIterable<string>,
    onTriple: ((t: TripleInput) => Promise<void> | undefined) | undefined,
    onBad: (line: number, reason: string) => void,
  ): Promise<void> {
    for await (const raw of lines) {
      const n = ++this.lines;
      // A UTF-8 byte-order mark is not part of the first field.
      const line = n === 1 && raw.startsWith("\uFEFF") ? raw.slice(1) : raw;
      const result = this.opts.parse(line, n);
      if (result.kind === "error") onBad(n, clipReason(result.reason));
      else if (result.kind === "triple" && onTriple) {
        const triple = result.triple;
        // Each fact remembers its line, so a proof can point at it.
        triple.source ??= `${this.opts.source}:${n}`;
        const pending = onTriple(triple);
        if (pending) await pending;
      }
    }
  }

  /** Queues a triple; returns a promise only when this fills a batch and writes it. */
  add(triple: TripleInput): Promise<void> | undefined {
    this.batch.push(triple);
    return this.batch.length >= this.opts.batchSize ? this.flush() : undefined;
  }

  skip(line: number, reason: string): void {
    this.skipped++;
    if (this.errors.length < MAX_KEPT_ERRORS) this.errors.push({ line, reason });
  }

  async finish(): Promise<IngestSummary> {
    await this.flush();
    const { name: file, lines, triples, skipped, batches, errors } = this;
    return { file, format: this.opts.format, lines, triples, skipped, batches, errors };
  }

  private async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    await this.store.addTriples(batch);
    this.triples += batch.length;
    this.batches++;
    this.opts.onProgress?.({ lines: this.lines, triples: this.triples, skipped: this.skipped, batches: this.batches });
  }
}
