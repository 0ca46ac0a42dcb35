import { agentEventChannel, createClient, NatsTransport, serveService, type EventChannel, type ServiceBinding, type Transport } from "@boyd/bus";
import { ActServiceDefinition, MemoryServiceDefinition, OrientServiceDefinition, type Event } from "@boyd/proto";
import type { TextEncoder } from "@boyd/vsa";
import { ApprovalBroker } from "./approvals.js";
import { builtinTools } from "./builtin-tools.js";
import type { ActConfig } from "./config.js";
import { loadCustomTools } from "./custom-tools.js";
import { createActHandlers } from "./handlers.js";
import { IdempotencyLedger } from "./idempotency.js";
import { busMemorySink, type MemorySink } from "./memory-sink.js";
import type { HostLookup } from "./net/guarded-fetch.js";
import { ToolRegistry } from "./registry.js";
import { askedCommands, compilePolicy, type PolicyConfig } from "./safety/policy.js";
import { bubblewrapRunner, DEFAULT_SANDBOX_USER, probeBubblewrap, unconfinedRunner, type ConfinedRunner, type RunnerOptions } from "./sandbox/confined-exec.js";
import { Workspace } from "./sandbox/workspace.js";
import { SessionApprovals } from "./session-approvals.js";
import { openFileRecordStore } from "./state/file-store.js";
import { openKvRecordStore } from "./state/kv-store.js";
import type { RecordStore } from "./state/record-store.js";
import { JobBook } from "./tools/jobs.js";

/** The logger act writes to (pino's shape). */
export interface ActLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Options of {@link startAct}. */
export interface StartActOptions {
  readonly transport: Transport;
  readonly config: Pick<ActConfig, "dataDir" | "workspace" | "configDir" | "file" | "kvBucket" | "kvReplicas">;
  /** Where approval events go. @default live events on the transport */
  readonly events?: EventChannel<Event>;
  /** State store. @default JetStream KV on a NATS transport when config.kvBucket is set, else files under dataDir */
  readonly store?: RecordStore;
  /** The runner for shell_exec; null = none. @default probe bubblewrap, else unconfined if allowed */
  readonly runner?: ConfinedRunner | null;
  /** DNS for http_fetch (tests). */
  readonly lookup?: HostLookup;
  readonly encoder?: TextEncoder;
  /**
   * The unprivileged user commands run as when the service runs as root
   * (it owns the workspace). Processes are limited per user, so services
   * sharing one machine should each have their own. @default 65534
   */
  readonly sandboxUser?: { readonly uid: number; readonly gid: number };
  readonly log?: ActLogger;
  readonly now?: () => number;
}

/** A running act service. */
export interface ActService {
  readonly binding: ServiceBinding;
  readonly registry: ToolRegistry;
  readonly jobs: JobBook;
  readonly workspace: Workspace;
  readonly approvals: ApprovalBroker;
  /** Which runner shell_exec uses, or why it has none. */
  readonly shell: { readonly kind: "bubblewrap" | "unconfined" | "disabled"; readonly reason?: string };
  readonly memory: MemorySink;
  /** Resolves when the state store answers (readiness). */
  checkStore(): Promise<void>;
  stop(): Promise<void>;
}

const quiet: ActLogger = { info() {}, warn() {}, error() {} };

/**
 * Starts the act service on a transport: opens the workspace and the state
 * store, finds out whether commands can be confined, registers the
 * built-in and configured tools, and serves ActService.
 */
export async function startAct(options: StartActOptions): Promise<ActService> {
  const { transport, config } = options;
  const log = options.log ?? quiet;
  const root = process.getuid?.() === 0;
  // As root, commands run as the sandbox user: the workspace must be theirs.
  const sandboxUser = options.sandboxUser ?? DEFAULT_SANDBOX_USER;
  const workspace = await Workspace.open(config.workspace, root ? { owner: sandboxUser } : {});
  const store = options.store ?? (config.kvBucket && transport instanceof NatsTransport ? await openKvRecordStore(transport.connection, { bucket: config.kvBucket, ...(config.kvReplicas ? { replicas: config.kvReplicas } : {}) }) : await openFileRecordStore(config.dataDir));
  try {
    const shell = await chooseRunner(options.runner, config.file.shell.allowUnconfined, log, root ? { runAs: sandboxUser } : {}, workspace.root);

    const orient = createClient(transport, OrientServiceDefinition, { timeoutMs: 30_000 });
    const memoryClient = createClient(transport, MemoryServiceDefinition, { timeoutMs: 10_000 });
    const memory = busMemorySink(transport, { onDrop: (what, err) => log.warn({ err }, `memory unreachable; dropped ${what}`) });
    const jobs = new JobBook(store, options.now);
    const registry = new ToolRegistry();
    const { shell: shellFile, http, policy, tools, approvalTimeoutMs } = config.file;
    const shellLimits = { ...(shellFile.timeoutMs ? { timeoutMs: shellFile.timeoutMs } : {}), ...(shellFile.cpuSeconds ? { cpuSeconds: shellFile.cpuSeconds } : {}), ...(shellFile.memoryBytes ? { memoryBytes: shellFile.memoryBytes } : {}), ...(shellFile.maxProcesses ? { maxProcesses: shellFile.maxProcesses } : {}) };
    for (const tool of builtinTools({ orient, memory: memoryClient, workspace, runner: shell.runner, runnerMissing: shell.reason, shellLimits, http, lookup: options.lookup, jobs, encoder: options.encoder, questionTimeoutMs: approvalTimeoutMs })) {
      registry.register(tool);
    }
    for (const tool of await loadCustomTools(tools, { runner: shell.runner, workspace, baseDir: config.configDir })) registry.register(tool, `custom tool ${tool.descriptor.name}`);

    const events = options.events ?? agentEventChannel({ transport });
    const approvals = new ApprovalBroker(transport, (agentId, kind, event) => events.publish(agentId, kind, event), options.now);
    const ledger = new IdempotencyLedger(
      store,
      options.now,
      undefined,
      (key, err) => log.warn({ err, key }, "a call's result was not recorded; a redelivery of it will be reported interrupted"),
      (agentId, err) => log.warn({ err, agentId }, "records of committed calls were not forgotten; the next sweep tries again"),
    );
    const handlers = createActHandlers({
      registry,
      policy: compilePolicy(withCustomPrograms(policy, tools)),
      approvals,
      sessions: new SessionApprovals(store),
      ledger,
      memory,
      approvalTimeoutMs,
      now: options.now,
    });
    const binding = await serveService(transport, ActServiceDefinition, handlers);
    log.info({ tools: registry.catalog().length, shell: shell.kind, workspace: workspace.root, mode: policy.mode }, "act serving");
    return {
      binding,
      registry,
      jobs,
      workspace,
      approvals,
      shell: { kind: shell.kind, ...(shell.reason ? { reason: shell.reason } : {}) },
      memory,
      async checkStore() {
        await store.get("boyd-readiness-probe");
      },
      async stop() {
        await binding.stop();
        await ledger.settled();
        await memory.close();
        await store.close();
      },
    };
  } catch (err) {
    // A later start-up step failed: the store opened here is closed, letting go of its directory.
    if (!options.store) await store.close().catch(() => {});
    throw err;
  }
}

async function chooseRunner(given: ConfinedRunner | null | undefined, allowUnconfined: boolean, log: ActLogger, user: RunnerOptions, workspace: string): Promise<{ runner: ConfinedRunner | undefined; kind: "bubblewrap" | "unconfined" | "disabled"; reason?: string }> {
  if (given === null) return { runner: undefined, kind: "disabled", reason: "no runner was configured" };
  if (given) return { runner: given, kind: given.kind };
  // Probed in the workspace itself: one the sandbox cannot mount disables the shell at start-up, with the reason, instead of failing each call.
  const probe = await probeBubblewrap(undefined, { ...user, workspace });
  if (probe.ok) return { runner: bubblewrapRunner(user), kind: "bubblewrap" };
  if (allowUnconfined) {
    log.warn({ reason: probe.reason }, "bubblewrap cannot run; shell_exec runs UNCONFINED because the operator allowed it");
    return { runner: unconfinedRunner({ acknowledgeUnconfined: true, ...user }), kind: "unconfined", reason: probe.reason };
  }
  log.warn({ reason: probe.reason }, "bubblewrap cannot run; shell_exec is disabled");
  return { runner: undefined, kind: "disabled", reason: probe.reason };
}

// A configured command tool is the operator's own: its program is asked for
// (or allowed, when the tool is declared safe) without listing it twice.
function withCustomPrograms(policy: PolicyConfig, tools: StartActOptions["config"]["file"]["tools"]): PolicyConfig {
  const allow = [...policy.allow.commands];
  const ask = askedCommands(policy);
  for (const t of tools) {
    if (!("command" in t)) continue;
    const program = t.command[0]!;
    if ([...allow, ...ask].includes(program)) continue;
    (t.danger === "safe" ? allow : ask).push(program);
  }
  return { ...policy, allow: { ...policy.allow, commands: allow }, ask: { ...policy.ask, commands: ask } };
}
