import type { EpisodicEntry, Fact } from "@boyd/proto";
import { episodeView, factView, type View } from "./recall.js";
import { RecallIndex } from "./recall-index.js";
import type { RecordVectors } from "./record-vectors.js";
import { RecentlyUsed } from "./recently-used.js";
import type { Repository } from "./state.js";
import type { LogCursor } from "./store/port.js";

/** The logs recall ranks, and their record types. */
interface RankedRecords {
  episodes: EpisodicEntry;
  facts: Fact;
}
export type RankedLog = keyof RankedRecords;

const VIEWS: { [L in RankedLog]: (item: RankedRecords[L]) => View } = { episodes: episodeView, facts: factView };

// Agents whose indexes a process keeps (least recently recalled dropped
// first). A dropped index is rebuilt from the stored vectors, without
// encoding, the next time the agent is recalled.
const KEPT_AGENTS = 128;

interface Held<L extends RankedLog> {
  index: RecallIndex<RankedRecords[L]>;
  cursor: LogCursor | undefined;
  /** The sync in progress: syncs of one index run one after another. */
  queue: Promise<unknown>;
}

/**
 * The recall indexes of the agents this process recalls, per log, each
 * brought up to date from the store's changes before it ranks: a recall
 * costs the records written since the last one, not the agent's age.
 */
export class RecallIndexes {
  // Values are Held<L> for the log named in the key; two logs an agent.
  private readonly held = new RecentlyUsed<unknown>(KEPT_AGENTS * 2);

  constructor(
    private readonly repo: Repository,
    private readonly vectors: RecordVectors,
  ) {}

  /** The index of the agent's log, up to date with the store. */
  async synced<L extends RankedLog>(agentId: string, log: L): Promise<RecallIndex<RankedRecords[L]>> {
    const held = this.heldFor(agentId, log);
    const run = held.queue.then(() => this.sync(agentId, log, held));
    held.queue = run.catch(() => undefined);
    await run;
    return held.index;
  }

  private heldFor<L extends RankedLog>(agentId: string, log: L): Held<L> {
    const make = (): Held<L> => ({ index: new RecallIndex(VIEWS[log]), cursor: undefined, queue: Promise.resolve() });
    return this.held.use(`${agentId}\0${log}`, make) as Held<L>;
  }

  /** Applies the log's changes since the index's cursor; all of them or, when reading them fails, none. */
  private async sync<L extends RankedLog>(agentId: string, log: L, held: Held<L>): Promise<void> {
    const changes = await this.repo.changes(agentId, log, held.cursor);
    if (changes.reset) held.index.clear();
    for (const key of changes.removed) held.index.remove(key);
    for (const { id, record } of changes.upserts) held.index.put(id, record as RankedRecords[L], this.vectors.vectorOf(log, record));
    held.cursor = changes.cursor;
  }
}
