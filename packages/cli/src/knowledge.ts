import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { createClient, isBusError, type Transport } from "@boyd/bus";
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
}

const FORMATS: Record<string, IngestFormat> = { ".csv": IngestFormat.CSV, ".nt": IngestFormat.N_TRIPLES, ".jsonl": IngestFormat.JSON_LINES };

/**
 * Reads the `--kb` files before anything starts, so a typo fails fast
 * with the file named. The format comes from the extension.
 */
export async function readKnowledge(paths: readonly string[]): Promise<KnowledgeFile[]> {
  return Promise.all(
    paths.map(async (path) => {
      const format = FORMATS[extname(path).toLowerCase()];
      if (format === undefined) throw new UsageError(`--kb ${path}: unknown format; use .csv (subject,predicate,object[,confidence]), .nt or .jsonl`);
      const content = await readFile(path).catch((err: NodeJS.ErrnoException) =>
        Promise.reject(new UsageError(`--kb ${path}: ${err.code === "ENOENT" ? "no such file" : err.code === "EISDIR" ? "is a directory" : err.message}`)),
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
    done.push({ path: f.path, lines: Number(r.linesRead), triples: Number(r.triplesAdded), symbols: Number(r.symbolsCreated) });
  }
  return done;
}
