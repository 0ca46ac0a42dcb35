import type { AgentSettings } from "@boyd/controller";
import { AgentServiceRemoveRuleResponse, BehaviorRule, CycleReport, EpisodicEntry, Goal, GoalStatus, Plan, RecallResponse, ReflectionReport } from "@boyd/proto";
import { Option, type Command } from "commander";
import { ensureAgent, findAgent, withAgents, type AgentConnection, type AgentFlags } from "./agent-connection.js";
import { count, formatCycleReport, printable, formatEpisodes, formatGoals, formatPlan, formatRecall, formatReflection } from "./agent-format.js";
import { formatRemovedRule, formatRules } from "./agent-rules.js";
import { followingOver, resumeCommandFor, runWatched, withApprovals } from "./agent-run.js";
import { ingestKnowledge, readKnowledge } from "./knowledge.js";
import { agentId, parseGoal, parseGoals, positiveInt, positiveSeconds, priority, UsageError, usageExits } from "./options.js";
import { REATTACH_TIMEOUT_MS, RUN_LOST_EXIT, RunLostError } from "./run-follow.js";
import { note, printError, printResult, refuseJson } from "./output.js";
import { runRepl } from "./repl.js";
import { addSettingFlags, type SettingFlags } from "./setting-flags.js";

/** Rules `agent rules` lists: all an agent can have. */
const RULES_LISTED = 2_000;

interface RunFlags extends SettingFlags {
  goals: string;
  criteria?: string;
  maxCycles: number;
  fresh?: boolean;
  kb?: string[];
  consolidate: boolean;
  reattachTimeout: number;
}

const GOALS_HELP = `
Goals are separated by ";". A goal may carry its success criteria after "=>":
  "Find the moons that orbit Mars => phobos, deimos"
Without criteria the description itself is what the evidence is checked against.

Examples:
  boyd agent run --kb examples/solar-system.csv --goals "Find the moons that orbit Mars => phobos, deimos"
  boyd agent run --fresh --max-cycles 12 --goals "Find which moons of Saturn have a subsurface ocean => enceladus, subsurface water"
  boyd agent goals
Exit code: 0 when every goal of the run completed, 1 when one failed or is unfinished, 2 for bad usage,
3 when the run was lost (with --nats: no controller answered within --reattach-timeout).`;

/** --reattach-timeout of `run` and `resume`: given in seconds, kept in ms. */
function reattachOption(): Option {
  return new Option("--reattach-timeout <seconds>", "with --nats: how long to wait for a controller that stopped answering (restarting, NATS down) before giving up with exit 3; a restarted one resumes the run")
    .argParser(positiveSeconds)
    .default(REATTACH_TIMEOUT_MS, String(REATTACH_TIMEOUT_MS / 1000));
}

/** What `agent recall` looks for: its words, or --query; one of the two. */
function recallQuery(words: readonly string[], query: string | undefined): string {
  if (words.length > 0 && query !== undefined) throw new UsageError("agent recall: give what to look for once, as words or as --query, not both");
  const text = query ?? words.join(" ");
  if (text.trim() === "") throw new UsageError('agent recall: say what to look for, e.g. boyd agent recall moons of mars (or --query "moons of mars")');
  return text;
}

/** The run's exit code; RUN_LOST_EXIT, with the reason printed, when it could not be followed to its end. */
async function exitOfRun(run: () => Promise<{ exitCode: number }>): Promise<number> {
  try {
    return (await run()).exitCode;
  } catch (err) {
    if (!(err instanceof RunLostError)) throw err;
    printError({ code: "RUN_LOST", message: err.message, exitCode: RUN_LOST_EXIT });
    return RUN_LOST_EXIT;
  }
}

/** `boyd agent ...`: run an agent's OODA loop and look into it. */
export function registerAgentCommands(program: Command): void {
  const agent = usageExits(program.command("agent"))
    .description("run an agent's observe-orient-decide-act loop on goals, and look at its goals, plan, memory")
    .option("--data-dir <dir>", "data directory of the embedded stack (graph, memory, act state)", process.env["BOYD_DATA_DIR"] ?? ".boyd")
    .option("--agent <id>", "agent id", agentId, "default")
    .option("--nats <url>", "talk to a running deployment (`boyd up --nats URL`) instead of starting the services here")
    .option("--workspace <dir>", "the only folder the agent's tools read and write files in (default: $BOYD_WORKSPACE, else <data-dir>/workspace); a deployment (--nats) has its own");
  const flags = (): AgentFlags => agent.opts<AgentFlags>();
  /** One call on the agent, printed as text, or with --json as JSON. */
  const show = async <T>(call: (conn: AgentConnection, id: string) => Promise<T>, toJson: (value: T) => unknown, text: (value: T) => string): Promise<void> => {
    const f = flags();
    const value = await withAgents(f, (conn) => call(conn, f.agent));
    printResult(() => toJson(value), () => text(value));
  };

  const run = agent
    .command("run")
    .description("load knowledge, give the agent goals and run cycles until they are done: one line per cycle, then a summary")
    .requiredOption("--goals <list>", 'goals separated by ";", each "description" or "description => criteria"')
    .option("--criteria <list>", 'success criteria separated by ";", one per goal, for goals without "=>"')
    .option("--max-cycles <n>", "cycles at most in this run", positiveInt, 20)
    .option("--fresh", "start the agent over: forget its stored session and goals")
    .option("--kb <file...>", "load these knowledge files into the graph first: facts (.csv, .nt, .jsonl) or Horn rules (.rules, .dl, .pl)")
    .option("--no-consolidate", "keep working memory as it is at the end (default: consolidate it into episodes)")
    .addOption(reattachOption())
    .addHelpText("after", GOALS_HELP);
  addSettingFlags(run).action(async (opts: RunFlags) => {
      const startedAt = Date.now();
      const goals = parseGoals(opts.goals, opts.criteria);
      const { agentSettingsOf, settingLayers } = await import("./agent-settings.js");
      const settings = agentSettingsOf(await settingLayers(opts));
      const files = await readKnowledge(opts.kb ?? []);
      const f = flags();
      process.exitCode = await withAgents(f, async (conn) => {
        const graphBefore = conn.graph ? (await conn.graph.counts()).triples : undefined;
        const ingested = await ingestKnowledge(conn.transport, f.agent, files);
        for (const i of ingested) note(`${i.path}: ${i.rules ? count(i.rules, "rule") : `${i.triples} triples`} from ${i.lines} lines`);
        // --fresh starts the agent over; the graph is every agent's, so what earlier runs loaded is still there.
        if (opts.fresh && graphBefore) note(`--fresh starts the agent over, not the graph: it held ${graphBefore} triples before this run, and answers may use them; \`boyd kg reset --yes\` (same --data-dir) empties it`);
        const ensured = await ensureAgent(conn.agents, f.agent, { goals, fresh: opts.fresh ?? false, ...settings });
        if (settings.config && ensured.existing) note(`--config, --mode and --iteration-budget apply to a new agent; ${f.agent} exists and keeps its settings (add --fresh to start it over)`);
        note(`agent ${f.agent} ${ensured.created ? "created" : `continued at cycle ${ensured.existing?.cycleCount ?? 0}`} on ${conn.where}; ${goals.length} goal(s), up to ${opts.maxCycles} cycles`);
        const view = { agentId: f.agent, maxCycles: opts.maxCycles, consolidate: opts.consolidate, resumeCommand: resumeCommandFor(f) };
        const setup = { goals: ensured.goals, ingested, ...(graphBefore !== undefined ? { graphBefore } : {}), startedAt };
        return exitOfRun(() => runWatched(conn, view, setup, async () => (await conn.agents.run({ agentId: f.agent, maxCycles: opts.maxCycles })).report, followingOver(conn, f.agent, opts.reattachTimeout)));
      });
    });

  addSettingFlags(
    agent
      .command("config")
      .description("print the settings in force and where each came from (default, file:line, flag); with no file or flag, those of the stored agent"),
  )
    .action(async (opts: SettingFlags) => {
      const [{ formatSettingsInForce, settingLayers, settingsInForce }, { settingsFromProto }] = await Promise.all([import("./agent-settings.js"), import("@boyd/controller")]);
      const layers = await settingLayers(opts);
      const given = opts.config !== undefined || layers.some((l) => Object.keys(l.settings).length > 0);
      if (!given) {
        const f = flags();
        const stored = await withAgents(f, async (conn) => findAgent(conn.agents, f.agent));
        if (stored) layers.push({ settings: settingsFromProto(stored.config, stored.psyche) as AgentSettings, origin: () => `agent ${f.agent} (stored)` });
      }
      const rows = settingsInForce(layers);
      printResult(() => rows, () => formatSettingsInForce(rows));
    });

  agent
    .command("resume")
    .description("continue the agent's stored session where it stopped")
    .option("--max-cycles <n>", "cycles at most in this run", positiveInt, 20)
    .option("--no-consolidate", "keep working memory as it is at the end")
    .addOption(reattachOption())
    .action(async (opts: { maxCycles: number; consolidate: boolean; reattachTimeout: number }) => {
      const f = flags();
      process.exitCode = await withAgents(f, async (conn) => {
        // The goals still open are what the resumed run is judged on.
        const { goals } = await conn.agents.listGoals({ agentId: f.agent, statuses: [GoalStatus.ACTIVE, GoalStatus.PENDING, GoalStatus.SUSPENDED] });
        const view = { agentId: f.agent, maxCycles: opts.maxCycles, consolidate: opts.consolidate, resumeCommand: resumeCommandFor(f) };
        const setup = { goals, ...(conn.graph ? { graphBefore: (await conn.graph.counts()).triples } : {}) };
        return exitOfRun(() => runWatched(conn, view, setup, async () => (await conn.agents.resume({ agentId: f.agent, maxCycles: opts.maxCycles })).report, followingOver(conn, f.agent, opts.reattachTimeout)));
      });
    });

  agent
    .command("cycle")
    .description("run exactly one cycle and show what each phase did")
    .option("--goal <text>", 'add this goal first ("description => criteria")')
    .option("--tell <text>", "tell the agent this first: a percept it observes in the cycle, remembers, and may take as evidence (as `nats pub boyd.percepts.v1.<agent>` sends one)")
    .option("--source <name>", "who is telling it (with --tell; the proof of a goal it meets names it)", "cli")
    .action(async (opts: { goal?: string; tell?: string; source: string }) => {
      const goal = opts.goal !== undefined ? parseGoal(opts.goal, "--goal") : undefined;
      if (opts.tell !== undefined && opts.tell.trim() === "") throw new UsageError("--tell: say something (the text is empty)");
      await show(async (conn, id) => {
          await ensureAgent(conn.agents, id);
          if (opts.tell !== undefined) {
            const { publishPercept } = await import("@boyd/observe");
            await publishPercept(conn.transport, { agentId: id, source: opts.source, content: opts.tell });
          }
          return withApprovals(conn, id, async () => (await conn.agents.cycle({ agentId: id, ...(goal ? { goal } : {}) })).report!);
        },
        (r) => CycleReport.toJSON(r),
        formatCycleReport,
      );
    });

  agent
    .command("add-goal")
    .description("give the agent a goal (creating the agent if needed); it is worked on by the next run")
    .argument("<goal>", '"description" or "description => criteria"')
    .option("--priority <0-255>", "importance, higher first", priority)
    .action(async (text: string, opts: { priority?: number }) => {
      const goal = { ...parseGoal(text, "<goal>"), ...(opts.priority !== undefined ? { priority: opts.priority } : {}) };
      const f = flags();
      const { goals } = await withAgents(f, (conn) => ensureAgent(conn.agents, f.agent, { goals: [goal] }));
      printResult(
        () => goals.map((g) => Goal.toJSON(g)),
        () => goals.map((g) => `added ${printable(g.symbolId)} (priority ${g.priority}; criteria: ${printable(g.successCriteria)})`).join("\n"),
      );
    });

  agent
    .command("goals")
    .description("list the agent's goals with status, priority, criteria and progress")
    .action(() =>
      show(async (conn, id) => (await conn.agents.listGoals({ agentId: id })).goals, (goals) => goals.map((g) => Goal.toJSON(g)), formatGoals),
    );

  agent
    .command("plan")
    .description("show the plan of a goal (the top active goal by default), drafting one if it has none")
    .option("--goal <goal>", "the goal as typed in --goals, the start of it, or its id (e.g. goal:Find the moons that orbit Mars)")
    .action((opts: { goal?: string }) =>
      show(async (conn, id) => (await conn.agents.getPlan({ agentId: id, goalId: opts.goal ?? "", generateIfMissing: true })).plan!, (p) => Plan.toJSON(p), formatPlan),
    );

  agent
    .command("reflect")
    .description("run a reflection pass now: tool success, stagnant goals, adjustments")
    .option("--dry-run", "report the adjustments without applying them")
    .action((opts: { dryRun?: boolean }) =>
      show(async (conn, id) => (await conn.agents.reflect({ agentId: id, apply: !opts.dryRun })).report!, (r) => ReflectionReport.toJSON(r), (r) => formatReflection(r, !opts.dryRun)),
    );

  agent
    .command("consolidate")
    .description("move working memory into episodes now")
    .action(() =>
      show((conn, id) => conn.agents.consolidate({ agentId: id }, { timeoutMs: 60_000 }),
        (r) => ({ episodes: r.episodes.map((e) => EpisodicEntry.toJSON(e)), entriesRemoved: r.entriesRemoved, pressureAfter: r.pressureAfter }),
        (r) => `${r.episodes.length} episode(s) made, ${r.entriesRemoved} working-memory entries removed, pressure now ${r.pressureAfter.toFixed(2)}${r.episodes.length ? `\n${formatEpisodes(r.episodes)}` : ""}`,
      ),
    );

  agent
    .command("recall")
    .description("search the agent's episodes and facts by words and by similarity")
    .argument("[words...]", "what to look for: plain words (or --query)")
    .option("--query <text>", "what to look for: plain words")
    .option("--top-k <n>", "most episodes, and most facts", positiveInt, 5)
    .action((words: string[], opts: { query?: string; topK: number }) => {
      const query = recallQuery(words, opts.query);
      return show((conn, id) => conn.agents.recall({ agentId: id, query, topK: opts.topK }), (r) => RecallResponse.toJSON(r), (r) => formatRecall(r, query));
    });

  agent
    .command("rules")
    .description("list the rules the agent learned from denials and stated preferences (id, what it matches, effect, origin); --remove ID forgets one")
    .option("--remove <id>", "forget this rule (its corrections are removed, so its score correction no longer applies)")
    .action((opts: { remove?: string }) =>
      opts.remove !== undefined
        ? show((conn, id) => conn.agents.removeRule({ agentId: id, ruleId: opts.remove! }), (r) => AgentServiceRemoveRuleResponse.toJSON(r), formatRemovedRule)
        : show(async (conn, id) => (await conn.agents.listRules({ agentId: id, limit: RULES_LISTED })).rules, (rules) => rules.map((r) => BehaviorRule.toJSON(r)), formatRules),
    );

  agent
    .command("repl")
    .description("an interactive loop over one agent: type a goal to run it; ? for the commands")
    .option("--max-cycles <n>", "cycles at most per goal", positiveInt, 20)
    .option("--fresh", "start the agent over")
    .option("--kb <file...>", "load these knowledge files into the graph first")
    .action(async (opts: { maxCycles: number; fresh?: boolean; kb?: string[] }) => {
      refuseJson("agent repl", "is interactive; script it with agent run, cycle, goals ... --json");
      const files = await readKnowledge(opts.kb ?? []);
      const f = flags();
      await withAgents(f, async (conn: AgentConnection) => {
        for (const i of await ingestKnowledge(conn.transport, f.agent, files)) note(`${i.path}: ${i.triples} triples from ${i.lines} lines`);
        const { created, existing } = await ensureAgent(conn.agents, f.agent, { fresh: opts.fresh ?? false });
        note(`agent ${f.agent} ${created ? "created" : `at cycle ${existing?.cycleCount ?? 0} (${existing?.activeGoals ?? 0} active goal(s))`} on ${conn.where}; ? for help`);
        await runRepl(conn, { agentId: f.agent, maxCycles: opts.maxCycles, resumeCommand: resumeCommandFor(f) });
      });
    });
}
