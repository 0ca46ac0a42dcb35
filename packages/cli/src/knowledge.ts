import { open } from "node:fs/promises";
import { extname } from "node:path";
import type { Transport } from "@boyd/bus";
import { isBusError } from "@boyd/bus/plain";
import { IngestFormat, OrientServiceDefinition } from "@boyd/proto";
import { UsageError } from "./options.js";

/** A knowledge file read and ready to send. */
export interface KnowledgeFile {
  readonly path: string;
  readonly format: IngestFormat;
  readonly content: Buffer;
}

/** What one file added. */
export interface Ingested {
  readonly path: string;
  readonly lines: number;
  readonly triples: number;
  readonly symbols: number;
  /** Rules stored (a rules file). */
  readonly rules: number;
}

/**
 * Largest `--kb` file read, in bytes. The whole file travels in one Ingest
 * request, so it is read into memory; without a bound `--kb` on /dev/zero
 * (or a huge file) would fill memory before anything could say so.
 */
export const MAX_KB_FILE_BYTES = 64 * 1024 * 1024;

/** A file's bytes, refused once more than `limit` have been read (a size from stat cannot be trusted: /dev/zero says 0). */
async function readBounded(path: string, limit: number): Promise<Buffer> {
  const file = await open(path, "r");
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(1024 * 1024, limit + 1 - total));
      const { bytesRead } = await file.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) return Buffer.concat(chunks, total);
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > limit) throw new UsageError(`--kb ${path}: larger than ${limit} bytes (64 MiB), the most --kb reads; use \`boyd kg ingest\`, which streams`);
    }
  } finally {
    await file.close();
  }
}

// As `kg ingest` reads them: facts, or Horn rules the agent's reasoning uses.
const FORMATS: Record<string, IngestFormat> = {
  ".csv": IngestFormat.CSV,
  ".nt": IngestFormat.N_TRIPLES,
  ".jsonl": IngestFormat.JSON_LINES,
  ".ndjson": IngestFormat.JSON_LINES,
  ".rules": IngestFormat.RULES,
  ".dl": IngestFormat.RULES,
  ".pl": IngestFormat.RULES,
};

/**
 * Reads the `--kb` files before anything starts, so a typo fails fast
 * with the file named. The format comes from the extension.
 */
export async function readKnowledge(paths: readonly string[]): Promise<KnowledgeFile[]> {
  return Promise.all(
    paths.map(async (path) => {
      const format = FORMATS[extname(path).toLowerCase()];
      if (format === undefined) throw new UsageError(`--kb ${path}: unknown format; use .csv (subject,predicate,object[,confidence]), .nt, .jsonl, or rules (.rules, .dl, .pl)`);
      const content = await readBounded(path, MAX_KB_FILE_BYTES).catch((err: NodeJS.ErrnoException) =>
        err instanceof UsageError ? Promise.reject(err) : Promise.reject(new UsageError(`--kb ${path}: ${err.code === "ENOENT" ? "no such file" : err.code === "EISDIR" ? "is a directory" : err.message}`)),
      );
      return { path, format, content };
    }),
  );
}

/**
 * Loads the files into the graph through OrientService.Ingest, strictly:
 * a file with a bad line adds nothing and fails naming the file and line.
 */
export async function ingestKnowledge(transport: Transport, agentId: string, files: readonly KnowledgeFile[]): Promise<Ingested[]> {
  const { createClient } = await import("@boyd/bus");
  const orient = createClient(transport, OrientServiceDefinition, { timeoutMs: 120_000, agentId });
  const done: Ingested[] = [];
  for (const f of files) {
    const r = await orient
      .ingest({ agentId, format: f.format, source: { $case: "content", value: f.content }, sourceLabel: f.path, strict: true })
      .catch((err: unknown) => {
        // A strict ingest refuses the whole file at its first bad line, naming it.
        if (!isBusError(err) || err.code !== "INVALID_ARGUMENT") throw err;
        throw new UsageError(`--kb ${err.message.startsWith(f.path) ? err.message : `${f.path}: ${err.message}`}`, { cause: err });
      });
    if (r.errors.length) throw new UsageError(r.errors.map((e) => `--kb ${f.path}:${e.line}: ${e.message}`).join("\n"));
    done.push({ path: f.path, lines: Number(r.linesRead), triples: Number(r.triplesAdded), symbols: Number(r.symbolsCreated), rules: Number(r.rulesAdded) });
  }
  return done;
}
