import type { EpisodicEntry, Fact } from "@boyd/proto";
import { episodeView, factView, type View } from "./recall.js";
import { RecallIndex, type ItemCodec } from "./recall-index.js";
import { decodeSnapshot, encodeSnapshotInSlices, type SnapshotRecord } from "./recall-snapshot.js";
import type { RecordVectors } from "./record-vectors.js";
import { RecentlyUsed } from "./recently-used.js";
import { LOG_CODECS, parseStoredJson, type Repository } from "./state.js";
import type { LogPosition, ReadAfter } from "./store/port.js";

/** The logs recall ranks, and their record types. */
interface RankedRecords {
  episodes: EpisodicEntry;
  facts: Fact;
}
export type RankedLog = keyof RankedRecords;

const VIEWS: { [L in RankedLog]: (item: RankedRecords[L]) => View } = { episodes: episodeView, facts: factView };

// Agents whose indexes a process keeps (least recently recalled dropped
// first). A dropped index is loaded again from the log's recall snapshot
// and the changes after it, without decoding every record.
const KEPT_AGENTS = 128;

/** When recall snapshots are written (see RecallIndexes). */
export interface SnapshotPolicy {
  /** Changes since the last snapshot below which none is written: a log this small is read whole cheaply. @default 64 */
  minChanges: number;
  /** Changes since the last snapshot at which one is always written: bounds what a cold load reads after the snapshot. @default 1024 */
  maxChanges: number;
  /** Whether a cold index is loaded from the snapshot (false: the log is read whole, as before snapshots; for comparisons). @default true */
  load: boolean;
  /**
   * Whether snapshots are written. By default only on a store that reads
   * records over the network (KV): the files store loads every record when
   * it opens an agent, so a snapshot there would save only the index build,
   * and writing them cost an embedded cycle ~0.45 ms of CPU (bench:cycle).
   */
  write: boolean;
}

const DEFAULT_POLICY: Omit<SnapshotPolicy, "write"> = { minChanges: 64, maxChanges: 1024, load: true };

// Between minChanges and maxChanges, a snapshot is due after changes of half
// the index's size. A snapshot costs its whole size (with a 1.25 KB vector a
// record), so this bounds what it costs a change at about two records' worth,
// where an eighth cost eight (a sixth of the bytes a distributed cycle
// sent); a cold load reads at most that half again, as changes, after it.
const SNAPSHOT_EVERY_FRACTION = 1 / 2;

/** Options of {@link RecallIndexes}. */
export interface RecallIndexOptions {
  snapshots?: Partial<SnapshotPolicy> | undefined;
  /** Told when a snapshot cannot be used or written (recall goes on, from the log). @default silent */
  onSnapshotProblem?: (problem: { agentId: string; log: RankedLog; what: string }) => void;
}

interface Held<L extends RankedLog> {
  index: RecallIndex<RankedRecords[L]>;
  /** Where the index is in the log's changes (undefined: nothing loaded yet). */
  position: LogPosition | undefined;
  /** The sync in progress: syncs of one index, and snapshot builds, run one after another. */
  queue: Promise<unknown>;
  /** Changes applied since the snapshot the index was loaded from or last wrote (a whole read counts every record). */
  sinceSnapshot: number;
  /** Whether a snapshot of this index is being built or written (one at a time). */
  writing: boolean;
}

/**
 * The recall indexes of the agents this process recalls, per log, each
 * brought up to date from the store's changes before it ranks: a recall
 * costs the records written since the last one, not the agent's age.
 *
 * An index this process does not hold is loaded from the log's recall
 * snapshot (recall-snapshot.ts: ids, stems, symbols, timestamps, packed
 * vectors and the log position they cover), then only the changes after
 * that position are read. A snapshot that is missing, damaged, of another
 * encoder or format, or whose position the store cannot follow, is not
 * used: the log is read whole, as without snapshots. Snapshots are written
 * in the background after a sync that left enough changes since the last
 * one (see SnapshotPolicy), never while a recall waits.
 */
export class RecallIndexes {
  // Values are Held<L> for the log named in the key; two logs an agent.
  private readonly held = new RecentlyUsed<unknown>(KEPT_AGENTS * 2);
  private readonly policy: SnapshotPolicy;
  private readonly writes = new Set<Promise<unknown>>();

  constructor(
    private readonly repo: Repository,
    private readonly vectors: RecordVectors,
    private readonly options: RecallIndexOptions = {},
  ) {
    this.policy = { ...DEFAULT_POLICY, write: !repo.store.holdsRecordsInMemory, ...options.snapshots };
  }

  /** The index of the agent's log, up to date with the store (as of memory position `after`, when given). */
  async synced<L extends RankedLog>(agentId: string, log: L, after: ReadAfter = 0): Promise<RecallIndex<RankedRecords[L]>> {
    const held = this.heldFor(agentId, log);
    const run = held.queue.then(() => this.sync(agentId, log, held, after));
    held.queue = run.catch(() => undefined);
    await run;
    return held.index;
  }

  /** Resolves once the snapshots being built or written now are done (tests and benchmarks wait for them). */
  async snapshotsWritten(): Promise<void> {
    while (this.writes.size > 0) await Promise.all([...this.writes]);
  }

  private heldFor<L extends RankedLog>(agentId: string, log: L): Held<L> {
    const make = (): Held<L> => ({ index: new RecallIndex(VIEWS[log], itemCodec(log)), position: undefined, queue: Promise.resolve(), sinceSnapshot: 0, writing: false });
    return this.held.use(`${agentId}\0${log}`, make) as Held<L>;
  }

  /** Applies the log's changes since the index's position (first loading its snapshot, if it has none); all of them or, when reading them fails, none. */
  private async sync<L extends RankedLog>(agentId: string, log: L, held: Held<L>, after: ReadAfter): Promise<void> {
    if (held.position === undefined && this.policy.load) await this.loadSnapshot(agentId, log, held);
    // Decoded before any is applied, so a record that does not decode leaves the index as it was.
    const changes = await this.repo.changesSince(agentId, log, held.position, after);
    // Read whole again: the records held before that come again keep their stems.
    const before = changes.reset ? held.index.stemsByItem() : undefined;
    if (changes.reset) held.index.clear();
    for (const key of changes.removed) held.index.remove(key);
    for (const { id, record } of changes.upserts) {
      const item = record as RankedRecords[L];
      held.index.put(id, item, this.vectors.vectorOf(log, record), before?.get(item) ?? this.vectors.recentStemsOf(log, record));
    }
    held.position = changes.position;
    held.sinceSnapshot += changes.upserts.length + changes.removed.length;
    this.writeSnapshotIfDue(agentId, log, held);
  }

  private async loadSnapshot<L extends RankedLog>(agentId: string, log: L, held: Held<L>): Promise<void> {
    let doc;
    try {
      doc = await this.repo.store.getIndexDoc(agentId, log);
    } catch (err) {
      return this.problem(agentId, log, `cannot read the recall snapshot: ${(err as Error).message}`);
    }
    if (!doc) return;
    const loaded = decodeSnapshot(doc.value, { log, encoder: this.vectors.encoder.fingerprint });
    if (typeof loaded === "string") return this.problem(agentId, log, `recall snapshot not used: ${loaded}`);
    held.index.loadStored(loaded.records);
    held.position = loaded.position;
    held.sinceSnapshot = 0;
  }

  /**
   * Once enough changes came since the last snapshot, takes the index's
   * records and position on the next turn of the event loop (after the
   * recall that synced has its reply), queued behind the index's syncs so
   * the two match; then encodes them a slice at a time and writes them,
   * without holding up syncs or requests meanwhile.
   */
  private writeSnapshotIfDue<L extends RankedLog>(agentId: string, log: L, held: Held<L>): void {
    const due = Math.min(this.policy.maxChanges, Math.max(this.policy.minChanges, held.index.size * SNAPSHOT_EVERY_FRACTION));
    if (!this.policy.write || held.writing || held.sinceSnapshot < due) return;
    held.writing = true;
    const taken = held.queue.then(
      () =>
        new Promise<{ records: SnapshotRecord[]; position: LogPosition; covered: number }>((resolve) =>
          setImmediate(() => {
            const covered = held.sinceSnapshot;
            held.sinceSnapshot = 0;
            resolve({ records: held.index.stored(), position: held.position!, covered });
          }),
        ),
    );
    held.queue = taken.catch(() => undefined);
    const write = taken
      .then(async ({ records, position, covered }) => {
        try {
          const bytes = await encodeSnapshotInSlices({ log, encoder: this.vectors.encoder.fingerprint }, position, records);
          await this.repo.store.putIndexDoc(agentId, log, bytes);
        } catch (err) {
          held.sinceSnapshot += covered; // due again at the next sync
          throw err;
        }
      })
      .catch((err: unknown) => this.problem(agentId, log, `cannot write the recall snapshot: ${(err as Error).message}`))
      .finally(() => {
        held.writing = false;
        this.writes.delete(write);
      });
    this.writes.add(write);
  }

  private problem(agentId: string, log: RankedLog, what: string): void {
    this.options.onSnapshotProblem?.({ agentId, log, what });
  }
}

const toUtf8 = new TextEncoder();

/** A ranked log's records as a snapshot holds them: their proto JSON, without the vector (the snapshot packs it apart). */
function itemCodec<L extends RankedLog>(log: L): ItemCodec<RankedRecords[L]> {
  const codec = LOG_CODECS[log] as unknown as { toJSON(m: RankedRecords[L]): unknown; fromJSON(o: unknown): RankedRecords[L] };
  return {
    encode: (item) => toUtf8.encode(JSON.stringify(codec.toJSON(item))),
    decode: (json) => codec.fromJSON(parseStoredJson(json, `a ${log} record of a recall snapshot`)),
  };
}
