import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { GraphError } from "../errors.js";

/** What `ingestStream` reads: a byte or text stream, or strings (each one or more lines). */
export type LineInput = Readable | Iterable<string> | AsyncIterable<string>;

/**
 * A file's lines, streamed: readline's async iterator pauses the file stream
 * when its line buffer fills, so memory stays flat however large the file.
 */
export async function* fileLines(path: string): AsyncGenerator<string> {
  try {
    yield* readableLines(createReadStream(path, { encoding: "utf8" }));
  } catch (err) {
    throw readError(path, err);
  }
}

// File system errors become GraphErrors naming the file, so callers (the CLI,
// the bus) handle one error type.
function readError(path: string, err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === undefined) return err;
  const message = `${path}: cannot read: ${(err as Error).message}`;
  return new GraphError(code === "ENOENT" ? "NOT_FOUND" : "FAILED_PRECONDITION", message, { cause: err });
}

/**
 * Lines of any {@link LineInput}. A Readable is split by readline. Strings
 * from an iterable are taken as lines, and one holding line breaks is split,
 * so a whole inline document can be passed as a single string.
 */
export async function* inputLines(input: LineInput): AsyncGenerator<string> {
  if (input instanceof Readable) {
    yield* readableLines(input);
    return;
  }
  for await (const chunk of input) {
    if (!chunk.includes("\n")) {
      yield chunk;
      continue;
    }
    const lines = chunk.split("\n");
    // "a\nb\n" is two lines, as readline counts them, not three.
    if (lines[lines.length - 1] === "") lines.pop();
    for (const line of lines) yield line.endsWith("\r") ? line.slice(0, -1) : line;
  }
}

async function* readableLines(input: Readable): AsyncGenerator<string> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    yield* lines;
  } finally {
    // Leaving early (strict mode stops at the first bad line) must release the file.
    lines.close();
    input.destroy();
  }
}
