import type { StatusCodeName } from "@boyd/bus";
import type { ActionDetails, DangerLevel, ToolDescriptor } from "@boyd/proto";
import type { z } from "zod";

/**
 * What a tool knows about the call it is running. Tools never see the
 * transport: everything they may use arrives here or in their factory.
 */
export interface CallContext {
  readonly agentId: string;
  readonly cycle: number;
  /** The goal the call works for (the decision's), "" when none; writes carry it as provenance. */
  readonly goalId?: string;
  /** Ordinal of the call within its cycle (the idempotency key's step). */
  readonly step: number;
  /** Aborted when the call's time limit passes or the caller gives up. */
  readonly signal: AbortSignal;
  /** Epoch ms after which the call counts as timed out. */
  readonly deadline: number;
  /** Content longer than this many bytes is cut by the executor. */
  readonly outputCapBytes: number;
  /**
   * Asks a human a question and resolves with the answer text; rejects
   * with DEADLINE_EXCEEDED when nobody answers in time. Only tools with the
   * USER_INTERACTION capability get one.
   */
  readonly ask?: (question: string, options: readonly string[], timeoutMs: number) => Promise<string>;
}

/**
 * The guardian's input: a typed reading of one call (what it would touch
 * and how badly), built by the tool before anything runs.
 */
export interface CallAssessment {
  /** Typed view of the call: file path and diff, argv, URL, triples... */
  readonly action: ActionDetails;
  /** Danger of this particular call (at most the descriptor's). */
  readonly danger: DangerLevel;
  /** Whether the effect can be undone. */
  readonly reversible: boolean;
  /** Human-readable preview for an approval prompt: diff, command line, URL. */
  readonly preview: string;
  /** What happens if the call is allowed, in one sentence. */
  readonly consequences: string;
  /** Whether this call changes anything outside the agent's memory. */
  readonly sideEffects: boolean;
}

/**
 * What a call produced. A call that could not run at all throws a BusError
 * (PERMISSION_DENIED for a sandbox refusal, DEADLINE_EXCEEDED for a time
 * out...); a call that ran but did not succeed (a non-zero exit, an HTTP
 * 500) returns its output with `failure` set, so the output is kept.
 */
export interface ToolRun {
  /** Text for people (and goal evaluation); the executor caps it. */
  readonly content: string;
  /** Symbols the result mentions. */
  readonly symbols?: readonly string[];
  /** Structured result for programs (sent as ToolOutput.data_json). */
  readonly data?: unknown;
  /** Set when the call ran but failed; the output is still reported. */
  readonly failure?: { readonly code: StatusCodeName; readonly message: string };
}

/**
 * One tool of the registry: its catalog entry, its input schema, how to
 * read a call for the guardian, and how to run it. Input reaching `assess`
 * and `run` has already passed `input`.
 */
export interface ToolDefinition<I = unknown> {
  /** Catalog entry; `inputSchemaJson` is filled in by the registry from `input`. */
  readonly descriptor: ToolDescriptor;
  readonly input: z.ZodType<I, z.ZodTypeDef, unknown>;
  assess(input: I, context: CallContext): CallAssessment | Promise<CallAssessment>;
  run(input: I, context: CallContext): Promise<ToolRun>;
}

/** Keeps the input type of a tool literal while storing it untyped. */
export function defineTool<I>(tool: ToolDefinition<I>): ToolDefinition<unknown> {
  return tool as unknown as ToolDefinition<unknown>;
}
