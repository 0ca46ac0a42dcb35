import { randomBytes } from "node:crypto";
import {
  ActionOutcome,
  DerivationKind,
  failedCallText,
  ProvenanceRecord,
  WorkingMemoryKind,
  type ActionResult,
  type Decision,
  type EpisodicEntry,
  type Observation,
  type Orientation,
  type RememberResponse,
  type RememberSession,
  type SaveSessionRequest,
  type SessionState,
  type Triple,
  type WorkingMemoryEntry,
} from "@boyd/proto";
import { activeGoalIds, toldBy, toldEntryText } from "../goals/index.js";
import { reasonOf } from "./act-phase.js";
import type { ResolvedAgentConfig } from "./agent-config.js";
import { contextHealthWarning } from "./context-health.js";
import type { CyclePorts } from "./ports.js";
import { withRecovery } from "./recovery.js";
import { workingEntry } from "./working-entry.js";

/** Stores the parent/child links of a decomposition in the graph (best effort). */
export async function linkGoals(ports: CyclePorts, agentId: string, links: readonly Triple[], warnings: string[]): Promise<void> {
  try {
    await ports.orient.mutate({ agentId, add: [...links] }, { timeoutMs: 10_000, agentId });
  } catch (err) {
    warnings.push(`goal links not stored in the graph: ${(err as Error).message}`);
  }
}

export interface Remembered {
  size: number;
  pressure: number;
  consolidated?: EpisodicEntry[];
  /** The session version the save sent with Remember made (Remembering.save); undefined when none was asked, or it was not made. */
  savedVersion?: number;
}

/**
 * What Remember would read from the saved session (active goals, config),
 * taken from the session the cycle started from, which is the one saved:
 * sent with the request, it spares memory that read.
 */
export function rememberSession(saved: SessionState): RememberSession {
  return { activeGoalIds: activeGoalIds(saved.goals), config: saved.config };
}

/** What the cycle records: its working-memory entries, and its decision's provenance. */
export interface Remembering {
  readonly observation: Observation;
  readonly orientation: Orientation;
  readonly decision: Decision | undefined;
  readonly result: ActionResult | undefined;
  readonly cfg: ResolvedAgentConfig;
  /** The session the cycle started from (see rememberSession). */
  readonly saved: SessionState;
  /** The decision's provenance record (see decisionProvenance); empty when the cycle decided no call. */
  readonly provenance: readonly ProvenanceRecord[];
  /** The cycle's session save, made by memory after the entries (RememberRequest.save); absent: the caller saves on its own. */
  readonly save?: SaveSessionRequest;
}

/**
 * Records what the cycle saw and did in working memory, and its decision's
 * provenance, in one Remember. Provenance goes on its own (RecordProvenance)
 * only when Remember did not store it: a memory older than
 * RememberRequest.provenance ignores the records and returns no ids, and a
 * failed Remember may have stored them or not. Each record carries an id
 * chosen here, so whichever call stores it first, it is stored once.
 * A provenance failure is a warning, as a Remember failure is.
 */
export async function remember(ports: CyclePorts, agentId: string, cycle: number, what: Remembering, warnings: string[]): Promise<Remembered> {
  const { provenance } = what;
  try {
    const r = await rememberEntries(ports, agentId, cycle, what, warnings);
    if (provenance.length > 0 && r.provenanceIds.length === 0) await recordProvenance(ports, agentId, provenance, warnings);
    const health = contextHealthWarning({ entries: r.size + (r.consolidation?.entriesRemoved ?? 0), capacity: r.capacity });
    if (health) warnings.push(health);
    return { size: r.size, pressure: r.pressure, consolidated: r.consolidation?.episodes ?? [], ...(r.saved ? { savedVersion: Number(r.saved.version) } : {}) };
  } catch (err) {
    warnings.push(`working memory not updated: ${(err as Error).message}`);
    await recordProvenance(ports, agentId, provenance, warnings);
    return { size: what.observation.workingMemorySize, pressure: what.orientation.memoryPressure };
  }
}

/** The Remember call: the cycle's entries, the consulted ones, the session's part and the provenance. */
function rememberEntries(ports: CyclePorts, agentId: string, cycle: number, what: Remembering, warnings: string[]): Promise<RememberResponse> {
  const { observation, orientation, decision, result, cfg, saved } = what;
  const goal = decision?.goalId ? [decision.goalId] : [];
  const entry = (kind: WorkingMemoryKind, content: string, relevance: number, extra: Partial<WorkingMemoryEntry> = {}): WorkingMemoryEntry =>
    workingEntry(kind, content, relevance, cycle, ports.now(), { symbols: goal, ...extra });
  const entries: WorkingMemoryEntry[] = [];
  if (observation.summary) entries.push(entry(WorkingMemoryKind.OBSERVATION, observation.summary, 0.3));
  // What the agent was told is kept word for word: recalled later, and evidence for the goals it bears on.
  for (const p of observation.percepts) entries.push(entry(WorkingMemoryKind.PERCEPT, toldEntryText(toldBy(p)), 0.8, { symbols: p.symbols.slice(0, 20) }));
  if (orientation.summary) entries.push(entry(WorkingMemoryKind.INFERENCE, orientation.summary, 0.4));
  if (decision?.call) entries.push(entry(WorkingMemoryKind.DECISION, decision.explanation?.reasoning || `chose ${decision.call.toolName}`, 0.6, { toolName: decision.call.toolName }));
  if (result) entries.push(entry(WorkingMemoryKind.ACTION, actionText(result, decision), 0.5, { toolName: result.toolName }));
  if (result) {
    const ok = result.output?.success;
    const text = ok ? result.output!.content : failedCallText(result.outcome, reasonOf(result));
    entries.push(entry(WorkingMemoryKind.TOOL_RESULT, text.slice(0, 5_000), ok ? 0.7 : 0.5, { toolName: result.toolName, symbols: [...goal, ...(result.output?.symbolsInvolved ?? []).slice(0, 20)] }));
  }
  const touchIds = consultedEntryIds(observation.recentEntries, decision?.goalId);
  return withRecovery("remember", { deadline: ports.now() + 30_000, attemptMs: 10_000, onRetry: (m) => warnings.push(m) }, (deadline) =>
    ports.memory.remember({ agentId, cycle, entries, touchIds, capacity: cfg.workingMemoryCapacity, session: rememberSession(saved), provenance: [...what.provenance], save: what.save }, { deadline, agentId }),
  );
}

/** Longest tool input quoted in an ACTION entry. */
const ACTION_INPUT_CHARS = 300;

/**
 * The ACTION entry's text: the call as it was made and what became of it
 * ("kg_query executed {...}", "shell_exec denied by user {...}"), so the
 * record of what the agent did survives apart from why (DECISION) and what
 * came back (TOOL_RESULT).
 */
export function actionText(result: ActionResult, decision: Decision | undefined): string {
  const input = decision?.call?.toolName === result.toolName ? decision.call.inputJson : "";
  const outcome = (ActionOutcome[result.outcome] ?? "unspecified").toLowerCase().replace(/_/g, " ");
  const quoted = input.length > ACTION_INPUT_CHARS ? `${input.slice(0, ACTION_INPUT_CHARS - 1)}…` : input;
  return `${result.toolName} ${outcome}${quoted ? ` ${quoted}` : ""}`;
}

/**
 * Working-memory entries the cycle's decision was made from: the DECISION
 * entries about the goal it worked on, which decide reads as the goal's
 * tool history (recency, novelty). Their reference counts go up, which
 * consolidation's activation score reads. Other entries were shown but not
 * used: touching them too made every entry look used, so consolidation kept
 * all of them as episodes (five a cycle instead of about one).
 */
export function consultedEntryIds(recent: readonly WorkingMemoryEntry[], goalId: string | undefined): number[] {
  if (!goalId) return [];
  return recent.filter((e) => e.id > 0 && e.kind === WorkingMemoryKind.DECISION && e.symbols.includes(goalId)).map((e) => e.id);
}

/**
 * A fresh provenance record id, as memory would assign it ("prov:<time>-<random>"),
 * chosen by the controller so that a retried Remember and the RecordProvenance
 * after a failed one store the record once (memory adds an id it holds as a no-op).
 */
export function provenanceId(now: number): string {
  return `prov:${now.toString(36)}-${randomBytes(5).toString("hex")}`;
}

/** The decision as a provenance record: what it was derived from (its goal), how sure, the tool, the reasoning and the score breakdown. */
export function decisionProvenance(agentId: string, cycle: number, decision: Decision, id: string): ProvenanceRecord {
  return ProvenanceRecord.fromPartial({
    id,
    agentId,
    derivedId: `decision:${agentId}:${cycle}`,
    kind: DerivationKind.AGENT_DECISION,
    sourceIds: decision.goalId ? [decision.goalId] : [],
    cycle,
    confidence: Math.max(0, Math.min(1, decision.explanation?.confidence ?? 0)),
    toolName: decision.call?.toolName ?? "",
    detail: decision.explanation?.reasoning ?? "",
    scoreBreakdown: decision.score?.breakdown ?? "",
  });
}

/** Records provenance with RecordProvenance (best effort: a failure is a warning). */
export async function recordProvenance(ports: CyclePorts, agentId: string, records: readonly ProvenanceRecord[], warnings: string[]): Promise<void> {
  if (records.length === 0) return;
  try {
    await ports.memory.recordProvenance({ agentId, records: [...records] }, { timeoutMs: 10_000, agentId });
  } catch (err) {
    warnings.push(`provenance not recorded: ${(err as Error).message}`);
  }
}
