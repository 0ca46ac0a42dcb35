import type { JetStreamManager } from "@nats-io/jetstream";
import type { KV } from "@nats-io/kv";

/** What the watch knows of one key: its latest revision, and whether that change removed it. */
export interface KnownRevision {
  readonly revision: number;
  readonly removed: boolean;
}

/** The keys followed, after each agent's token: what Recall, ListRules and Remember read. */
const FOLLOWED_SUFFIXES: ReadonlySet<string> = new Set(["doc.wm", "doc.archive", "ver.episodes", "ver.facts", "ver.corrections"]);
/** The same keys as KV key filters, for the watch. */
const FOLLOWED = [...FOLLOWED_SUFFIXES].map((suffix) => `*.${suffix}`);

// How long a read waits for the watch to reach the position it was asked to see before it reads the store instead.
const CATCH_UP_MS = 100;
const RESTART_GAP_MS = 1_000;

/**
 * The latest revision of the documents and log versions a cycle reads
 * (FOLLOWED), followed through one headers-only KV watch: a replica learns
 * of another's writes without asking. The session document and the
 * provenance log are left out: the cycle writes both every time and reads
 * neither through memory, so following them would cost a message per
 * cycle and save no get.
 *
 * A read that must see writes up to a memory position (a stream sequence a
 * Remember returned, see ReadAfter) waits until the watch has delivered
 * that far; then a key's revision known here is its revision in the store,
 * and a cached value of that revision is current without a round trip.
 * Keys first seen before the watch began are unknown until a get or a put
 * names them (see note); those reads go to the store as before.
 *
 * A watch that falls behind a read's position for CATCH_UP_MS, or ends,
 * is started again from the stream's last sequence, forgetting what it
 * knew (a consumer the server lost goes silent rather than ending: a
 * nats-server restart drops it); meanwhile reads go to the store. A
 * revision learned by a get or put that started before the restart is not
 * kept (see generation).
 */
export class RevisionWatch {
  private readonly known = new Map<string, KnownRevision>();
  /** Stream sequence the watch has followed the bucket through. */
  private through = 0;
  private live = false;
  private stopped = false;
  private restarting: Promise<void> | undefined;
  /** When the watch last started or was started again (a position it cannot reach restarts it at most every RESTART_GAP_MS). */
  private startedAt = Date.now();
  private updates: { stop(): void } | undefined;
  private readonly waiting = new Set<{ readonly seq: number; readonly wake: () => void }>();
  /** Counts the watch's starts: a revision noted under an older one may predate what the new one knows. */
  generation = 0;

  private constructor(
    private readonly kv: KV,
    private readonly jsm: JetStreamManager,
    private readonly bucket: string,
  ) {}

  /** Starts following `bucket`: from the stream's last sequence now, so no write after this call is missed. */
  static async start(kv: KV, jsm: JetStreamManager, bucket: string): Promise<RevisionWatch> {
    const watch = new RevisionWatch(kv, jsm, bucket);
    await watch.follow();
    return watch;
  }

  private async follow(): Promise<void> {
    const { state } = await this.jsm.streams.info(`KV_${this.bucket}`);
    const updates = await this.kv.watch({ key: FOLLOWED, headers_only: true, resumeFromRevision: state.last_seq + 1 });
    if (this.stopped) return updates.stop();
    this.generation++;
    this.known.clear();
    this.through = state.last_seq;
    this.updates = updates;
    this.live = true;
    void (async () => {
      try {
        for await (const e of updates) {
          this.note(e.key, e.revision, e.operation !== "PUT");
          this.reached(e.revision);
        }
      } finally {
        if (this.updates === updates) this.restart();
      }
    })().catch(() => undefined);
  }

  /** Stops answering and follows the bucket anew (one restart at a time; a failed start is tried again a second later). */
  private restart(): void {
    this.live = false;
    this.wakeAll();
    if (this.stopped || this.restarting) return;
    const old = this.updates;
    this.updates = undefined;
    old?.stop();
    this.startedAt = Date.now();
    this.restarting = (async () => {
      for (;;) {
        try {
          return await this.follow();
        } catch {
          if (this.stopped) return;
          await new Promise((resolve) => setTimeout(resolve, 1_000).unref());
        }
      }
    })().finally(() => (this.restarting = undefined));
  }

  /** Ends the watch. */
  stop(): void {
    this.stopped = true;
    this.live = false;
    this.updates?.stop();
    this.wakeAll();
  }

  /** Whether the watch follows `key`: only a write of such a key may count toward a memory position. */
  follows(key: string): boolean {
    const dot = key.indexOf(".");
    return dot > 0 && FOLLOWED_SUFFIXES.has(key.slice(dot + 1));
  }

  /**
   * A revision learned from a get or put of `key` that started under
   * `generation` (only ever moves it forward; ignored for a key not
   * followed, or from before the watch last started).
   */
  note(key: string, revision: number, removed = false, generation = this.generation): void {
    if (!this.follows(key) || generation !== this.generation) return;
    const held = this.known.get(key);
    if (!held || held.revision < revision) this.known.set(key, { revision, removed });
  }

  /**
   * The latest revision of `key` as of memory position `after`, once the
   * watch has reached it; undefined when the caller asked for no position,
   * the watch is not live, it did not get there in time, or the key is
   * unknown or not followed: read the store then.
   */
  async latest(key: string, after: number): Promise<KnownRevision | undefined> {
    if (after <= 0 || !this.live) return undefined;
    if (this.through < after && !(await this.reach(after))) {
      // Behind for CATCH_UP_MS: a healthy watch lags by a message or two, so this one is started again
      // (not more often than RESTART_GAP_MS: a caller may send a position no write has reached).
      if (this.live && this.through < after && Date.now() - this.startedAt > RESTART_GAP_MS) this.restart();
      return undefined;
    }
    return this.known.get(key);
  }

  private reached(seq: number): void {
    if (seq <= this.through) return;
    this.through = seq;
    for (const w of this.waiting) if (w.seq <= seq) w.wake();
  }

  private reach(seq: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter = {
        seq,
        wake: () => {
          clearTimeout(timer);
          this.waiting.delete(waiter);
          resolve(this.live && this.through >= seq);
        },
      };
      const timer = setTimeout(waiter.wake, CATCH_UP_MS);
      this.waiting.add(waiter);
    });
  }

  private wakeAll(): void {
    for (const w of this.waiting) w.wake();
  }
}
