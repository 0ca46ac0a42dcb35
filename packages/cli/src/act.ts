import { printable, printableLines } from "./agent-format.js";
import { resolve } from "node:path";
import type { ServiceBinding, Transport } from "@boyd/bus";
import { ActionOutcome, ActionResult, ActServiceDefinition, AgentServiceDefinition, ApprovalMode } from "@boyd/proto";
import { InvalidArgumentError, type Command } from "commander";
import { answeringApprovals } from "./approval-prompt.js";
import { approvalMode } from "./options.js";
import { note, printResult, refuseJson, warn } from "./output.js";

interface ActFlags {
  dataDir: string;
  nats?: string;
  agent: string;
}

interface RunFlags {
  mode?: ApprovalMode;
  workspace?: string;
  config?: string;
  approvalTimeout?: number;
}

function millis(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`expected milliseconds (a positive integer), got ${JSON.stringify(value)}`);
  return n;
}

/**
 * Runs `work` against act (a remote deployment over NATS, or act, orient
 * and memory in this process under the data directory), then closes what
 * it opened, as `withGraph` does for the graph.
 */
export async function withAct<T>(flags: ActFlags, run: RunFlags, work: (transport: Transport) => Promise<T>): Promise<T> {
  const { transport, close } = await openAct(flags, run);
  try {
    return await work(transport);
  } finally {
    await close();
  }
}

async function openAct(flags: ActFlags, run: RunFlags): Promise<{ transport: Transport; close(): Promise<void> }> {
  // The services are loaded when a command runs them, not when `boyd` starts.
  const { connectNats, InProcessTransport } = await import("@boyd/bus");
  if (flags.nats) {
    const transport = await connectNats({ servers: flags.nats, name: "boyd-cli" });
    return { transport, close: () => transport.close() };
  }
  const [{ configFromEnv, startAct }, { openFileStore, serveMemory }, { openGraph, serveOrient }] = await Promise.all([import("@boyd/act"), import("@boyd/memory"), import("@boyd/orient")]);
  const transport = new InProcessTransport();
  const env = configFromEnv({ ...process.env, BOYD_DATA_DIR: flags.dataDir, ...(run.config ? { BOYD_ACT_CONFIG: run.config } : {}), ...(run.workspace ? { BOYD_WORKSPACE: resolve(run.workspace) } : {}) });
  // Closed last first; what opened before a failure (another process holding a store's directory) is closed too.
  const closers: Array<() => Promise<void>> = [];
  const close = async (): Promise<void> => {
    for (const c of closers.reverse()) await c();
  };
  try {
    const { store: graph } = await openGraph({ dataDir: `${flags.dataDir}/graph` });
    closers.push(() => graph.close());
    const memory = await openFileStore({ dir: `${flags.dataDir}/memory` });
    closers.push(() => memory.close());
    const bindings: ServiceBinding[] = [await serveOrient(transport, graph), await serveMemory(transport, memory)];
    closers.push(async () => {
      for (const b of bindings) await b.stop();
    });
    const act = await startAct({ transport, config: env });
    closers.push(() => act.stop());
    if (act.shell.kind !== "bubblewrap") warn(`shell_exec is ${act.shell.kind}${act.shell.reason ? ` (${act.shell.reason})` : ""}`);
    return { transport, close };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}

/** Answers approval requests at the terminal through act's ResolveApproval. */
async function answerThroughAct<T>(transport: Transport, agentId: string, work: () => Promise<T>): Promise<T> {
  const { createClient } = await import("@boyd/bus");
  const client = createClient(transport, ActServiceDefinition, { timeoutMs: 10_000 });
  return answeringApprovals(transport, agentId, (decision) => client.resolveApproval({ decision }), work);
}

/** One result as a person reads it. */
export function formatResult(r: ActionResult): string {
  const out = r.output;
  const head = `${printable(r.toolName)}: ${ActionOutcome[r.outcome]?.toLowerCase().replaceAll("_", " ") ?? r.outcome}${out?.truncated ? ` (output cut at ${out.content.length} of ${out.outputBytes} bytes)` : ""} in ${r.durationMs} ms`;
  const why = r.safety?.reason ? `\nsafety: ${printable(r.safety.reason)}` : "";
  const body = out?.success ? out.content : `error: ${printable(out?.error?.message ?? "unknown")}${out?.content && out.content !== out.error?.message ? `\n${out.content}` : ""}`;
  // Tool output is whatever a file, a page or a program held.
  return `${head}${why}\n${printableLines(body.replace(/\n$/, ""))}`;
}

/** `boyd act ...` and `boyd approvals`: tools and approvals from a terminal. */
export function registerActCommands(program: Command): void {
  const act = program
    .command("act")
    .description("the act service: list tools, run one through the sandbox and the safety guardian")
    .option("--data-dir <dir>", "data directory (graph, memory, act state, default workspace)", process.env["BOYD_DATA_DIR"] ?? ".boyd")
    .option("--nats <url>", "call a running deployment over NATS instead of running act here")
    .option("--agent <id>", "agent the call is made for", "cli");
  const flags = (): ActFlags => act.opts<ActFlags>();

  act
    .command("tools")
    .description("list the tool catalog: danger, capabilities, required inputs")
    .action(async () => {
      const { createClient } = await import("@boyd/bus");
      const { tools } = await withAct(flags(), {}, (transport) => createClient(transport, ActServiceDefinition).listTools({ agentId: flags().agent }));
      printResult(
        () => tools.map((t) => ({ ...t, inputSchema: JSON.parse(t.inputSchemaJson || "{}") as unknown, inputSchemaJson: undefined })),
        () => tools.map((t) => `${t.name.padEnd(18)} ${["", "safe", "cautious", "dangerous", "critical"][t.danger]!.padEnd(9)} ${t.requiredParams.join(",").padEnd(22)} ${printable(t.description)}`).join("\n"),
      );
    });

  act
    .command("run")
    .description("run one tool call; approvals are asked here ([y]es / [n]o / [a]pprove all similar)")
    .argument("<tool>", "tool name, e.g. file_io")
    .argument("[input]", "input as a JSON object", "{}")
    .option("--mode <mode>", "approval mode: safe, cautious, paranoid or yolo (default: the policy's)", approvalMode)
    .option("--workspace <dir>", "workspace directory (default: <data-dir>/workspace)")
    .option("--config <file>", "act configuration file (policy, custom tools, limits)")
    .option("--approval-timeout <ms>", "how long an approval waits", millis)
    .action(async (tool: string, input: string, opts: RunFlags) => {
      const [{ createClient }, { ActFileConfig, loadActConfigFile }] = await Promise.all([import("@boyd/bus"), import("@boyd/act")]);
      if (opts.config) loadActConfigFile(opts.config); // named errors before anything starts
      else ActFileConfig.parse({});
      const f = flags();
      const { result } = await withAct(f, opts, (transport) => {
        const client = createClient(transport, ActServiceDefinition, { timeoutMs: 24 * 3600 * 1000 });
        // A fresh cycle number per run: each invocation is a new call, never a replay.
        const cycle = Date.now();
        return answerThroughAct(transport, f.agent, () =>
          client.act({
            agentId: f.agent,
            approvalMode: opts.mode ?? ApprovalMode.UNSPECIFIED,
            ...(opts.approvalTimeout ? { approvalTimeoutMs: opts.approvalTimeout } : {}),
            decision: { agentId: f.agent, cycle, call: { toolName: tool, inputJson: input, idempotencyKey: { agentId: f.agent, cycle, step: 0 } } },
          }),
        );
      });
      printResult(() => ActionResult.toJSON(result!), () => formatResult(result!));
      if (!result!.output?.success) process.exitCode = result!.outcome === ActionOutcome.EXECUTED ? 1 : 3;
    });

  program
    .command("approvals")
    .description("answer the approval requests and questions of agents in a running deployment")
    .requiredOption("--nats <url>", "NATS server of the deployment")
    .option("--agent <id>", "only this agent's requests", "*")
    .action(async (opts: { nats: string; agent: string }) => {
      refuseJson("approvals", "is interactive (it asks at the prompt); list requests with grpcurl ... ListApprovals");
      const { connectNats, createClient } = await import("@boyd/bus");
      const transport = await connectNats({ servers: opts.nats, name: "boyd-approvals" });
      note(`answering approvals for ${opts.agent === "*" ? "every agent" : opts.agent} on ${opts.nats}; Ctrl-C to stop`);
      // Through AgentService: it knows the requests raised before this started, and answers reach act from there.
      const agents = createClient(transport, AgentServiceDefinition, { timeoutMs: 10_000 });
      const waiting = async () => (await agents.listApprovals({ agentId: opts.agent === "*" ? "" : opts.agent })).requests;
      await answeringApprovals(transport, opts.agent, (decision) => agents.resolveApproval({ decision }), () => new Promise<void>((resolve) => process.once("SIGINT", resolve)), { waiting });
      await transport.close();
    });
}
