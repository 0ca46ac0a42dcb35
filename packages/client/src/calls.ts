import * as grpc from "@grpc/grpc-js";
import { AgentServiceDefinition } from "@boyd/proto";
import { CancelledError, toBoydError } from "./errors.js";

type Methods = typeof AgentServiceDefinition.methods;

/** AgentService methods answering with one message, by their camelCase key ("getAgent"). */
export type UnaryMethod = { [K in keyof Methods]: Methods[K]["responseStream"] extends false ? K : never }[keyof Methods];
/** AgentService methods answering with a stream ("watchEvents", "runCycles"). */
export type StreamMethod = Exclude<keyof Methods, UnaryMethod>;
/** What a method takes: its request message, every field optional (defaults fill the rest). */
export type RequestInput<K extends keyof Methods> = Parameters<Methods[K]["requestType"]["fromPartial"]>[0];
/** What a method answers (one message, or each message of its stream). */
export type ResponseOf<K extends keyof Methods> = ReturnType<Methods[K]["responseType"]["decode"]>;

/** Per-call options: every method takes them last. */
export interface CallOptions {
  /**
   * Give up after this many ms (DeadlineExceededError). Unary calls default
   * to the client's `defaultDeadlineMs`; streams have no deadline unless given one.
   */
  readonly deadlineMs?: number;
  /** Cancels the call (CancelledError, with the signal's reason as cause). */
  readonly signal?: AbortSignal;
  /** Extra metadata (headers) sent with the call. */
  readonly metadata?: Readonly<Record<string, string>>;
}

/** What calls need from the client: the channel and the deadline default. */
export interface CallContext {
  readonly channel: grpc.Client;
  readonly defaultDeadlineMs: number | undefined;
  /** Told about each live stream, so `close()` can cancel them. */
  track(call: { cancel(): void }): () => void;
}

/** Calls a unary AgentService method; rejects with a typed BoydError. */
export function unary<K extends UnaryMethod>(ctx: CallContext, key: K, input: RequestInput<K>, options: CallOptions = {}): Promise<ResponseOf<K>> {
  const method = methodOf(key);
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortedBeforeStart(method.name, signal));
  return new Promise((resolve, reject) => {
    // Declared first: grpc-js may answer before makeUnaryRequest returns.
    const pending: { call?: grpc.ClientUnaryCall } = {};
    const onAbort = (): void => pending.call?.cancel();
    signal?.addEventListener("abort", onAbort, { once: true });
    pending.call = ctx.channel.makeUnaryRequest(
      pathOf(method.name),
      (request: unknown) => Buffer.from(method.requestType.encode(request as never).finish()),
      (bytes: Buffer) => method.responseType.decode(bytes) as ResponseOf<K>,
      method.requestType.fromPartial(input as never),
      metadataOf(options),
      callOptionsOf(method.name, options.deadlineMs ?? ctx.defaultDeadlineMs),
      (err, response) => {
        signal?.removeEventListener("abort", onAbort);
        if (err || response === undefined) reject(toBoydError(err ?? new Error("no response"), method.name, signal));
        else resolve(response);
      },
    );
  });
}

/**
 * Calls a server-streaming AgentService method and yields each message.
 * Leaving the loop early (break, return, a throw) cancels the call, so the
 * server stops sending; a failed stream throws a typed BoydError.
 */
export async function* serverStream<K extends StreamMethod>(ctx: CallContext, key: K, input: RequestInput<K>, options: CallOptions = {}): AsyncGenerator<ResponseOf<K>, void, undefined> {
  const method = methodOf(key);
  const { signal } = options;
  if (signal?.aborted) throw abortedBeforeStart(method.name, signal);
  const call = ctx.channel.makeServerStreamRequest(
    pathOf(method.name),
    (request: unknown) => Buffer.from(method.requestType.encode(request as never).finish()),
    (bytes: Buffer) => method.responseType.decode(bytes) as ResponseOf<K>,
    method.requestType.fromPartial(input as never),
    metadataOf(options),
    callOptionsOf(method.name, options.deadlineMs),
  );
  const untrack = ctx.track(call);
  const onAbort = (): void => call.cancel();
  signal?.addEventListener("abort", onAbort, { once: true });
  let ended = false;
  try {
    for await (const message of call) yield message as ResponseOf<K>;
    ended = true;
  } catch (err) {
    ended = true;
    throw toBoydError(err, method.name, signal);
  } finally {
    signal?.removeEventListener("abort", onAbort);
    untrack();
    if (!ended) {
      // The consumer left early: end the call on the server too. The
      // CANCELLED status that follows is expected, not an error to raise.
      call.on("error", () => {});
      call.cancel();
    }
  }
}

function methodOf<K extends keyof Methods>(key: K): Methods[K] {
  return AgentServiceDefinition.methods[key];
}

function pathOf(name: string): string {
  return `/${AgentServiceDefinition.fullName}/${name}`;
}

function metadataOf(options: CallOptions): grpc.Metadata {
  const metadata = new grpc.Metadata();
  for (const [key, value] of Object.entries(options.metadata ?? {})) metadata.set(key, value);
  return metadata;
}

function callOptionsOf(method: string, deadlineMs: number | undefined): grpc.CallOptions {
  if (deadlineMs === undefined) return {};
  if (!Number.isFinite(deadlineMs) || deadlineMs <= 0) throw new TypeError(`${method}: deadlineMs must be a positive number of milliseconds, got ${String(deadlineMs)}`);
  return { deadline: Date.now() + deadlineMs };
}

function abortedBeforeStart(method: string, signal: AbortSignal): CancelledError {
  return new CancelledError("cancelled by the caller's AbortSignal before it started", method, { cause: signal.reason });
}
