import { isAbsolute, relative } from "node:path";
import type { NatsTransport, NatsTransportOptions, ServiceClient, Transport } from "@boyd/bus";
import { isBusError } from "@boyd/bus/plain";
import type { GraphStore } from "@boyd/graph";
import { AgentServiceDefinition, type AgentConfig, type AgentInfo, type Goal, type NewGoal, type Psyche } from "@boyd/proto";
import { UsageError } from "./options.js";
import { warn } from "./output.js";

// The bus, the service kit and the stack are loaded when a command connects,
// not when `boyd` starts: `boyd --help` and usage errors stay instant.

/** Where the agent commands find Boyd: a stack started here, or a deployment over NATS. */
export interface AgentFlags {
  /** Data directory of the embedded stack. */
  dataDir: string;
  /** Agent the command is about. */
  agent: string;
  /** A running deployment (`boyd up --nats URL`) instead of a stack in this process. */
  nats?: string;
  /** The embedded stack's tool workspace. @default $BOYD_WORKSPACE, else <dataDir>/workspace */
  workspace?: string;
}

/** An open connection to AgentService. */
export interface AgentConnection {
  readonly transport: Transport;
  readonly agents: ServiceClient<typeof AgentServiceDefinition>;
  /** The graph, when the stack runs in this process (for before/after counts). */
  readonly graph: GraphStore | undefined;
  /** "embedded (<data dir>; files in <workspace>)" or the NATS URL, for messages. */
  readonly where: string;
}

// Runs are as long as their cycles; the run's own limits end them.
const RUN_TIMEOUT_MS = 24 * 3600_000;

/**
 * Connection options for a `--nats` URL with the caller's credentials and
 * TLS read from the environment the way services read theirs
 * (BOYD_NATS_USER + BOYD_NATS_PASSWORD or BOYD_NATS_CREDS_FILE;
 * BOYD_NATS_TLS_CA/CERT/KEY), so a deployment with a user per service
 * (`boyd up --distributed` writes the `client` user's into its data
 * directory) lets the CLI in. A bad combination is a usage error naming
 * the variable.
 */
export async function cliNatsOptions(url: string, name: string, env: NodeJS.ProcessEnv = process.env): Promise<NatsTransportOptions> {
  const { natsConnectOptions, processSettingsFromEnv, SettingsError } = await import("@boyd/service-kit");
  try {
    return natsConnectOptions(processSettingsFromEnv("boyd", { ...env, BOYD_NATS_URL: url, BOYD_OPS_ADDRESS: "off" }), name);
  } catch (err) {
    if (err instanceof SettingsError) throw new UsageError(err.message, { cause: err });
    throw err;
  }
}

/** Connects to the deployment's NATS as the CLI (see cliNatsOptions). */
export async function connectCli(url: string, name: string): Promise<NatsTransport> {
  const options = await cliNatsOptions(url, name);
  const { connectNats } = await import("@boyd/bus");
  return connectNats(options);
}

/**
 * Opens AgentService (a whole stack in this process under the data
 * directory, or a deployment over NATS), runs `work`, and closes what it
 * opened, as `withGraph` and `withAct` do.
 */
export async function withAgents<T>(flags: AgentFlags, work: (c: AgentConnection) => Promise<T>): Promise<T> {
  if (flags.nats) {
    const { createClient } = await import("@boyd/bus");
    const transport = await connectCli(flags.nats, "boyd-cli");
    try {
      return await work({ transport, agents: createClient(transport, AgentServiceDefinition, { timeoutMs: RUN_TIMEOUT_MS }), graph: undefined, where: flags.nats });
    } finally {
      await transport.close();
    }
  }
  const { startStack } = await import("@boyd/stack");
  if (flags.workspace !== undefined && flags.workspace.trim() === "") throw new UsageError("--workspace: an empty path");
  const stack = await startStack({ dataDir: flags.dataDir, ...(flags.workspace ? { workspace: flags.workspace } : {}), onError: (err, where) => warn(`${where}: ${err instanceof Error ? err.message : String(err)}`) });
  try {
    // Where files are read and written: "notes.md" is looked for there, not in the current folder.
    const workspace = stack.act ? `; files in ${shortPath(stack.act.workspace.root)}` : "";
    return await work({ transport: stack.transport, agents: stack.agents, graph: stack.graph, where: `embedded (${flags.dataDir}${workspace})` });
  } finally {
    await stack.stop();
  }
}

/** A path as the person would type it: relative to the current folder when inside it. */
function shortPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === "" ? "." : rel.startsWith("..") || isAbsolute(rel) ? path : rel;
}

/** The agent's status, or undefined when it does not exist. */
export async function findAgent(agents: AgentConnection["agents"], agentId: string): Promise<AgentInfo | undefined> {
  try {
    return (await agents.getAgent({ agentId })).agent;
  } catch (err) {
    if (isBusError(err) && err.code === "NOT_FOUND") return undefined;
    throw err;
  }
}

/** Options of {@link ensureAgent}. */
export interface EnsureOptions {
  /** Goals to give the agent (at creation, or added to an existing one). */
  readonly goals?: readonly NewGoal[];
  /** Start over: discard the stored session. */
  readonly fresh?: boolean;
  /** Settings of a new agent (file and flags merged). */
  readonly config?: AgentConfig;
  /** Psyche of a new agent. */
  readonly psyche?: Psyche;
}

/** What {@link ensureAgent} did. */
export interface Ensured {
  /** Whether the agent was created (or recreated) now. */
  readonly created: boolean;
  /** The goals given, as stored. */
  readonly goals: Goal[];
  /** The agent before, when it existed and was kept. */
  readonly existing: AgentInfo | undefined;
}

/**
 * Makes sure the agent exists and has the goals: creates it (fresh when
 * asked), or adds the goals to the one there.
 */
export async function ensureAgent(agents: AgentConnection["agents"], agentId: string, options: EnsureOptions = {}): Promise<Ensured> {
  const goals = options.goals ?? [];
  const existing = options.fresh ? undefined : await findAgent(agents, agentId);
  if (existing) {
    const added: Goal[] = [];
    for (const goal of goals) added.push((await agents.addGoal({ agentId, goal })).goal!);
    return { created: false, goals: added, existing };
  }
  const r = await agents.createAgent({
    agentId,
    goals: [...goals],
    fresh: options.fresh ?? false,
    ...(options.config ? { config: options.config } : {}),
    ...(options.psyche ? { psyche: options.psyche } : {}),
  });
  return { created: true, goals: r.goals, existing: undefined };
}
