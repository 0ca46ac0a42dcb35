import * as grpc from "@grpc/grpc-js";
import type { NatsConnection } from "@nats-io/transport-node";
import type {
  AgentInfo,
  ApprovalRequest,
  BehaviorRule,
  CycleReport,
  Event,
  Goal,
  Plan,
  ReflectionReport,
  RunCyclesResponse,
} from "@boyd/proto";
import { serverStream, unary, type CallContext, type CallOptions, type RequestInput, type ResponseOf, type UnaryMethod } from "./calls.js";
import { channelSecurity, type SecurityOptions } from "./credentials.js";
import { renderVisibly as printable } from "@boyd/bus";
import { InternalError, UnavailableError } from "./errors.js";
import { busEvents, connectEventBus, type NatsOptions } from "./nats-events.js";

/** Options of {@link connect}. */
export interface ConnectOptions extends SecurityOptions {
  /** The controller's gRPC address, `host:port` (`boyd up` prints it; default there 127.0.0.1:50051). */
  readonly address: string;
  /**
   * Deadline of every unary call that sets none itself, ms. Streams never
   * get it: a live WatchEvents runs until you leave the loop.
   * @default none (a Run waiting for a person may take long)
   */
  readonly defaultDeadlineMs?: number;
  /**
   * How long `connect` waits for the server to answer before failing with
   * UnavailableError; 0 connects lazily, on the first call.
   * @default 10_000
   */
  readonly connectTimeoutMs?: number;
  /** Extra grpc-js channel options (keepalive, message sizes...). */
  readonly channelOptions?: Partial<grpc.ChannelOptions>;
  /** NATS access, for `watchEvents(id, { via: "nats" })`: events straight off the bus. */
  readonly nats?: NatsOptions;
}

/** Options of {@link BoydClient.watchEvents}. */
export interface WatchOptions extends CallOptions {
  /** Replay stored events from this sequence on before the live ones; 0 (the default) is live only. */
  readonly fromSequence?: number;
  /** Only these event kinds (EventKind values); all when empty. */
  readonly kinds?: RequestInput<"watchEvents">["kinds"];
  /**
   * "grpc" (the default) streams WatchEvents from the controller; "nats"
   * subscribes to the event subjects on the bus (needs the `nats` connect
   * option; live events only, so no `fromSequence`, `kinds` or `deadlineMs`).
   */
  readonly via?: "grpc" | "nats";
}

/** One item of {@link BoydClient.runCycles}: an event of the run, then the run's report last. */
export type RunCyclesItem = NonNullable<RunCyclesResponse["kind"]>;

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Connects to a Boyd controller's gRPC port and returns a typed client.
 * Waits until the server answers (see `connectTimeoutMs`), so a wrong
 * address fails here, not on the first call.
 *
 * ```ts
 * const client = await connect({ address: "127.0.0.1:50051" });
 * const { agent } = await client.createAgent({ agentId: "mars", goals: [{ description: "Find the moons that orbit Mars" }] });
 * for await (const event of client.watchEvents(agent.agentId)) { ... }
 * await client.close();
 * ```
 */
export async function connect(options: ConnectOptions): Promise<BoydClient> {
  const address = checkAddress(options.address);
  checkPositive("defaultDeadlineMs", options.defaultDeadlineMs);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  if (!Number.isFinite(connectTimeoutMs) || connectTimeoutMs < 0) throw new TypeError(`connect: connectTimeoutMs must be 0 or a positive number of milliseconds, got ${String(connectTimeoutMs)}`);
  const { credentials, interceptors } = channelSecurity(options);
  const channel = new grpc.Client(address, credentials, { ...options.channelOptions, interceptors });
  if (connectTimeoutMs > 0) {
    try {
      await waitForReady(channel, connectTimeoutMs);
    } catch (err) {
      channel.close();
      throw new UnavailableError(`could not reach ${address} within ${connectTimeoutMs} ms`, "connect", { cause: err });
    }
  }
  let bus: NatsConnection | undefined;
  try {
    bus = options.nats ? await connectEventBus(options.nats) : undefined;
  } catch (err) {
    channel.close();
    throw err;
  }
  return new BoydClient(channel, options.defaultDeadlineMs, bus);
}

/**
 * A connection to Boyd's AgentService. Every method takes {@link CallOptions}
 * last (deadline, AbortSignal, metadata) and fails with a typed BoydError.
 * Methods the server gains before this client has a wrapper for them are
 * reachable through {@link BoydClient.call}.
 */
export class BoydClient {
  private readonly streams = new Set<{ cancel(): void }>();
  // Ends the NATS event loops on close(), as cancelling does the gRPC streams.
  private readonly closing = new AbortController();
  private readonly ctx: CallContext;
  private closed = false;

  /** Use {@link connect}. */
  constructor(
    private readonly channel: grpc.Client,
    defaultDeadlineMs: number | undefined,
    private readonly bus?: NatsConnection,
  ) {
    this.ctx = {
      channel,
      defaultDeadlineMs,
      track: (call) => {
        this.streams.add(call);
        return () => this.streams.delete(call);
      },
    };
  }

  /** Calls any unary AgentService method by its key, e.g. `call("getAgent", { agentId })`. */
  call<K extends UnaryMethod>(method: K, request: RequestInput<K>, options?: CallOptions): Promise<ResponseOf<K>> {
    this.assertOpen(method);
    return unary(this.ctx, method, request, options);
  }

  /** Registers an agent, with its first goals if given. ALREADY_EXISTS unless `fresh`. */
  createAgent(request: RequestInput<"createAgent">, options?: CallOptions): Promise<ResponseOf<"createAgent">> {
    return this.call("createAgent", request, options);
  }

  /** An agent's status, pending approvals included. NotFoundError for an unknown id. */
  async getAgent(agentId: string, options?: CallOptions): Promise<AgentInfo> {
    return required((await this.call("getAgent", { agentId }, options)).agent, "GetAgent", "agent");
  }

  /** One page of agents; pass `nextPageToken` back as `pageToken` for the next. */
  listAgents(request: RequestInput<"listAgents"> = {}, options?: CallOptions): Promise<ResponseOf<"listAgents">> {
    return this.call("listAgents", request, options);
  }

  /** Every agent, page after page. */
  async *allAgents(options?: CallOptions & { readonly pageSize?: number }): AsyncGenerator<AgentInfo, void, undefined> {
    let pageToken = "";
    do {
      const page = await this.listAgents({ pageToken, ...(options?.pageSize ? { limit: options.pageSize } : {}) }, options);
      yield* page.agents;
      pageToken = page.nextPageToken;
    } while (pageToken);
  }

  /** Gives an agent a new goal; answers with the stored goal. */
  async addGoal(agentId: string, goal: RequestInput<"addGoal">["goal"], options?: CallOptions): Promise<Goal> {
    return required((await this.call("addGoal", { agentId, goal }, options)).goal, "AddGoal", "goal");
  }

  /** An agent's goals, highest priority first; `statuses` narrows them. */
  async listGoals(agentId: string, statuses: RequestInput<"listGoals">["statuses"] = [], options?: CallOptions): Promise<Goal[]> {
    return (await this.call("listGoals", { agentId, statuses }, options)).goals;
  }

  /** Runs exactly one cycle. */
  async cycle(agentId: string, goal?: RequestInput<"cycle">["goal"], options?: CallOptions): Promise<CycleReport> {
    return required((await this.call("cycle", { agentId, ...(goal ? { goal } : {}) }, options)).report, "Cycle", "report");
  }

  /** Runs cycles until a stop condition holds (or returns at once with `detach`). */
  run(request: RequestInput<"run">, options?: CallOptions): Promise<ResponseOf<"run">> {
    return this.call("run", request, options);
  }

  /**
   * Makes the agent durable work on the cluster: it keeps cycling, on
   * whichever controller replica holds its lease, until its goals are done,
   * a limit or {@link pauseAgent}; a `run` of it then follows that run.
   */
  async startAgent(request: RequestInput<"startAgent">, options?: CallOptions): Promise<AgentInfo> {
    return required((await this.call("startAgent", request, options)).agent, "StartAgent", "agent");
  }

  /** Holds a started agent after its current cycle, until `startAgent` again. */
  async pauseAgent(agentId: string, options?: CallOptions): Promise<AgentInfo> {
    return required((await this.call("pauseAgent", { agentId }, options)).agent, "PauseAgent", "agent");
  }

  /** Continues a persisted agent where it left off. */
  resume(request: RequestInput<"resume">, options?: CallOptions): Promise<ResponseOf<"resume">> {
    return this.call("resume", request, options);
  }

  /** The plan of a goal (the top active one when `goalId` is empty). */
  async getPlan(request: RequestInput<"getPlan">, options?: CallOptions): Promise<Plan> {
    return required((await this.call("getPlan", request, options)).plan, "GetPlan", "plan");
  }

  /** Runs a reflection pass now; `apply: false` only reports. */
  async reflect(request: RequestInput<"reflect">, options?: CallOptions): Promise<ReflectionReport> {
    return required((await this.call("reflect", request, options)).report, "Reflect", "report");
  }

  /** Moves working memory into episodes now. */
  consolidate(request: RequestInput<"consolidate">, options?: CallOptions): Promise<ResponseOf<"consolidate">> {
    return this.call("consolidate", request, options);
  }

  /** Searches an agent's episodes and facts. */
  recall(request: RequestInput<"recall">, options?: CallOptions): Promise<ResponseOf<"recall">> {
    return this.call("recall", request, options);
  }

  /** The rules an agent learned from people's denials and preferences. */
  async listRules(request: RequestInput<"listRules">, options?: CallOptions): Promise<BehaviorRule[]> {
    return (await this.call("listRules", request, options)).rules;
  }

  /** Forgets one learned rule. */
  removeRule(request: RequestInput<"removeRule">, options?: CallOptions): Promise<ResponseOf<"removeRule">> {
    return this.call("removeRule", request, options);
  }

  /** The approval requests and questions waiting for a person, oldest first ("" or no id: every agent's). */
  async listApprovals(agentId = "", options?: CallOptions): Promise<ApprovalRequest[]> {
    return (await this.call("listApprovals", { agentId }, options)).requests;
  }

  /** Answers a pending approval request; NotFoundError if it is unknown, answered or expired. */
  async resolveApproval(decision: RequestInput<"resolveApproval">["decision"], options?: CallOptions): Promise<ApprovalRequest> {
    return required((await this.call("resolveApproval", { decision }, options)).request, "ResolveApproval", "request");
  }

  /** Answers a question with the think loop. */
  think(request: RequestInput<"think">, options?: CallOptions): Promise<ResponseOf<"think">> {
    return this.call("think", request, options);
  }

  /**
   * An agent's events as they happen ("" for every agent), after the stored
   * ones from `fromSequence` when given. Runs until you leave the loop
   * (which cancels the stream), the signal aborts, or the server ends it.
   */
  async *watchEvents(agentId: string, options: WatchOptions = {}): AsyncGenerator<Event, void, undefined> {
    this.assertOpen("watchEvents");
    const { fromSequence = 0, kinds = [], via = "grpc", ...call } = options;
    if (via === "nats") {
      const signal = call.signal ? AbortSignal.any([call.signal, this.closing.signal]) : this.closing.signal;
      yield* busEvents(this.natsFor(options), agentId, signal);
      return;
    }
    for await (const message of serverStream(this.ctx, "watchEvents", { agentId, fromSequence, kinds }, call)) {
      yield required(message.event, "WatchEvents", "event");
    }
  }

  /** Runs cycles like {@link run} and yields every event of the run as it happens, then the report. */
  async *runCycles(run: RequestInput<"run">, options?: CallOptions): AsyncGenerator<RunCyclesItem, void, undefined> {
    this.assertOpen("runCycles");
    for await (const message of serverStream(this.ctx, "runCycles", { run }, options)) {
      if (message.kind) yield message.kind;
    }
  }

  /**
   * Closes the connection: open streams end (their loops throw
   * CancelledError), later calls fail at once. Unary calls in flight finish.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const stream of this.streams) stream.cancel();
    this.streams.clear();
    this.channel.close();
    this.closing.abort(new Error("the client was closed"));
    await this.bus?.close();
  }

  private assertOpen(method: string): void {
    if (this.closed) throw new UnavailableError("the client is closed", method);
  }

  private natsFor(options: WatchOptions): NatsConnection {
    if (!this.bus) throw new TypeError("watchEvents: via \"nats\" needs the nats option of connect()");
    const unsupported = (["fromSequence", "kinds", "deadlineMs", "metadata"] as const).filter((key) => options[key] !== undefined);
    if (unsupported.length > 0) throw new TypeError(`watchEvents: via "nats" follows live events only; drop ${unsupported.join(", ")} or use gRPC`);
    return this.bus;
  }
}

function required<T>(value: T | undefined, method: string, field: string): T {
  if (value === undefined) throw new InternalError(`the server answered without ${field}`, method);
  return value;
}

function checkAddress(address: unknown): string {
  if (typeof address !== "string" || address === "" || /\s/.test(address) || printable(address) !== address) {
    throw new TypeError(`connect: address must be a host:port such as 127.0.0.1:50051, got ${printable(JSON.stringify(address) ?? String(address))}`);
  }
  return address;
}

function checkPositive(name: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isFinite(value) || value <= 0)) throw new TypeError(`connect: ${name} must be a positive number of milliseconds, got ${String(value)}`);
}

function waitForReady(channel: grpc.Client, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => channel.waitForReady(Date.now() + timeoutMs, (err) => (err ? reject(err) : resolve())));
}
