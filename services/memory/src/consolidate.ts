import { DerivationKind, GoalStatus, type AgentConfig, type ConsolidationTrigger, type EpisodicEntry, type MemoryServiceConsolidateResponse, type ProvenanceRecord, type SessionState } from "@boyd/proto";
import { consolidationSettings, formatScore, scoreEntry, toEpisode, type ConsolidationSettings } from "./consolidation.js";
import type { Deps } from "./deps.js";
import { pressureOf, removeEntries } from "./working-memory.js";
import { WORKING_MEMORY } from "./constants.js";

/** What Remember and consolidation work from: the agent's active goals and its config's memory settings. */
export interface SessionView {
  goals: string[];
  settings: ConsolidationSettings;
  auto: boolean;
  capacity: number;
}

/** The view of `goals` and `config` (defaults for what it leaves out); `where` names the config in errors. */
export function memoryView(goals: string[], config: AgentConfig | undefined, where: string): SessionView {
  return {
    goals,
    settings: consolidationSettings(config?.consolidation, `${where}.consolidation`),
    auto: config?.autoConsolidate ?? true,
    capacity: config?.workingMemoryCapacity ?? WORKING_MEMORY.defaultCapacity,
  };
}

/** The agent's active goals and consolidation settings from its saved session (defaults without one). */
export function sessionView(state: SessionState | undefined): SessionView {
  return memoryView(
    (state?.goals ?? []).filter((g) => g.status === GoalStatus.ACTIVE).map((g) => g.symbolId),
    state?.config,
    "state.config",
  );
}

/**
 * Scores the agent's working memory and turns entries at or above the
 * threshold into episodes; every scored entry then leaves working memory
 * (DECISION entries are archived for the tool history). Entries of the
 * cycle in progress (`source_cycle >= cycle`) are not scored: the cycle is
 * still using them. Episodes are written before the entries are removed
 * and have ids derived from the entry ids, so a crash in between only means
 * the next consolidation finds the episodes already there. The graph is
 * told best effort. The caller holds the agent's lock.
 */
export async function consolidate(
  deps: Deps,
  agentId: string,
  request: { cycle: number; trigger: ConsolidationTrigger; goals: readonly string[]; settings: ConsolidationSettings },
): Promise<MemoryServiceConsolidateResponse> {
  const state = await deps.repo.readLiveWm(agentId);
  const capacity = state.capacity;
  const pressureBefore = pressureOf(state.entries.length, capacity);
  const candidates = state.entries.filter((e) => request.cycle === 0 || e.sourceCycle < request.cycle);
  if (candidates.length === 0) return { episodes: [], entriesScored: 0, entriesRemoved: 0, pressureBefore, pressureAfter: pressureBefore };

  const goals = new Set(request.goals);
  const symbols = [...new Set(candidates.flatMap((e) => e.symbols))];
  const graph = deps.graph;
  // The graph as this process wrote it: facts a Remember linked without waiting are in it first.
  if (graph) await deps.graphWrites.settled(agentId);
  const [neighbours, graphDegrees] = await Promise.all([
    graph && goals.size ? graph.goalNeighbours(agentId, [...goals]) : undefined,
    graph && symbols.length ? graph.degrees(agentId, symbols) : undefined,
  ]);
  // Without the graph, how often earlier episodes learned a symbol stands in
  // for its degree: a symbol memory has seen many times is not novel.
  const degree = graphDegrees ?? (await localDegrees(deps, agentId, symbols));
  const context = { goals, goalNeighbours: neighbours ?? new Set<string>(), degree };

  const now = deps.now();
  const episodes: EpisodicEntry[] = [];
  const provenance: { id: string; record: ProvenanceRecord }[] = [];
  for (const entry of candidates) {
    const score = scoreEntry(entry, request.cycle, context, request.settings);
    if (score.score < request.settings.minRelevance) continue;
    const episode = toEpisode(agentId, entry, score, request.trigger, goals, now);
    episodes.push(episode);
    provenance.push({
      id: `prov:${episode.symbolId}`,
      record: {
        id: `prov:${episode.symbolId}`,
        agentId,
        cycle: request.cycle || entry.sourceCycle,
        kind: DerivationKind.AGENT_CONSOLIDATION,
        derivedId: episode.symbolId,
        sourceIds: [`wm:${agentId}:${entry.id}`, ...entry.symbols],
        confidence: Math.min(1, score.score),
        toolName: entry.toolName,
        detail: `consolidated (${episode.consolidationReason}) from working-memory entry ${entry.id}`,
        createdAtUnixMs: now,
        scoreBreakdown: formatScore(score),
        supportingTriples: [],
      },
    });
  }
  await deps.repo.add(agentId, "episodes", episodes.map((e) => ({ id: e.symbolId, record: e })));
  await deps.repo.add(agentId, "provenance", provenance);
  const scored = new Set(candidates.map((e) => e.id));
  const { state: after, result: removed } = await deps.repo.updateWm(agentId, (s) => removeEntries(s, scored));
  if (graph && !(await graph.linkEpisodes(agentId, episodes))) {
    deps.log.warn({ agentId, episodes: episodes.length }, "orient unreachable: episodes kept in memory but not linked into the graph");
  }
  return {
    episodes,
    entriesScored: candidates.length,
    entriesRemoved: removed.length,
    pressureBefore,
    pressureAfter: pressureOf(after.entries.length, capacity),
  };
}

async function localDegrees(deps: Deps, agentId: string, symbols: readonly string[]): Promise<Map<string, number>> {
  const wanted = new Set(symbols);
  const counts = new Map<string, number>();
  for (const e of await deps.repo.read(agentId, "episodes")) {
    for (const s of e.learnings) if (wanted.has(s)) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return counts;
}
