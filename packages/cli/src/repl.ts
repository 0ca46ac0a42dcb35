import { isBusError } from "@boyd/bus/plain";
import { ensureAgent, type AgentConnection } from "./agent-connection.js";
import { formatCycleReport, formatGoals, formatPlan, formatRecall, formatReflection, printable } from "./agent-format.js";
import { followingOver, runWatched, withApprovals } from "./agent-run.js";
import { LineReader } from "./line-reader.js";
import { parseGoal } from "./options.js";

/** Options of {@link runRepl}. */
export interface ReplOptions {
  readonly agentId: string;
  /** Cycles at most per goal. */
  readonly maxCycles: number;
  /** Where commands are read. @default stdin */
  readonly input?: NodeJS.ReadableStream;
  /** `boyd agent ... resume` for this agent, named when Ctrl-C pauses a run. */
  readonly resumeCommand: string;
}

/** The REPL's help, shown on `?`. */
export const REPL_HELP = `  <text>          add the text as a goal ("description => criteria") and run until it is done
  c, cycle        run one cycle
  resume          go on with the goals left (after Ctrl-C paused a run)
  r, reflect      reflect now
  p, plan         the plan of the top active goal
  g, goals        the goals
  recall <query>  search the episodes and facts
  ?, help         this help
  q, quit         leave (Ctrl-D too)
Approvals asked during a run are answered here: [y]es / [n]o / [a]pprove all similar.
Ctrl-C during a run pauses the agent after its current cycle and comes back here; again quits.`;

/**
 * A read-eval-print loop over one agent. Commands are taken one at a
 * time; during a run the same input answers approval prompts, so nothing
 * typed is lost between the two.
 */
export async function runRepl(conn: AgentConnection, options: ReplOptions): Promise<void> {
  const { agentId } = options;
  const lines = new LineReader(options.input ?? process.stdin, process.stdout);
  const view = { agentId, maxCycles: options.maxCycles, lines, resumeCommand: options.resumeCommand, returnsToPrompt: true };
  try {
    for (;;) {
      const line = await lines.next(`${agentId}> `);
      if (line === undefined) break;
      const text = line.trim();
      if (text === "") continue;
      const [word = "", ...rest] = text.split(/\s+/);
      const arg = rest.join(" ");
      try {
        switch (word.toLowerCase()) {
          case "q":
          case "quit":
          case "exit":
            return;
          case "?":
          case "help":
            console.log(REPL_HELP);
            break;
          case "c":
          case "cycle":
            console.log(formatCycleReport(await withApprovals(conn, agentId, async () => (await conn.agents.cycle({ agentId })).report!, { lines })));
            break;
          case "resume":
            await runWatched(conn, view, { goals: [] }, async () => (await conn.agents.resume({ agentId, maxCycles: options.maxCycles })).report, followingOver(conn, agentId));
            break;
          case "r":
          case "reflect":
            console.log(formatReflection((await conn.agents.reflect({ agentId, apply: true })).report!, true));
            break;
          case "p":
          case "plan":
            console.log(formatPlan((await conn.agents.getPlan({ agentId, goalId: arg, generateIfMissing: true })).plan!));
            break;
          case "g":
          case "goals":
            console.log(formatGoals((await conn.agents.listGoals({ agentId })).goals));
            break;
          case "recall":
            if (!arg) console.log("recall needs a query, e.g. recall moons of mars");
            else console.log(formatRecall(await conn.agents.recall({ agentId, query: arg, topK: 5 }), arg));
            break;
          default: {
            const { goals } = await ensureAgent(conn.agents, agentId, { goals: [parseGoal(text, "goal")] });
            // Over NATS a run lost with its controller is resumed, or ends in an error here, and the loop goes on.
            await runWatched(conn, view, { goals }, async () => (await conn.agents.run({ agentId, maxCycles: options.maxCycles })).report, followingOver(conn, agentId));
          }
        }
      } catch (err) {
        // A bad command leaves the loop running.
        console.log(printable(`error: ${isBusError(err) ? `${err.code}: ` : ""}${(err as Error).message}`));
      }
    }
  } finally {
    lines.close();
  }
}
