/**
 * The observe service's numbers in one place. Defaults of the request come
 * from observe.proto; the bounds match what the memory service accepts, so
 * a request observe lets through is never refused one hop later.
 */
export const OBSERVE = {
  /** Recent working-memory entries included when the request does not say (observe.proto). */
  defaultRecentLimit: 5,
  /** Largest recent_limit: memory's largest working-memory capacity. */
  maxRecentLimit: 1_000,
  /** Episodes recalled when the request does not say (observe.proto). */
  defaultEpisodeTopK: 3,
  /** Largest episode_top_k: memory's largest recall top_k. */
  maxEpisodeTopK: 100,
  /** Percepts handed over per observation; the rest wait for the next one. */
  defaultMaxPercepts: 100,
  /** Characters of the top goal's description quoted in the summary. */
  summaryGoalChars: 60,
  /**
   * Share of the remaining time kept back from downstream calls (at most
   * `downstreamMarginMaxMs`), so a memory that does not answer fails with
   * observe's own message before the caller's deadline takes the handler.
   */
  downstreamMarginShare: 0.1,
  downstreamMarginMaxMs: 100,
} as const;

/** Percept inbox defaults, shared by both adapters. */
export const PERCEPTS = {
  /**
   * Largest percept accepted, bytes as sent; a larger one is refused
   * ("oversized"). A percept is text for the next observation, and an
   * observation has to fit one NATS message (1 MB by default).
   */
  maxBytes: 64 * 1024,
  /**
   * Percept bytes handed over per observation; the percepts past it wait
   * for the next one. Keeps the Observe reply well under NATS's max
   * payload with working memory and episodes beside it.
   */
  maxBatchBytes: 256 * 1024,
  /** Percepts held per agent; beyond it the oldest are dropped (and counted). */
  defaultMaxPerAgent: 1_000,
  /** Percept ids remembered per agent after delivery, so a redelivered one is seen once. */
  rememberedIds: 4_096,
  /** Agents whose delivered ids are remembered (the most recently given percepts): up to ~400 KB each. */
  rememberedAgents: 1_024,
  /** MIME type of a percept that names none (observe.proto). */
  defaultContentType: "text/plain",
  /** JetStream stream of percepts. */
  defaultStream: "BOYD_PERCEPTS",
  /** How long an undelivered percept is kept, ms: seven days. */
  defaultMaxAgeMs: 7 * 24 * 3_600_000,
  /** How long a fetched percept may stay unacknowledged before JetStream redelivers it, ms. */
  defaultAckWaitMs: 30_000,
  /** Window in which JetStream drops a second publish of the same percept id, ms (the server's default). */
  defaultDuplicateWindowMs: 120_000,
  /** Longest wait for a direct get to be answered, ms (the server answers at once; this bounds a lost reply). */
  pullTimeoutMs: 2_000,
  /** Most stored percepts one direct get reads. */
  maxDirectBatch: 256,
  /** Times a take reads again when another replica claimed the agent's percepts between its read and its claim. */
  maxClaimAttempts: 8,
} as const;
