import { PressureLevel, WorkingMemoryKind, type WorkingMemoryEntry } from "@boyd/proto";
import { WORKING_MEMORY } from "./constants.js";
import type { WmState } from "./state.js";

/** entries / capacity; 1 when the capacity is 0 (as in akh-medu). */
export function pressureOf(size: number, capacity: number): number {
  return capacity > 0 ? size / capacity : 1;
}

/** Grades a pressure: NORMAL below 0.7, WARNING from 0.7, CRITICAL from 0.9. */
export function pressureLevel(pressure: number): PressureLevel {
  if (pressure >= WORKING_MEMORY.criticalPressure) return PressureLevel.CRITICAL;
  if (pressure >= WORKING_MEMORY.warningPressure) return PressureLevel.WARNING;
  return PressureLevel.NORMAL;
}

/**
 * The entry to evict when working memory is full: the oldest entry below
 * the low-relevance mark if there is one, else the least relevant (oldest
 * first among equals). Entries in `keep` (the ones being added) are never
 * chosen, so a new entry is never silently dropped.
 */
export function evictionVictim(entries: readonly WorkingMemoryEntry[], keep: ReadonlySet<number>): WorkingMemoryEntry | undefined {
  let lowOldest: WorkingMemoryEntry | undefined;
  let leastRelevant: WorkingMemoryEntry | undefined;
  for (const e of entries) {
    if (keep.has(e.id)) continue;
    if (e.relevance < WORKING_MEMORY.lowRelevance && (!lowOldest || e.id < lowOldest.id)) lowOldest = e;
    if (!leastRelevant || e.relevance < leastRelevant.relevance || (e.relevance === leastRelevant.relevance && e.id < leastRelevant.id)) leastRelevant = e;
  }
  return lowOldest ?? leastRelevant;
}

/** What {@link addEntries} did. */
export interface AddResult {
  ids: number[];
  evicted: WorkingMemoryEntry[];
}

/**
 * Stores new entries (ids assigned, content cut to the working-memory
 * limit, timestamp set unless given), evicting to stay within `capacity`.
 * The caller has checked `entries.length <= capacity`.
 */
export function addEntries(state: WmState, entries: readonly WorkingMemoryEntry[], options: { cycle: number; capacity: number; now: number }): AddResult {
  const ids: number[] = [];
  state.capacity = options.capacity;
  for (const e of entries) {
    const id = state.nextId++;
    ids.push(id);
    state.entries.push({
      ...e,
      id,
      content: cut(e.content, WORKING_MEMORY.maxContentChars),
      symbols: [...new Set(e.symbols)],
      timestampUnixMs: e.timestampUnixMs || options.now,
      sourceCycle: e.sourceCycle || options.cycle,
      referenceCount: 0,
      accessCycles: [],
    });
  }
  const keep = new Set(ids);
  const evicted: WorkingMemoryEntry[] = [];
  while (state.entries.length > options.capacity) {
    const victim = evictionVictim(state.entries, keep);
    if (!victim) break;
    evicted.push(victim);
    state.entries = state.entries.filter((e) => e !== victim);
  }
  archiveDecisions(state, evicted);
  return { ids, evicted };
}

/**
 * The ids of live entries that `entries` were already stored as, when every
 * one of them was: a Remember sent again (its reply lost, the caller
 * retried) then adds nothing twice. An entry is the same when its kind,
 * content (as stored, cut), tool, cycle and timestamp are; an entry without
 * a timestamp (the caller left it to memory) is never taken for another.
 * Undefined when any is not held (then the request is new, or partly
 * consolidated away since, and its entries are added).
 */
export function storedAs(state: Pick<WmState, "entries">, entries: readonly WorkingMemoryEntry[], cycle: number): number[] | undefined {
  if (entries.length === 0) return undefined;
  // Sent entries are compared as addEntries stores them: content cut, cycle filled in.
  const key = (e: WorkingMemoryEntry) => JSON.stringify([e.kind, e.content, e.toolName, e.sourceCycle, e.timestampUnixMs]);
  // Only live entries stamped as one of the sent ones can be one (none, for a new request).
  const stamps = new Set(entries.map((e) => e.timestampUnixMs));
  if (stamps.has(0)) return undefined;
  const held = new Map<string, number[]>();
  for (const e of state.entries) {
    if (!stamps.has(e.timestampUnixMs)) continue;
    const k = key(e);
    held.set(k, [...(held.get(k) ?? []), e.id]);
  }
  if (held.size === 0) return undefined;
  const ids: number[] = [];
  for (const e of entries) {
    const id = held.get(key({ ...e, content: cut(e.content, WORKING_MEMORY.maxContentChars), sourceCycle: e.sourceCycle || cycle }))?.shift();
    if (id === undefined) return undefined;
    ids.push(id);
  }
  return ids;
}

/**
 * Marks entries as consulted in `cycle`; returns the ids that name no live
 * entry. A touched entry is replaced by a new one, never changed: entries
 * are shared with the stored state they were read from (see state.ts).
 */
export function touchEntries(state: WmState, ids: readonly number[], cycle: number): number[] {
  const at = new Map(state.entries.map((e, i) => [e.id, i]));
  const unknown: number[] = [];
  for (const id of ids) {
    const i = at.get(id);
    if (i === undefined) {
      unknown.push(id);
      continue;
    }
    const e = state.entries[i]!;
    state.entries[i] = { ...e, referenceCount: e.referenceCount + 1, accessCycles: [...e.accessCycles, cycle].slice(-WORKING_MEMORY.maxAccessCycles) };
  }
  return unknown;
}

/** Live entries, newest first, filtered by kind and symbol. */
export function recentEntries(state: Pick<WmState, "entries">, filter: { limit: number; kinds: readonly WorkingMemoryKind[]; symbol: string }): WorkingMemoryEntry[] {
  const out: WorkingMemoryEntry[] = [];
  for (let i = state.entries.length - 1; i >= 0 && out.length < filter.limit; i--) {
    const e = state.entries[i]!;
    if (filter.kinds.length > 0 && !filter.kinds.includes(e.kind)) continue;
    if (filter.symbol !== "" && !e.symbols.includes(filter.symbol)) continue;
    out.push(e);
  }
  return out;
}

/** Removes entries by id and archives the DECISION ones among them. */
export function removeEntries(state: WmState, ids: ReadonlySet<number>): WorkingMemoryEntry[] {
  const removed = state.entries.filter((e) => ids.has(e.id));
  state.entries = state.entries.filter((e) => !ids.has(e.id));
  archiveDecisions(state, removed);
  return removed;
}

/**
 * Keeps a compact copy of DECISION entries that leave working memory. The
 * reference system loses them on consolidation, and with them the per-goal
 * tool history the decide scorer's recency and novelty terms need.
 * An archived entry is never changed afterwards (the store keeps its
 * encoded form); only the archive's order and length change.
 */
function archiveDecisions(state: WmState, leaving: readonly WorkingMemoryEntry[]): void {
  // An id already archived (a write that stopped between the archive and working memory) is not archived twice.
  const archived = new Set(state.archive.map((e) => e.id));
  const decisions = leaving.filter((e) => e.kind === WorkingMemoryKind.DECISION && !archived.has(e.id));
  if (decisions.length === 0) return;
  state.archive.push(...decisions.map((e) => ({ ...e, content: cut(e.content, WORKING_MEMORY.archivedContentChars), symbols: [...e.symbols], accessCycles: [] })));
  state.archive.sort((a, b) => a.id - b.id);
  if (state.archive.length > WORKING_MEMORY.maxArchivedDecisions) state.archive.splice(0, state.archive.length - WORKING_MEMORY.maxArchivedDecisions);
}

/** DECISION entries about `goalId` (any goal when empty), live and archived, newest first. */
export function decisionHistory(state: WmState, goalId: string, limit: number): WorkingMemoryEntry[] {
  const archived = new Set(state.archive.map((e) => e.id));
  const all = [...state.archive, ...state.entries.filter((e) => e.kind === WorkingMemoryKind.DECISION && !archived.has(e.id))];
  return all
    .filter((e) => goalId === "" || e.symbols.includes(goalId))
    .sort((a, b) => b.id - a.id)
    .slice(0, limit);
}

/** Cuts text to `max` characters, marking the cut. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
