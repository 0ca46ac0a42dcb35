import type { GraphStore, IngestFormat, IngestProgress, IngestSummary } from "@boyd/graph";
import { InvalidArgumentError, type Command } from "commander";
import { printable } from "./agent-format.js";
import { Interrupt } from "./interrupt.js";
import { registerKgMineCommand } from "./kg-mine.js";
import { positiveInt, UsageError } from "./options.js";
import { estimateLines, IngestProgressBar } from "./progress.js";

/** Thrown from the progress callback when Ctrl-C was pressed: stops the ingest between batches. */
class IngestStopped extends Error {
  constructor(readonly progress: IngestProgress) {
    super("stopped");
  }
}

/** Where `boyd kg` finds the graph: the embedded store under a data dir, or Neo4j. */
export interface GraphFlags {
  dataDir: string;
  neo4j?: string;
}

/** Opens the graph the flags name, runs `work`, closes it. */
export async function withGraph<T>(flags: GraphFlags, work: (store: GraphStore) => Promise<T>): Promise<T> {
  // Loaded here, not at start-up: the graph brings the Neo4j driver.
  const { openGraph } = await import("@boyd/orient");
  const { store, report } = await openGraph({
    dataDir: `${flags.dataDir}/graph`,
    ...(flags.neo4j ? { neo4j: { uri: flags.neo4j, database: "neo4j", label: "Symbol" } } : {}),
  });
  if (report?.tornTail) console.error(`boyd: the graph log ended in a torn record (never acknowledged); ${report.tornTail.discardedBytes} bytes were cut off`);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/**
 * One tab-separated output line. Symbols come from ingested files and tools:
 * each field is made printable (a tab inside one is shown as \x09, so the
 * columns stay columns).
 */
function fields(...values: ReadonlyArray<string | number>): string {
  return values.map((v) => printable(String(v))).join("\t");
}

function format(value: string): IngestFormat {
  if (value === "ntriples" || value === "csv" || value === "jsonl") return value;
  throw new InvalidArgumentError(`expected ntriples, csv or jsonl, got ${JSON.stringify(value)}`);
}

/**
 * A file that cannot be ingested as given (missing, a bad line in strict
 * mode, a line over 1 MiB, not UTF-8 text) is the caller's mistake: exit 2
 * with the graph's `file:line: reason`, made printable.
 */
async function asUsageError(err: unknown): Promise<IngestSummary> {
  const { GraphError } = await import("@boyd/graph");
  if (err instanceof GraphError && (err.code === "INVALID_ARGUMENT" || err.code === "NOT_FOUND")) {
    throw new UsageError(printable(err.message), { cause: err });
  }
  throw err;
}

/** `boyd kg ...`: the knowledge graph from a terminal. */
export function registerKgCommands(program: Command): void {
  const kg = program
    .command("kg")
    .description("the knowledge graph: ingest, query, activate, infer")
    .option("--data-dir <dir>", "data directory of the embedded store", process.env["BOYD_DATA_DIR"] ?? ".boyd")
    .option("--neo4j <uri>", "use Neo4j at this Bolt URI instead of the embedded store", process.env["BOYD_NEO4J_URI"]);
  const flags = (): GraphFlags => kg.opts<GraphFlags>();

  kg.command("ingest")
    .description("load N-Triples (.nt), CSV (subject,predicate,object[,confidence]) or JSON Lines, streamed, in atomic batches; Ctrl-C stops after the batch being written")
    .argument("<file>")
    .option("--strict", "fail on the first bad line and keep nothing of the file")
    .option("--format <format>", "ntriples, csv or jsonl (default: from the extension)", format)
    .option("-q, --quiet", "no progress; only the summary and errors")
    .action(async (file: string, opts: { strict?: boolean; format?: IngestFormat; quiet?: boolean }) => {
      const { ingestFile } = await import("@boyd/graph");
      const bar = opts.quiet ? undefined : new IngestProgressBar(printable(file), estimateLines(file), process.stderr);
      const interrupt = new Interrupt();
      const summary = await withGraph(flags(), (store) =>
        ingestFile(store, file, {
          strict: opts.strict ?? false,
          ...(opts.format ? { format: opts.format } : {}),
          // Called after each batch is written: the place where stopping leaves nothing half done.
          onProgress: (p) => {
            bar?.update(p);
            if (interrupt.requested) throw new IngestStopped(p);
          },
        }).catch(asUsageError),
      ).catch((err: unknown) => {
        if (!(err instanceof IngestStopped)) throw err;
        bar?.done();
        console.error(`boyd: stopped at line ${err.progress.lines} of ${printable(file)} with ${err.progress.triples} triples in ${err.progress.batches} whole batches written; run the same ingest again to finish it (triples already there are not added twice)`);
        process.exitCode = 130;
        return undefined;
      }).finally(() => interrupt.release());
      if (!summary) return;
      bar?.done();
      for (const e of summary.errors) console.error(printable(`${file}:${e.line}: ${e.reason}`));
      console.log(
        `${printable(file)}: ${summary.triples} triples from ${summary.lines} lines in ${summary.batches} batches` +
          (summary.skipped ? `; ${summary.skipped} bad lines skipped` : ""),
      );
      if (summary.skipped > 0) process.exitCode = 3;
    });

  kg.command("query")
    .description("print triples matching a pattern (any part may be left open)")
    .option("-s, --subject <id>")
    .option("-p, --predicate <predicate>")
    .option("-o, --object <id>")
    .option("--limit <n>", "at most this many", positiveInt, 100)
    .action(async (opts: { subject?: string; predicate?: string; object?: string; limit: number }) => {
      const { limit, ...pattern } = opts;
      const triples = await withGraph(flags(), (store) => store.query(pattern, { limit }));
      for (const t of triples) console.log(fields(t.subject, t.predicate, t.object, t.confidence));
    });

  kg.command("activate")
    .description("spread activation from seed symbols and print what it reaches, with provenance")
    .argument("<seeds...>")
    .option("--depth <n>", "hops", positiveInt, 2)
    .option("--top-k <n>", "results", positiveInt, 10)
    .action(async (seeds: string[], opts: { depth: number; topK: number }) => {
      const result = await withGraph(flags(), (store) => store.activate({ seeds, maxDepth: opts.depth, topK: opts.topK }));
      for (const a of result.activations) {
        const p = a.provenance;
        const why = p.kind === "seed" ? "seed" : `${p.direction === "out" ? `${p.from} -${p.predicate}->` : `<-${p.predicate}- ${p.from}`} (depth ${p.depth})`;
        console.log(fields(a.activation.toFixed(4), a.symbol, why));
      }
    });

  registerKgMineCommand(kg, flags, withGraph);

  kg.command("infer")
    .description("run the forward-chaining rules and store what they derive")
    .option("--dry-run", "print, do not store")
    .action(async (opts: { dryRun?: boolean }) => {
      const derived = await withGraph(flags(), (store) => store.inferRules({ commit: !opts.dryRun }));
      for (const d of derived) console.log(fields(d.triple.subject, d.triple.predicate, d.triple.object, d.triple.confidence.toFixed(4), d.rule));
      console.log(`${derived.length} triples derived${opts.dryRun ? " (not stored)" : ""}`);
    });
}
