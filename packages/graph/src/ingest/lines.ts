import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { GraphError } from "../errors.js";
import { boundedLines } from "./text-lines.js";

/** What `ingestStream` reads: a byte stream, strings (each one or more whole lines), or byte chunks. */
export type LineInput = Readable | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;

/**
 * A file's lines, streamed in bounded memory (see {@link boundedLines}): a
 * line over 1 MiB, NUL bytes or invalid UTF-8 stop the read with an error
 * naming `path:line`; a UTF-16 file with a byte-order mark is converted.
 */
export async function* fileLines(path: string): AsyncGenerator<string> {
  try {
    yield* boundedLines(createReadStream(path), path);
  } catch (err) {
    throw readError(path, err);
  }
}

// File system errors become GraphErrors naming the file, so callers (the CLI,
// the bus) handle one error type.
function readError(path: string, err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === undefined || err instanceof GraphError) return err;
  const message = `${path}: cannot read: ${(err as Error).message}`;
  return new GraphError(code === "ENOENT" ? "NOT_FOUND" : "FAILED_PRECONDITION", message, { cause: err });
}

/**
 * Lines of any {@link LineInput}, under the same bounds and encoding checks
 * as {@link fileLines}; `name` stands for the input in errors. A Readable or
 * a Uint8Array chunk is taken as bytes. A string is taken as one or more
 * whole lines, so a whole inline document can be passed as a single string,
 * and separate strings never run together into one line.
 */
export async function* inputLines(input: LineInput, name: string): AsyncGenerator<string> {
  yield* boundedLines(input instanceof Readable ? input : asChunks(input), name);
}

async function* asChunks(input: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>): AsyncGenerator<Buffer> {
  for await (const chunk of input) {
    if (typeof chunk !== "string") yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    else yield Buffer.from(chunk.endsWith("\n") ? chunk : `${chunk}\n`, "utf8");
  }
}
