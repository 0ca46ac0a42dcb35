import { randomBytes } from "node:crypto";
import { BusError, type ServiceHandlers } from "@boyd/bus";
import { ConsolidationTrigger, SessionState, WorkingMemoryKind, type MemoryServiceDefinition, type ProvenanceRecord, type RecentResponse, type RememberResponse, type SaveSessionRequest, type WorkingMemoryEntry } from "@boyd/proto";
import { recordWorkingMemory } from "@boyd/telemetry";
import { TextEncoder, type EncoderOptions } from "@boyd/vsa";
import { KeyedMutex } from "./agent-lock.js";
import { consolidate, sessionView } from "./consolidate.js";
import { consolidationSettings } from "./consolidation.js";
import { KNOWLEDGE, RECALL, TOOL_HISTORY, WORKING_MEMORY } from "./constants.js";
import type { Deps, MemoryLog } from "./deps.js";
import { invalid, isConflict } from "./errors.js";
import { factFromEntry, factSized } from "./facts.js";
import type { GraphLink } from "./graph-link.js";
import { GraphWrites } from "./graph-writes.js";
import { removeRule, SeenFacts, storeFacts } from "./knowledge.js";
import { listProvenance, stampProvenance, type ProvenanceStamp } from "./provenance.js";
import { stemsOf } from "./recall.js";
import { RecallIndexes, type SnapshotPolicy } from "./recall-indexes.js";
import { RecordVectors } from "./record-vectors.js";
import { RuleBooks } from "./rule-books.js";
import { KnownSessions, type KnownSession } from "./session-writes.js";
import { checkSessionState, resumeSummary, sentSessionView } from "./sessions.js";
import { ownCopies, Repository } from "./state.js";
import type { MemoryStore, ReadAfter } from "./store/port.js";
import { checkAgentId, checkLimit, checkRequired, checkSameAgent, checkUnit } from "./validate.js";
import { WmReadAhead } from "./wm-read-ahead.js";
import { addEntries, decisionHistory, pressureLevel, pressureOf, recentEntries, storedAs, touchEntries } from "./working-memory.js";

/** Options of {@link createMemoryHandlers}. */
export interface MemoryHandlerOptions {
  /** The knowledge graph (the orient service); without it episodes and facts stay in memory only. */
  graph?: GraphLink | undefined;
  /** Text encoder settings for recall. */
  encoder?: EncoderOptions;
  /** Clock. @default Date.now */
  now?: () => number;
  /** Told about degraded operation (e.g. the graph unreachable). @default silent */
  log?: MemoryLog;
  /** When recall snapshots are written (see RecallIndexes). */
  recallSnapshots?: Partial<SnapshotPolicy> | undefined;
}

const KINDS = new Set(Object.values(WorkingMemoryKind).filter((k): k is number => typeof k === "number" && k > 0));

/**
 * The memory service's handlers over a durable store: transport-agnostic,
 * every write for one agent serialized inside the process and
 * compare-and-set against other processes. Bad input is refused with
 * INVALID_ARGUMENT naming the field, before anything is written.
 */
export function createMemoryHandlers(store: MemoryStore, options: MemoryHandlerOptions = {}): ServiceHandlers<typeof MemoryServiceDefinition> {
  const now = options.now ?? Date.now;
  const encoder = new TextEncoder(options.encoder);
  const vectors = new RecordVectors(encoder);
  const repo = new Repository(store, vectors);
  const recallIndexes = new RecallIndexes(repo, vectors, {
    snapshots: options.recallSnapshots,
    onSnapshotProblem: (problem) => options.log?.warn(problem, "recall snapshot not used or not written; recall reads the log"),
  });
  const ruleBooks = new RuleBooks(repo);
  const deps: Deps = {
    repo,
    lock: new KeyedMutex(),
    graph: options.graph,
    graphWrites: new GraphWrites(),
    encoder,
    now,
    log: options.log ?? { warn: () => undefined },
    newId: (prefix) => `${prefix}:${now().toString(36)}-${randomBytes(5).toString("hex")}`,
  };
  const { lock } = deps;

  /**
   * The agent's facts index, after dropping the oldest facts beyond the cap
   * as knowledgeOf does, but found in the index instead of by reading
   * every fact.
   */
  async function factsIndex(agentId: string, after: ReadAfter = 0) {
    const index = await recallIndexes.synced(agentId, "facts", after);
    if (index.size <= KNOWLEDGE.maxFacts) return index;
    await lock.run(agentId, async () => {
      // Counted again under the lock: a recall that held it before may have pruned already.
      const oldest = index.oldest(index.size - KNOWLEDGE.maxFacts);
      await repo.remove(agentId, "facts", oldest);
      // Not read back from the store now: the next sync brings these removals again, a no-op then.
      for (const key of oldest) index.remove(key);
    });
    return index;
  }

  const provenanceStamp: ProvenanceStamp = { newId: () => deps.newId("prov"), now };

  /** Appends stamped provenance records (an id already held is not added again). */
  async function addProvenance(agentId: string, records: readonly ProvenanceRecord[]): Promise<void> {
    if (records.length) await repo.add(agentId, "provenance", records.map((r) => ({ id: r.id, record: r })));
  }

  /** Working memory as Recent lists it; the read is kept for the agent's next Remember here (its write is checked against the revision read). */
  async function readRecent(agentId: string, filter: { limit: number; kinds: readonly WorkingMemoryKind[]; symbol: string }, after: ReadAfter = 0): Promise<RecentResponse> {
    const read = await repo.readWmForUpdate(agentId, after);
    const { state } = read;
    const entries = ownCopies(recentEntries(state, filter));
    wmReadAhead.keep(agentId, read);
    const pressure = pressureOf(state.entries.length, state.capacity);
    return { entries, size: state.entries.length, capacity: state.capacity, pressure, pressureLevel: pressureLevel(pressure) };
  }

  const knownSessions = new KnownSessions();
  const seenFacts = new SeenFacts();
  const wmReadAhead = new WmReadAhead(now);

  /** Writes the next version of the session over `over` (compare-and-set on its revision) and notes it; resolves with the new version. */
  async function writeSession(agentId: string, state: SessionState, over: KnownSession): Promise<number> {
    const t = now();
    const createdAtUnixMs = over.createdAtUnixMs || state.createdAtUnixMs || t;
    const saved = { ...state, workingMemory: [], createdAtUnixMs, updatedAtUnixMs: t };
    const revision = await repo.writeSession(agentId, { version: over.version + 1, state: saved }, over.revision);
    knownSessions.note(agentId, { revision, version: over.version + 1, createdAtUnixMs });
    return over.version + 1;
  }

  /**
   * The save without reading the session first, when this process knows it
   * at the expected version; undefined when it does not, or when another
   * write came in between (the store refused it): then the save reads the
   * session and checks it as before.
   */
  async function saveOverKnown(agentId: string, state: SessionState, expectedVersion: number): Promise<{ version: number } | undefined> {
    const known = knownSessions.at(agentId, expectedVersion);
    if (!known) return undefined;
    try {
      return { version: await writeSession(agentId, state, known) };
    } catch (err) {
      if (!isConflict(err)) throw err;
      knownSessions.forget(agentId);
      return undefined;
    }
  }

  /** SaveSession's write under the agent's lock: a compare-and-set on the session's version. */
  function save(agentId: string, state: SessionState, expectedVersion: number): Promise<{ version: number }> {
    return lock.run(agentId, async () => {
      const saved = await saveOverKnown(agentId, state, expectedVersion);
      if (saved) return saved;
      const current = await repo.readSession(agentId);
      const version = current?.doc.version ?? 0;
      // A retry of the save that made this version (its reply was lost
      // with a restarted process or connection) succeeds again instead of
      // looking like a competing writer.
      if (current && expectedVersion === version - 1 && sameSession(current.doc.state, state)) return { version };
      if (expectedVersion !== version) {
        throw new BusError("ABORTED", `session of ${agentId} is at version ${version}, not ${expectedVersion}; load it again and retry`);
      }
      return { version: await writeSession(agentId, state, { revision: current?.revision ?? 0, version, createdAtUnixMs: current?.doc.state.createdAtUnixMs ?? 0 }) };
    });
  }

  return {
    async remember(request) {
      const agentId = checkAgentId(request.agentId);
      // Working memory as this agent's last Recent here read it (see WmReadAhead), else read now, beside the session.
      const readAhead = wmReadAhead.take(agentId);
      // Bound to the caller's memory position: read from what this replica holds when it can tell that is current.
      const wmRead = readAhead ? Promise.resolve(readAhead) : repo.readWmForUpdate(agentId, request.afterPosition);
      wmRead.catch(() => undefined); // a failed read surfaces in updateWm; unread after a refusal below, it is nobody's error
      // A caller that holds the session sends its part: one read fewer.
      const view = request.session ? sentSessionView(request.session) : sessionView((await repo.readSession(agentId))?.doc.state);
      const capacity = checkLimit(request.capacity, "capacity", view.capacity, WORKING_MEMORY.maxCapacity);
      if (request.entries.length > capacity) throw invalid("entries", `${request.entries.length} entries do not fit a capacity of ${capacity}`);
      request.entries.forEach((e, i) => checkEntry(e, `entries[${i}]`));
      const provenance = stampProvenance(request.provenance, agentId, "provenance", provenanceStamp);
      const commit = request.save ? checkSave(request.save, agentId) : undefined;
      const remembered = await lock.run(agentId, async (): Promise<RememberResponse> => {
        const t = now();
        const facts = request.entries.flatMap((e) => {
          const fact = factFromEntry(agentId, e, request.cycle, t);
          return fact ? [{ fact, about: e.symbols }] : [];
        });
        // Working memory, facts and provenance are separate documents: written at once, they share one log write.
        // Provenance is added as RecordProvenance adds it (it needs no lock, but is written here, with the rest).
        const [{ state, result }, stored] = await Promise.all([
          repo.updateWm(
            agentId,
            (s) => {
              // A Remember sent again (its reply was lost) finds its entries held: nothing is added or touched twice.
              const again = storedAs(s, request.entries, request.cycle);
              if (again) return { ids: again, evicted: [], unknownTouchIds: [] };
              const unknownTouchIds = touchEntries(s, request.touchIds, request.cycle);
              return { ...addEntries(s, request.entries, { cycle: request.cycle, capacity, now: t }), unknownTouchIds };
            },
            wmRead,
          ),
          // Linked into the graph without holding up the reply (act's RecordFacts did it off the cycle's path before).
          storeFacts(deps, agentId, facts, seenFacts, { linkInBackground: true, after: request.afterPosition }),
          addProvenance(agentId, provenance),
        ]);
        let size = state.entries.length;
        const pressure = pressureOf(size, capacity);
        const overSize = view.settings.autoConsolidateAt !== undefined && size >= view.settings.autoConsolidateAt;
        const consolidation =
          view.auto && (pressure > view.settings.pressureThreshold || overSize)
            ? await consolidate(deps, agentId, { cycle: request.cycle, trigger: ConsolidationTrigger.PRESSURE, goals: view.goals, settings: view.settings })
            : undefined;
        if (consolidation) size -= consolidation.entriesRemoved;
        // The gauge follows writes only: reads name any agent id a caller likes.
        recordWorkingMemory(agentId, size, pressureOf(size, capacity));
        // Under the lock ListRules takes, after this call's facts (a preference among them is a rule now).
        const rules = request.includeRules ? await ruleBooks.rules(agentId, KNOWLEDGE.maxRulesListed, request.afterPosition) : [];
        return {
          ids: result.ids,
          evictedIds: result.evicted.map((e) => e.id),
          size,
          capacity,
          pressure: pressureOf(size, capacity),
          facts: stored,
          pressureLevel: pressureLevel(pressureOf(size, capacity)),
          consolidation,
          unknownTouchIds: result.unknownTouchIds,
          provenanceIds: provenance.map((r) => r.id),
          saved: undefined,
          memoryPosition: 0,
          rules,
          rulesIncluded: request.includeRules,
        };
      });
      // The cycle's commit, after its entries. A failed save leaves `saved` unset: the caller then sends
      // SaveSession, which reports the save's own error (ABORTED: another writer moved the session on).
      const saved = commit && (await save(agentId, commit.state, commit.expectedVersion).catch(() => undefined));
      return { ...remembered, ...(saved ? { saved } : {}), memoryPosition: repo.store.position(agentId) };
    },

    async recent(request) {
      const agentId = checkAgentId(request.agentId);
      const limit = checkLimit(request.limit, "limit", 5, WORKING_MEMORY.maxCapacity);
      request.kinds.forEach((k, i) => {
        if (!KINDS.has(k)) throw invalid(`kinds[${i}]`, `${k} is not a working-memory kind`);
      });
      return readRecent(agentId, { limit, kinds: request.kinds, symbol: request.symbol });
    },

    async consolidate(request) {
      const agentId = checkAgentId(request.agentId);
      const session = await repo.readSession(agentId);
      const view = sessionView(session?.doc.state);
      const settings = request.config ? consolidationSettings(request.config) : view.settings;
      request.goalIds.forEach((g, i) => checkRequired(g, `goal_ids[${i}]`));
      const trigger = request.trigger || ConsolidationTrigger.MANUAL;
      const goals = request.goalIds.length ? request.goalIds : view.goals;
      return lock.run(agentId, () => consolidate(deps, agentId, { cycle: request.cycle, trigger, goals, settings }));
    },

    async recall(request) {
      const agentId = checkAgentId(request.agentId);
      const topK = checkLimit(request.topK, "top_k", RECALL.defaultTopK, RECALL.maxTopK);
      if (request.query.trim() === "" && request.symbols.length === 0) throw invalid("query", "give a query or symbols to recall by");
      const stems = stemsOf(request.query);
      const symbols = new Set(request.symbols);
      const key = JSON.stringify([request.query, ...symbols]);
      // Asked with recent_limit, working memory is listed too, as Recent lists it: one call where a caller (observe) made two.
      const recentLimit = request.recentLimit === undefined ? undefined : checkLimit(request.recentLimit, "recent_limit", 5, WORKING_MEMORY.maxCapacity);
      const query = { stems, vector: stems.size > 0 ? encoder.encode(request.query) : undefined, symbols, topK, now: now(), key };
      const [episodeIndex, factIndex, recent] = await Promise.all([
        // Bound to the caller's memory position (RememberResponse.memory_position): what this replica holds serves when it is current.
        recallIndexes.synced(agentId, "episodes", request.afterPosition),
        request.includeFacts ? factsIndex(agentId, request.afterPosition) : undefined,
        recentLimit === undefined ? undefined : readRecent(agentId, { limit: recentLimit, kinds: [], symbol: "" }, request.afterPosition),
      ]);
      const episodes = episodeIndex.rank(query);
      const facts = factIndex?.rank(query) ?? [];
      return {
        episodes: episodes.map((r) => ({ ...r.item, relevanceScore: r.score.score })),
        facts: facts.map((r) => r.item),
        episodeScores: episodes.map((r) => r.score),
        factScores: facts.map((r) => r.score),
        recentIncluded: recent !== undefined,
        recent,
      };
    },

    async recordFacts(request) {
      const agentId = checkAgentId(request.agentId);
      request.facts.forEach((f, i) => {
        checkSameAgent(f.agentId, agentId, `facts[${i}].agent_id`);
        if (!factSized(f.content)) throw invalid(`facts[${i}].content`, `must be ${KNOWLEDGE.minFactChars}..${KNOWLEDGE.maxFactChars} characters, got ${f.content.trim().length}`);
      });
      // No agent lock, as for provenance: facts are only added, under ids the store checks, so act's
      // RecordFacts (sent without waiting, mid-cycle) no longer holds up the cycle's Remember behind it.
      const stored = await storeFacts(deps, agentId, request.facts.map((fact) => ({ fact, about: [] })), seenFacts);
      return { ids: stored.map((f) => f.id) };
    },

    async recordCorrection(request) {
      const c = request.correction;
      if (!c) throw invalid("correction", "is required");
      const agentId = checkAgentId(c.agentId, "correction.agent_id");
      checkRequired(c.original, "correction.original");
      const correction = { ...c, id: c.id || deps.newId("correction"), createdAtUnixMs: c.createdAtUnixMs || now() };
      await lock.run(agentId, () => repo.add(agentId, "corrections", [{ id: correction.id, record: correction }]));
      return { id: correction.id };
    },

    async listRules(request) {
      const agentId = checkAgentId(request.agentId);
      const limit = checkLimit(request.limit, "limit", KNOWLEDGE.maxRules, KNOWLEDGE.maxRulesListed);
      // Facts beyond the cap are dropped here too (by the rule book), as recall drops them, for an agent that lists rules but never recalls.
      return { rules: await lock.run(agentId, () => ruleBooks.rules(agentId, limit, request.afterPosition)) };
    },

    async removeRule(request) {
      const agentId = checkAgentId(request.agentId);
      const ruleId = checkRequired(request.ruleId, "rule_id");
      return lock.run(agentId, () => removeRule(deps, agentId, ruleId));
    },

    async recordProvenance(request) {
      const agentId = checkAgentId(request.agentId);
      const records = stampProvenance(request.records, agentId, "records", provenanceStamp);
      // No agent lock: records are only added, under fresh ids, and the store checks each id itself.
      await addProvenance(agentId, records);
      return { ids: records.map((r) => r.id) };
    },

    async listProvenance(request) {
      const agentId = checkAgentId(request.agentId);
      return listProvenance(await repo.read(agentId, "provenance"), request);
    },

    async saveSession(request) {
      const state = checkSessionState(request.state);
      return save(state.agentId, state, request.expectedVersion);
    },

    async loadSession(request) {
      const agentId = checkAgentId(request.agentId);
      return lock.run(agentId, async () => {
        const current = await repo.readSession(agentId);
        if (!current) throw new BusError("NOT_FOUND", `no session is saved for agent ${agentId}`);
        const { doc } = current;
        let injectedIds: number[] = [];
        let { state: wm } = await repo.readWm(agentId);
        if (request.resume && wm.resumedVersion !== doc.version) {
          const summary = resumeSummary(doc.state, decisionHistory(wm, "", 3), now());
          const updated = await repo.updateWm(agentId, (s) => {
            s.resumedVersion = doc.version;
            return addEntries(s, summary, { cycle: doc.state.cycleCount, capacity: Math.max(s.capacity, summary.length), now: now() });
          });
          wm = updated.state;
          injectedIds = updated.result.ids;
        }
        return { state: { ...doc.state, workingMemory: ownCopies(wm.entries) }, version: doc.version, injectedIds };
      });
    },

    async toolHistory(request) {
      const agentId = checkAgentId(request.agentId);
      const limit = checkLimit(request.limit, "limit", TOOL_HISTORY.defaultLimit, TOOL_HISTORY.maxLimit);
      const { state } = await repo.readWm(agentId);
      return { decisions: ownCopies(decisionHistory(state, request.goalId, limit)) };
    },
  };
}

function checkEntry(e: WorkingMemoryEntry, field: string): void {
  if (e.id !== 0) throw invalid(`${field}.id`, `must be 0 (memory assigns ids), got ${e.id}`);
  checkRequired(e.content, `${field}.content`);
  if (!KINDS.has(e.kind)) throw invalid(`${field}.kind`, `${e.kind} is not a working-memory kind`);
  checkUnit(e.relevance, `${field}.relevance`);
  if (e.symbols.length > WORKING_MEMORY.maxSymbols) throw invalid(`${field}.symbols`, `at most ${WORKING_MEMORY.maxSymbols}, got ${e.symbols.length}`);
  e.symbols.forEach((s, i) => checkRequired(s, `${field}.symbols[${i}]`));
}

/** RememberRequest.save, checked as SaveSession checks its request, for the agent Remember writes to. */
function checkSave(request: SaveSessionRequest, agentId: string): { state: SessionState; expectedVersion: number } {
  const state = checkSessionState(request.state, "save.state");
  if (state.agentId !== agentId) throw invalid("save.state.agent_id", `must be agent_id ${JSON.stringify(agentId)}, got ${JSON.stringify(state.agentId)}`);
  return { state, expectedVersion: request.expectedVersion };
}

/** Whether two session states are the same save, apart from what the store sets itself (timestamps, working memory). */
function sameSession(stored: SessionState, sent: SessionState): boolean {
  const canonical = (s: SessionState) => SessionState.encode({ ...s, workingMemory: [], createdAtUnixMs: 0, updatedAtUnixMs: 0 }).finish();
  return Buffer.from(canonical(stored)).equals(Buffer.from(canonical(sent)));
}
