import { BusError, isBusError, type CallContext, type CallOptions, type ServiceClient, type ServiceHandlers } from "@boyd/bus";
import type { EpisodicEntry, MemoryServiceDefinition, MemoryServiceRecallRequest, Observation, ObserveServiceDefinition, RecentResponse } from "@boyd/proto";
import { OBSERVE } from "./constants.js";
import { activeGoals, recallQuery } from "./goals.js";
import type { PerceptInbox } from "./percepts/port.js";
import { summarize } from "./summary.js";
import { checkAgentId, checkCount, checkGoals, invalid } from "./validate.js";

/** What observe reads from the memory service: its Recall (with working memory's recent entries) and, from an older memory, Recent rpcs (a bus client serves). */
export type MemoryReader = Pick<ServiceClient<typeof MemoryServiceDefinition>, "recent" | "recall">;

/** Options of {@link createObserveHandlers}. */
export interface ObserveHandlerOptions {
  /** The memory service. */
  memory: MemoryReader;
  /** Where percepts wait for their agent. */
  percepts: PerceptInbox;
  /** Most percepts per observation; the rest wait for the next one. @default 100 */
  maxPercepts?: number;
  /** Clock for `observed_at`. @default Date.now */
  now?: () => number;
}

/**
 * The observe service's handler: validates the request, reads working
 * memory and recalls episodes through the memory service (one call when it
 * recalls, with the call's own deadline), takes the agent's percepts, and
 * builds the observation.
 * Percepts are committed only once the observation is built, and handed
 * back for the next call when anything fails. No transport in sight.
 */
export function createObserveHandlers(options: ObserveHandlerOptions): ServiceHandlers<typeof ObserveServiceDefinition> {
  const { memory, percepts } = options;
  const maxPercepts = options.maxPercepts ?? OBSERVE.defaultMaxPercepts;
  if (!Number.isInteger(maxPercepts) || maxPercepts < 1) throw new Error(`maxPercepts must be a positive integer, got ${maxPercepts}`);
  const now = options.now ?? Date.now;
  return {
    async observe(request, ctx) {
      const agentId = checkAgentId(request.agentId);
      const goals = checkGoals(request.goals);
      const recentLimit = checkCount(request.recentLimit, "recent_limit", OBSERVE.defaultRecentLimit, OBSERVE.maxRecentLimit);
      const topK = checkCount(request.episodeTopK, "episode_top_k", OBSERVE.defaultEpisodeTopK, OBSERVE.maxEpisodeTopK);
      const active = activeGoals(goals);
      const call = downstream(ctx, agentId);

      // The percepts are taken while memory is read (over NATS, a round trip that no longer waits behind
      // memory's), and handed back below if memory fails.
      const taking = percepts.take(agentId, { limit: maxPercepts, deadline: call.deadline, signal: ctx.signal });
      // Recent also reports size and capacity, so it is asked even for no entries.
      const recentRequest = { agentId, limit: Math.max(1, recentLimit) };
      const reading: Promise<[RecentResponse, EpisodicEntry[]]> =
        active.length > 0 && topK > 0
          ? recallWithRecent(memory, { agentId, query: recallQuery(active), symbols: active.map((g) => g.symbolId), topK, includeFacts: false, afterPosition: request.memoryPosition }, recentRequest, call)
          : reachMemory("Recent", memory.recent(recentRequest, call)).then((recent) => [recent, []]);
      // Settled before anything is thrown, so a failed read never leaves a take (or its failure) unattended.
      const [read, taken] = await Promise.allSettled([reading, taking]);
      if (read.status === "rejected") {
        if (taken.status === "fulfilled") await taken.value.release();
        throw read.reason;
      }
      if (taken.status === "rejected") throw taken.reason;
      const [recent, episodes] = read.value;
      const batch = taken.value;
      let observation: Observation;
      try {
        const recentEntries = recent.entries.slice(0, recentLimit);
        observation = {
          agentId,
          cycle: request.cycle,
          goals: [...goals],
          activeGoalIds: active.map((g) => g.symbolId),
          workingMemorySize: recent.size,
          workingMemoryCapacity: recent.capacity,
          recentEntries,
          recalledEpisodes: episodes,
          percepts: [...batch.percepts],
          summary: summarize({
            cycle: request.cycle,
            active,
            workingMemorySize: recent.size,
            workingMemoryCapacity: recent.capacity,
            episodes: episodes.length,
            percepts: batch.percepts.length,
            droppedPercepts: batch.dropped,
            waitingPercepts: batch.waiting,
          }),
          observedAtUnixMs: now(),
        };
        // The caller gave up (deadline, server stopping): nobody will see
        // this observation, so its percepts go to the next one.
        if (ctx.signal.aborted) throw ctx.signal.reason;
      } catch (err) {
        await batch.release();
        throw err;
      }
      await batch.commit();
      return { observation };
    },
  };
}

/**
 * Call options for a downstream call made on behalf of `ctx`: the same
 * agent and trace, and the caller's deadline less a small margin, so a
 * silent memory fails with observe's message rather than a bare timeout.
 */
function downstream(ctx: CallContext, agentId: string): CallOptions & { deadline: number } {
  const remaining = ctx.deadline - Date.now();
  const margin = Math.min(OBSERVE.downstreamMarginMaxMs, Math.max(0, remaining * OBSERVE.downstreamMarginShare));
  return { deadline: Math.floor(ctx.deadline - margin), agentId, ...(ctx.traceparent ? { traceparent: ctx.traceparent } : {}) };
}

/** Memory's answer, or its failure said as observe's: unreachable (UNAVAILABLE, DEADLINE_EXCEEDED) is retryable by the controller. */
async function reachMemory<T>(rpc: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (isBusError(err, "UNAVAILABLE") || isBusError(err, "DEADLINE_EXCEEDED")) {
      throw new BusError(err.code, `observe could not reach memory (${rpc}): ${err.message}`, { cause: err });
    }
    if (isBusError(err, "INVALID_ARGUMENT")) throw invalid(`memory ${rpc}`, err.message);
    throw err;
  }
}

/**
 * Episodes for the active goals and working memory's recent entries, in one
 * Recall (its recent_limit) where there were two calls. A memory older than
 * recent_limit ignores it and says nothing was included: Recent is asked
 * then, as before, for the same answer.
 */
async function recallWithRecent(
  memory: MemoryReader,
  recall: Omit<MemoryServiceRecallRequest, "recentLimit">,
  recent: { agentId: string; limit: number },
  call: CallOptions,
): Promise<[RecentResponse, EpisodicEntry[]]> {
  const r = await reachMemory("Recall", memory.recall({ ...recall, recentLimit: recent.limit }, call));
  const listed = r.recentIncluded && r.recent ? r.recent : await reachMemory("Recent", memory.recent(recent, call));
  return [listed, newestFirst(r.episodes)];
}

/** Recall ranks best first; the observation lists episodes newest first (ties by id). */
function newestFirst(episodes: readonly EpisodicEntry[]): EpisodicEntry[] {
  return [...episodes].sort((a, b) => b.timestampUnixMs - a.timestampUnixMs || (a.symbolId < b.symbolId ? -1 : a.symbolId > b.symbolId ? 1 : 0));
}
