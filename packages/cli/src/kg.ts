import type { Answer, Goal, GraphStore, IngestFormat, IngestProgress, IngestSummary, Rule } from "@boyd/graph";
import { InvalidArgumentError, type Command } from "commander";
import { printable } from "./agent-format.js";
import { Interrupt } from "./interrupt.js";
import { registerKgMineCommand } from "./kg-mine.js";
import { positiveInt, UsageError } from "./options.js";
import { outputMode, printResult, warn } from "./output.js";
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
  if (report?.tornTail) warn(`the graph log ended in a torn record (never acknowledged); ${report.tornTail.discardedBytes} bytes were cut off`);
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
  if (value === "ntriples" || value === "csv" || value === "jsonl" || value === "rules") return value;
  throw new InvalidArgumentError(`expected ntriples, csv, jsonl or rules, got ${JSON.stringify(value)}`);
}

/** --query's pattern, parsed when the command runs (the parser comes with the graph, loaded then). */
async function goal(value: string): Promise<Goal> {
  const { parseGoal } = await import("@boyd/graph");
  try {
    return parseGoal(value);
  } catch (err) {
    throw new UsageError(`option '--query <atom>' argument ${JSON.stringify(value)} is invalid. ${(err as Error).message}`, { cause: err });
  }
}

/** Stated facts matching the pattern, then what the rules derive for it (backward, nothing written), each derived one with its proof. */
async function queryWithRules(store: GraphStore, pattern: { subject?: string; predicate?: string; object?: string }, limit: number): Promise<{ answers: Answer[]; rules: Map<string, Rule> }> {
  const rules = await store.rules();
  const stated = (await store.query(pattern, { limit })).map((triple): Answer => ({ triple, antecedents: [] }));
  const seen = new Set(stated.map((a) => `${a.triple.subject}\u0000${a.triple.predicate}\u0000${a.triple.object}`));
  const predicates = pattern.predicate ? [pattern.predicate] : [...new Set(rules.map((r) => r.head.predicate))].sort();
  const derived: Answer[] = [];
  for (const predicate of predicates) {
    const result = await store.infer({ mode: "backward", query: { ...pattern, predicate } });
    if (result.mode !== "backward") continue;
    for (const a of result.answers) if (a.rule !== undefined && !seen.has(`${a.triple.subject}\u0000${a.triple.predicate}\u0000${a.triple.object}`)) derived.push(a);
  }
  return { answers: [...stated, ...derived].slice(0, limit), rules: new Map(rules.map((r) => [r.name, r])) };
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
    .description("load N-Triples (.nt), CSV (subject,predicate,object[,confidence]) or JSON Lines, streamed, in atomic batches; or Horn rules (.rules, .dl, .pl); Ctrl-C stops after the batch being written")
    .argument("<file>")
    .option("--strict", "fail on the first bad line and keep nothing of the file")
    .option("--format <format>", "ntriples, csv, jsonl or rules (default: from the extension)", format)
    .action(async (file: string, opts: { strict?: boolean; format?: IngestFormat }) => {
      const { ingestFile } = await import("@boyd/graph");
      const bar = outputMode().quiet ? undefined : new IngestProgressBar(printable(file), estimateLines(file), process.stderr);
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
      )
        .catch((err: unknown) => {
          if (!(err instanceof IngestStopped)) throw err;
          bar?.done();
          warn(`stopped at line ${err.progress.lines} of ${printable(file)} with ${err.progress.triples} triples in ${err.progress.batches} whole batches written; run the same ingest again to finish it (triples already there are not added twice)`);
          if (outputMode().json) printResult(() => ({ file, stopped: true, ...err.progress }), () => "");
          process.exitCode = 130;
          return undefined;
        })
        .finally(() => interrupt.release());
      if (!summary) return;
      bar?.done();
      for (const e of summary.errors) console.error(printable(`${file}:${e.line}: ${e.reason}`));
      printResult(
        () => ({ ...summary, file }),
        () =>
          summary.format === "rules"
            ? `${printable(file)}: ${summary.rules ?? 0} rules from ${summary.lines} lines`
            : `${printable(file)}: ${summary.triples} triples from ${summary.lines} lines in ${summary.batches} batches` + (summary.skipped ? `; ${summary.skipped} bad lines skipped` : ""),
      );
      if (summary.skipped > 0) process.exitCode = 3;
    });

  kg.command("query")
    .description("print triples matching a pattern (any part may be left open), stated and derived by the rules (each derived one with its proof)")
    .option("-s, --subject <id>")
    .option("-p, --predicate <predicate>")
    .option("-o, --object <id>")
    .option("--limit <n>", "at most this many", positiveInt, 100)
    .option("--stated", "stated facts only, no rule-derived ones")
    .action(async (opts: { subject?: string; predicate?: string; object?: string; limit: number; stated?: boolean }) => {
      const { limit, stated, ...pattern } = opts;
      if (stated) {
        const triples = await withGraph(flags(), (store) => store.query(pattern, { limit }));
        printResult(
          () => triples,
          () => triples.map((t) => fields(t.subject, t.predicate, t.object, t.confidence)).join("\n"),
        );
        return;
      }
      const { proofText } = await import("./kg-proofs.js");
      const { answers, rules } = await withGraph(flags(), (store) => queryWithRules(store, pattern, limit));
      printResult(
        () => answers.map((a) => (a.rule === undefined ? a.triple : { ...a.triple, rule: a.rule, proof: proofText(a, rules).trim() })),
        () =>
          answers
            .map((a) => {
              const t = a.triple;
              return a.rule === undefined ? fields(t.subject, t.predicate, t.object, t.confidence) : `${fields(t.subject, t.predicate, t.object, t.confidence, a.rule)}\n${printable(proofText(a, rules))}`;
            })
            .join("\n"),
      );
    });

  kg.command("activate")
    .description("spread activation from seed symbols and print what it reaches, with provenance")
    .argument("<seeds...>")
    .option("--depth <n>", "hops", positiveInt, 2)
    .option("--top-k <n>", "results", positiveInt, 10)
    .action(async (seeds: string[], opts: { depth: number; topK: number }) => {
      const result = await withGraph(flags(), (store) => store.activate({ seeds, maxDepth: opts.depth, topK: opts.topK }));
      const why = (p: (typeof result.activations)[number]["provenance"]) => (p.kind === "seed" ? "seed" : `${p.direction === "out" ? `${p.from} -${p.predicate}->` : `<-${p.predicate}- ${p.from}`} (depth ${p.depth})`);
      printResult(
        () => result.activations,
        () => result.activations.map((a) => fields(a.activation.toFixed(4), a.symbol, why(a.provenance))).join("\n"),
      );
    });

  registerKgMineCommand(kg, flags, withGraph);

  kg.command("reset")
    .description("empty the graph: delete every symbol, fact and rule (the embedded store under --data-dir, or Neo4j); agents, their goals and memory stay")
    .option("--yes", "really delete; without it nothing is changed")
    .action(async (opts: { yes?: boolean }) => {
      const f = flags();
      const where = f.neo4j ? `Neo4j at ${f.neo4j}` : `${f.dataDir}/graph`;
      if (!opts.yes) throw new UsageError(printable(`kg reset deletes every fact and rule of the graph in ${where}; add --yes to do it`));
      const removed = await withGraph(f, async (store) => {
        const before = await store.counts();
        await store.clear();
        return before;
      });
      printResult(
        () => ({ graph: where, removed: { triples: removed.triples, symbols: removed.symbols } }),
        () => printable(`${where}: removed ${removed.triples} triples and ${removed.symbols} symbols; the graph is empty`),
      );
    });

  kg.command("infer")
    .description("forward-chain every rule in force (built-in, declared in the data, from rules files) and store what it derives, each fact with its proof; or, with --query, answer one pattern by backward chaining without storing")
    .option("--dry-run", "print, do not store")
    .option("--query <atom>", 'backward chaining for one pattern, e.g. "speaks(alice, ?)"')
    .option("--max-depth <n>", "backward chaining: deepest nesting of subgoals", positiveInt, 32)
    .action(async (opts: { dryRun?: boolean; query?: string; maxDepth: number }) => {
      const { conflictText, proofText } = await import("./kg-proofs.js");
      const query = opts.query === undefined ? undefined : await goal(opts.query);
      const { result, rules } = await withGraph(flags(), async (store) => {
        const result = await store.infer(query ? { mode: "backward", query, maxDepth: opts.maxDepth } : { mode: "forward", commit: !opts.dryRun });
        return { result, rules: new Map((await store.rules()).map((r) => [r.name, r])) };
      });
      const facts: readonly Answer[] = result.mode === "forward" ? result.derived : result.answers;
      const lines: string[] = [];
      for (const d of facts) {
        const t = d.triple;
        lines.push(fields(t.subject, t.predicate, t.object, t.confidence.toFixed(4), d.rule ?? "stated"));
        if (d.rule !== undefined) lines.push(printable(proofText(d, rules)));
      }
      for (const c of result.conflicts) lines.push(printable(conflictText(c)));
      if (result.mode === "forward") lines.push(`${facts.length} triples derived${opts.dryRun ? " (not stored)" : ""}`);
      else lines.push(`${facts.length} answers; ${facts.filter((a) => a.rule !== undefined).length} triples derived (backward, not stored)`);
      printResult(
        () => ({
          mode: result.mode,
          stored: result.mode === "forward" && !opts.dryRun,
          facts: facts.map((d) => ({ ...d.triple, rule: d.rule ?? "stated", ...(d.rule !== undefined ? { proof: proofText(d, rules).trim() } : {}) })),
          conflicts: result.conflicts.map((c) => conflictText(c)),
        }),
        () => lines.join("\n"),
      );
    });
}
