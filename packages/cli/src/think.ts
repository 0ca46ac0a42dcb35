import { readFile } from "node:fs/promises";
import { basename, extname } from "node:path";
import type { ErrorMeasure, ThinkResult, ThinkStep } from "@boyd/controller";
import { ActServiceDefinition, ApprovalMode, LoopState, MemoryServiceDefinition } from "@boyd/proto";
import { InvalidArgumentError, type Command } from "commander";
import { withAct } from "./act.js";
import { positiveInt, unitInterval } from "./options.js";
import { note, outputMode, printResult } from "./output.js";

interface ThinkFlags {
  maxIterations?: number;
  threshold?: number;
  measure?: ErrorMeasure;
  stallPatience?: number;
  ingest?: string[];
  dataDir: string;
  nats?: string;
  agent: string;
}

const MEASURES: readonly ErrorMeasure[] = ["coverage", "jaccard"];

function errorMeasure(value: string): ErrorMeasure {
  const m = MEASURES.find((x) => x === value);
  if (!m) throw new InvalidArgumentError(`expected one of ${MEASURES.join(", ")}, got ${JSON.stringify(value)}`);
  return m;
}

const FORMATS: Record<string, "markdown" | "html" | "text"> = { ".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html" };

const f3 = (n: number): string => n.toFixed(3);

/** One line per iteration: k, error, integral, gain, reward, query. */
export function formatStep(s: ThinkStep): string {
  return `k=${s.k} e=${f3(s.error)} I=${f3(s.integral)} K=${f3(s.gain)} r=${f3(s.reward)} q=${JSON.stringify(s.query)}${s.newTerms.length ? ` +${s.newTerms.join(",")}` : ""}`;
}

/** The closing summary: state, steps, answer passages, promoted count. */
export function formatSummary(r: ThinkResult): string {
  const lines = [`state: ${LoopState[r.state] ?? r.state} after ${r.steps.length} step(s); ${r.reason}`, `measure: ${r.measure}`];
  if (r.missingTerms.length) lines.push(`not found: ${r.missingTerms.join(", ")}`);
  // Passages of a loop that stopped short are what came closest, not an answer.
  const covered = r.state === LoopState.CONVERGED;
  lines.push(r.answer.length === 0 ? "answer: nothing found" : covered ? "answer:" : "no answer: the question is not covered; the closest passages:");
  r.answer.forEach((a, i) => lines.push(`  ${i + 1}. ${a.source ? `[${a.source}] ` : ""}${a.passage.replace(/\s+/g, " ")}`));
  lines.push(`promoted ${r.promoted.length} fact(s) to memory`);
  return lines.join("\n");
}

/** `boyd think "<question>"`: the standalone think loop over the library. */
export function registerThinkCommand(program: Command): void {
  program
    .command("think")
    .description("think about a question: search the library under the PI control loop until the question is covered, stalls or hits the cap")
    .argument("<question>", "the question")
    .option("--max-iterations <n>", "iteration cap (default 10)", positiveInt)
    .option("--threshold <x>", "converged when the error is below this, in [0, 1] (default 0.25)", unitInterval)
    .option(
      "--measure <name>",
      "error measure: coverage (share of the question's terms found so far; default) or jaccard (the seed's 1 - Jaccard of the question and each answer, under which a reward falling --stall-patience steps in a row stops the loop)",
      errorMeasure,
    )
    .option("--stall-patience <n>", "stalled after this many steps in a row with a falling reward or no new question term (default 3)", positiveInt)
    .option("--ingest <file...>", "ingest these text, Markdown or HTML files into the library first")
    .option("--data-dir <dir>", "data directory (graph, memory, act state)", process.env["BOYD_DATA_DIR"] ?? ".boyd")
    .option("--nats <url>", "use a running deployment over NATS instead of running the services here")
    .option("--agent <id>", "agent the library and memory belong to", "cli")
    .action(async (question: string, opts: ThinkFlags) => {
      if (question.trim() === "") throw new InvalidArgumentError("the question is empty");
      // Read the files before starting anything, so a typo fails fast.
      const docs = await Promise.all(
        (opts.ingest ?? []).map(async (path) => ({ path, text: await readFile(path, "utf8").catch((err: NodeJS.ErrnoException) => Promise.reject(new Error(`--ingest ${path}: ${err.code === "ENOENT" ? "no such file" : err.message}`))) })),
      );
      const [{ createClient }, { librarySearchOracle, memoryColdStore, think }] = await Promise.all([import("@boyd/bus"), import("@boyd/controller")]);
      await withAct({ dataDir: opts.dataDir, agent: opts.agent, ...(opts.nats ? { nats: opts.nats } : {}) }, {}, async (transport) => {
        const act = createClient(transport, ActServiceDefinition, { timeoutMs: 60_000 });
        // Fresh cycle numbers per run, so act never replays an earlier call.
        const cycle = Date.now();
        for (const [step, doc] of docs.entries()) {
          const format = FORMATS[extname(doc.path).toLowerCase()] ?? "text";
          const { result } = await act.act({
            agentId: opts.agent,
            // Asked for on the command line; content_ingest only adds to the agent's own graph.
            approvalMode: ApprovalMode.CAUTIOUS,
            decision: { agentId: opts.agent, cycle, call: { toolName: "content_ingest", inputJson: JSON.stringify({ source: basename(doc.path), text: doc.text, format }), idempotencyKey: { agentId: opts.agent, cycle, step } } },
          });
          if (!result?.output?.success) throw new Error(`--ingest ${doc.path}: ${result?.output?.error?.message ?? "failed"}`);
          note(result.output.content);
        }
        const memory = createClient(transport, MemoryServiceDefinition, { timeoutMs: 10_000 });
        const result = await think(question, librarySearchOracle(act, opts.agent, { cycle: cycle + 1 }), {
          control: {
            ...(opts.maxIterations ? { maxIterations: opts.maxIterations } : {}),
            ...(opts.threshold !== undefined ? { convergenceThreshold: opts.threshold } : {}),
            ...(opts.stallPatience ? { stallPatience: opts.stallPatience } : {}),
          },
          ...(opts.measure ? { measure: opts.measure } : {}),
          coldStore: memoryColdStore(memory, opts.agent, { cycle: cycle + 1 }),
          // The iterations are progress: -q (and --json) leave the result alone.
          ...(outputMode().json || outputMode().quiet ? {} : { onStep: (s: ThinkStep) => console.log(formatStep(s)) }),
        });
        printResult(() => ({ ...result, state: LoopState[result.state] }), () => formatSummary(result));
      });
    });
}
