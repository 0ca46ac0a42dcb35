import { Readable } from "node:stream";
import { TextDecoder } from "node:util";
import { GraphError } from "../errors.js";

/**
 * Longest line ingest reads, in bytes (UTF-8, after any conversion). A longer
 * line is refused while it streams in, before it is held whole: an input with
 * no line break (/dev/zero) would otherwise grow one string until V8 gives up.
 */
export const MAX_LINE_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The encoding a byte-order mark announces; UTF-16 input is converted to UTF-8 text. */
type Encoding = "utf-8" | "utf-16le" | "utf-16be";

function bomOf(head: Buffer): { encoding: Encoding; length: number } {
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: "utf-16le", length: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: "utf-16be", length: 2 };
  if (head.subarray(0, 3).equals(UTF8_BOM)) return { encoding: "utf-8", length: 3 };
  return { encoding: "utf-8", length: 0 };
}

/** A refusal of the whole input at one line: INVALID_ARGUMENT `name:line: reason`. */
function refuse(name: string, line: number, reason: string): GraphError {
  return new GraphError("INVALID_ARGUMENT", `${name}:${line}: ${reason}`);
}

/**
 * Byte chunks of a stream as UTF-8. A UTF-8 byte-order mark is dropped; a
 * UTF-16 (LE or BE) one makes the rest be decoded from UTF-16 and re-encoded,
 * so a file saved as "Unicode" by an editor ingests like its UTF-8 twin. The
 * decoder is streaming, so a character split across chunks survives.
 */
async function* utf8Chunks(input: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  let decoder: TextDecoder | undefined;
  let first = true;
  let head = Buffer.alloc(0);
  for await (const piece of input) {
    let chunk = typeof piece === "string" ? Buffer.from(piece, "utf8") : piece;
    if (first) {
      // A BOM is at most 3 bytes; wait for them unless the input is shorter.
      head = Buffer.concat([head, chunk]);
      if (head.length < 3) continue;
      chunk = head;
      first = false;
      const bom = bomOf(chunk);
      chunk = chunk.subarray(bom.length);
      if (bom.encoding !== "utf-8") decoder = new TextDecoder(bom.encoding);
    }
    yield decoder ? Buffer.from(decoder.decode(chunk, { stream: true }), "utf8") : chunk;
  }
  if (first && head.length > 0) {
    const bom = bomOf(head);
    const rest = head.subarray(bom.length);
    yield bom.encoding === "utf-8" ? rest : Buffer.from(new TextDecoder(bom.encoding).decode(rest), "utf8");
  } else if (decoder) {
    const tail = decoder.decode();
    if (tail !== "") yield Buffer.from(tail, "utf8");
  }
}

/** Turns one line's bytes into text, refusing what is not UTF-8 text. */
function decodeLine(bytes: Buffer, name: string, line: number, decoder: TextDecoder): string {
  let end = bytes.length;
  if (end > 0 && bytes[end - 1] === 0x0d) end--;
  const body = bytes.subarray(0, end);
  const nul = body.indexOf(0);
  if (nul >= 0) {
    throw refuse(name, line, `NUL byte at byte ${nul + 1} of the line: not UTF-8 text (a UTF-16 file needs its byte-order mark)`);
  }
  try {
    return decoder.decode(body);
  } catch {
    throw refuse(name, line, "invalid UTF-8 (convert the file to UTF-8)");
  }
}

/**
 * The lines of a byte stream, with bounded memory: bytes are split at "\n"
 * as they arrive and a line is refused as soon as it passes
 * {@link MAX_LINE_BYTES}, so no more than that (plus one chunk) is ever held.
 * "\r\n" counts as one break, as readline does. Lines with NUL bytes or
 * invalid UTF-8 are refused; a refusal is a GraphError INVALID_ARGUMENT
 * naming `name:line`, and stops the whole input.
 */
export async function* boundedLines(input: Readable | AsyncIterable<Buffer | string>, name: string): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let line = 0;
  try {
    for await (const chunk of utf8Chunks(input)) {
      let start = 0;
      for (;;) {
        const nl = chunk.indexOf(NEWLINE, start);
        const end = nl < 0 ? chunk.length : nl;
        if (pendingBytes + (end - start) > MAX_LINE_BYTES) {
          throw refuse(name, line + 1, `line longer than ${MAX_LINE_BYTES} bytes (1 MiB), the most ingest reads`);
        }
        if (nl < 0) {
          if (end > start) {
            pending.push(chunk.subarray(start));
            pendingBytes += end - start;
          }
          break;
        }
        const bytes = pending.length === 0 ? chunk.subarray(start, nl) : Buffer.concat([...pending, chunk.subarray(start, nl)]);
        pending = [];
        pendingBytes = 0;
        yield decodeLine(bytes, name, ++line, decoder);
        start = nl + 1;
      }
    }
    if (pendingBytes > 0) yield decodeLine(Buffer.concat(pending), name, ++line, decoder);
  } finally {
    // Leaving early (strict mode stops at the first bad line) must release the file.
    if (input instanceof Readable) input.destroy();
  }
}
