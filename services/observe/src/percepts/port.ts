import { randomUUID } from "node:crypto";
import { encodeMessageHeader, PERCEPT_PREFIX, renderVisibly } from "@boyd/bus";
import type { Percept } from "@boyd/proto";
import { PERCEPTS } from "../constants.js";
import { checkAgentId } from "../validate.js";
import { DEAD_LETTER_REASON_HEADER, DEAD_LETTER_SUBJECT_HEADER, decodePerceptBody, PERCEPT_DEAD_LETTER_PREFIX } from "./wire.js";

/**
 * Percepts taken for one observation. The observation is built between
 * `take` and one of `commit`/`release`: committed percepts are consumed,
 * released ones are delivered again by the next take, so a failed
 * observation loses nothing.
 */
export interface PerceptBatch {
  /** Oldest first, each percept id once. */
  readonly percepts: readonly Percept[];
  /** Percepts lost for this agent since the previous batch (its inbox was full). */
  readonly dropped: number;
  /** Percepts still queued after this batch, as far as the inbox knows (0 when it cannot tell). */
  readonly waiting: number;
  /** The observation was built: consume the percepts. */
  commit(): Promise<void>;
  /** The observation failed: hand the percepts out again on the next take. */
  release(): Promise<void>;
}

/** Options of one {@link PerceptInbox.take}. */
export interface TakeOptions {
  /** Most percepts to take; the rest wait for the next take. */
  limit: number;
  /** Absolute deadline of the take, unix ms. */
  deadline: number;
  /** Aborts the take (the observe call's own signal). */
  signal?: AbortSignal;
}

/**
 * Where percepts addressed to agents wait until the agent's next Observe.
 * Two adapters: {@link openInProcessPerceptInbox} (embedded mode: a
 * subscription on the transport, buffered in this process) and
 * {@link openJetStreamPerceptInbox} (distributed mode: a JetStream stream,
 * shared by every observe replica and kept while none runs).
 */
export interface PerceptInbox {
  /** Takes the percepts that arrived for `agentId` since the last committed take. */
  take(agentId: string, options: TakeOptions): Promise<PerceptBatch>;
  /** Stops receiving; percepts not yet committed stay where the adapter keeps them. */
  close(): Promise<void>;
}

/** Why a received percept was not queued. */
export type DropReason = "malformed" | "oversized" | "misaddressed" | "duplicate" | "overflow";

/** Told about each percept an inbox refuses or drops; `why` says what was wrong with a refused one. */
export type DropListener = (reason: DropReason, detail: { subject: string; agentId?: string; perceptId?: string; why?: string }) => void;

/** The subject percepts for `agentId` are published on: `boyd.percepts.v1.<agentId>`. */
export function perceptSubject(agentId: string): string {
  return `${PERCEPT_PREFIX}.${checkAgentId(agentId, "percept agent_id")}`;
}

/** The agent a percept subject addresses, or undefined when the subject is not one. */
export function agentOfSubject(subject: string): string | undefined {
  const prefix = `${PERCEPT_PREFIX}.`;
  if (!subject.startsWith(prefix)) return undefined;
  const agent = subject.slice(prefix.length);
  return agent && !agent.includes(".") ? agent : undefined;
}

/** Fills what a sender may leave out: the addressee, an id, the arrival time, the MIME type. */
export function completePercept(percept: Percept, agentId: string, fallback: { id: () => string; receivedAt: number }): Percept {
  return {
    ...percept,
    agentId,
    id: percept.id || fallback.id(),
    receivedAtUnixMs: percept.receivedAtUnixMs || fallback.receivedAt,
    contentType: percept.contentType || PERCEPTS.defaultContentType,
  };
}

/** A percept read off the wire, or why it was refused. */
export type Received = { percept: Percept } | { refused: Extract<DropReason, "malformed" | "oversized" | "misaddressed">; why: string; perceptId?: string };

/**
 * Decodes a percept delivered on `agentId`'s subject, in the form its
 * `Content-Type` header names (see {@link decodePerceptBody}). The subject
 * names the addressee: a percept whose body names another agent is
 * refused, one that names none is completed with it.
 */
export function readPercept(data: Uint8Array, headers: Readonly<Record<string, string>>, agentId: string, fallback: { id: () => string; receivedAt: number }): Received {
  // Before decoding: a percept too large for any observation would make
  // every Observe of its agent fail for as long as it waits.
  if (data.length > PERCEPTS.maxBytes) return { refused: "oversized", why: `${data.length} bytes; the most a percept may be is ${PERCEPTS.maxBytes}` };
  const decoded = decodePerceptBody(data, headers);
  if ("problem" in decoded) return { refused: "malformed", why: decoded.problem };
  const raw = decoded.percept;
  if (raw.agentId && raw.agentId !== agentId) return { refused: "misaddressed", why: renderVisibly(`agent_id ${JSON.stringify(raw.agentId)} is not the agent of the subject (${agentId})`), perceptId: raw.id };
  return { percept: completePercept(raw, agentId, fallback) };
}

/**
 * How many of `sizes` (oldest first) one observation takes: as many as fit
 * {@link PERCEPTS.maxBatchBytes}, and always the first (no percept is
 * larger than {@link PERCEPTS.maxBytes}, so one always fits).
 */
export function perceptsWithinBudget(sizes: readonly number[], budget: number = PERCEPTS.maxBatchBytes): number {
  let total = 0;
  for (let i = 0; i < sizes.length; i++) {
    total += sizes[i]!;
    if (total > budget && i > 0) return i;
  }
  return sizes.length;
}

/**
 * Sends a refused percept, as it came, to `boyd.deadletter.v1.percepts.<agentId>`
 * with why it was refused and where it was sent, so the sender (or whoever
 * watches that subject) can find out what went wrong.
 */
export function deadLetter(publish: (subject: string, data: Uint8Array, headers: Record<string, string>) => void, original: { subject: string; data: Uint8Array; headers: Readonly<Record<string, string>> }, agentId: string, why: string): void {
  const headers = { ...original.headers, [DEAD_LETTER_REASON_HEADER]: encodeMessageHeader(why), [DEAD_LETTER_SUBJECT_HEADER]: original.subject };
  publish(`${PERCEPT_DEAD_LETTER_PREFIX}.${agentId}`, original.data, headers);
}

/** A batch with nothing in it. */
export const EMPTY_BATCH: PerceptBatch = { percepts: [], dropped: 0, waiting: 0, commit: () => Promise.resolve(), release: () => Promise.resolve() };

/** A fresh percept id. */
export function newPerceptId(): string {
  return randomUUID();
}

/**
 * Ids recently delivered, per agent, oldest forgotten first: a percept
 * delivered again (a sender's retry, a redelivery) is recognised and
 * dropped while its id is still remembered. Only the agents most recently
 * given a percept are remembered, so a process serving agent after agent
 * does not keep every one's ids.
 */
export class DeliveredIds {
  /** By agent, the one given a percept last at the end. */
  private readonly byAgent = new Map<string, Set<string>>();

  constructor(
    private readonly perAgent: number = PERCEPTS.rememberedIds,
    private readonly agents: number = PERCEPTS.rememberedAgents,
  ) {}

  has(agentId: string, id: string): boolean {
    return this.byAgent.get(agentId)?.has(id) ?? false;
  }

  add(agentId: string, id: string): void {
    const ids = this.byAgent.get(agentId) ?? new Set<string>();
    this.byAgent.delete(agentId); // set again: the map's order is the order agents were last given one
    this.byAgent.set(agentId, ids);
    if (this.byAgent.size > this.agents) this.byAgent.delete(this.byAgent.keys().next().value!);
    ids.add(id);
    if (ids.size > this.perAgent) ids.delete(ids.values().next().value!);
  }
}
