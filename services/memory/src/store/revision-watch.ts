import type { JetStreamManager } from "@nats-io/jetstream";
import type { KV } from "@nats-io/kv";

/** What the watch knows of one key: its latest revision, and whether that change removed it. */
export interface KnownRevision {
  readonly revision: number;
  readonly removed: boolean;
}

/** The keys followed, as KV key filters: what Recall, ListRules and Remember read. */
const FOLLOWED = ["*.doc.wm", "*.doc.archive", "*.ver.episodes", "*.ver.facts", "*.ver.corrections"];
const FOLLOWED_KEY = /^[^.]+\.(doc\.(wm|archive)|ver\.(episodes|facts|corrections))$/;

// How long a read waits for the watch to reach the position it was asked to see before it reads the store instead.
const CATCH_UP_MS = 100;

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
 * names them (see note); those reads go to the store as before. A watch
 * that ends (connection closed, consumer lost) stops answering: every read
 * goes to the store.
 */
export class RevisionWatch {
  private readonly known = new Map<string, KnownRevision>();
  /** Stream sequence the watch has followed the bucket through. */
  private through = 0;
  private live = false;
  private readonly waiting = new Set<{ readonly seq: number; readonly wake: () => void }>();

  /** Starts following `bucket`: from the stream's last sequence now, so no write after this call is missed. */
  static async start(kv: KV, jsm: JetStreamManager, bucket: string): Promise<RevisionWatch> {
    const watch = new RevisionWatch();
    const { state } = await jsm.streams.info(`KV_${bucket}`);
    watch.through = state.last_seq;
    const updates = await kv.watch({ key: FOLLOWED, headers_only: true, resumeFromRevision: state.last_seq + 1 });
    watch.live = true;
    void (async () => {
      try {
        for await (const e of updates) {
          watch.note(e.key, e.revision, e.operation !== "PUT");
          watch.reached(e.revision);
        }
      } finally {
        watch.live = false;
        watch.wakeAll();
      }
    })().catch(() => undefined);
    watch.stop = () => updates.stop();
    return watch;
  }

  /** Ends the watch. */
  stop: () => void = () => undefined;

  /** Whether the watch follows `key`: only a write of such a key may count toward a memory position. */
  follows(key: string): boolean {
    return FOLLOWED_KEY.test(key);
  }

  /** A revision learned from a get or put of `key` (only ever moves it forward; ignored for a key not followed). */
  note(key: string, revision: number, removed = false): void {
    if (!this.follows(key)) return;
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
    if (this.through < after && !(await this.reach(after))) return undefined;
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
