import type { LogChanges, LogCursor, StoredRecord } from "./port.js";

// Changes a journal remembers. A reader further behind than this gets the
// whole log once (a reset) instead of the journal growing with the log.
const KEPT_CHANGES = 4_096;

/**
 * The ids a record log changed, in order, so a reader that keeps something
 * derived from the log (the recall index) applies only what changed since
 * its last read instead of going over every record. Bounded: it keeps the
 * last KEPT_CHANGES to KEPT_CHANGES * 2 changes; older cursors get a reset.
 */
export class ChangeJournal {
  private ids: string[] = [];
  /** Position of ids[0] since the journal began. */
  private first = 0;

  /** Notes that the record `id` was added, replaced or removed. */
  note(id: string): void {
    this.ids.push(id);
    if (this.ids.length > KEPT_CHANGES * 2) {
      this.ids = this.ids.slice(KEPT_CHANGES);
      this.first += KEPT_CHANGES;
    }
  }

  /**
   * The log's changes after `since`, with each record's current value
   * (`records`: the log as it is now). A cursor from another journal (this
   * log's cache was rebuilt), or one older than the journal reaches, gets
   * every record with `reset` set.
   */
  changes(records: ReadonlyMap<string, Uint8Array>, since: LogCursor | undefined): LogChanges {
    const cursor: LogCursor = { journal: this, position: this.first + this.ids.length };
    if (!since || since.journal !== this || since.position < this.first || since.position > cursor.position) {
      return { cursor, reset: true, upserts: [...records].map(([id, value]): StoredRecord => ({ id, value })), removed: [] };
    }
    // In the order of each id's last change, which is the log's order.
    const touched = new Set<string>();
    for (let i = this.ids.length - 1; i >= since.position - this.first; i--) touched.add(this.ids[i]!);
    const upserts: StoredRecord[] = [];
    const removed: string[] = [];
    for (const id of [...touched].reverse()) {
      const value = records.get(id);
      if (value) upserts.push({ id, value });
      else removed.push(id);
    }
    return { cursor, reset: false, upserts, removed };
  }
}
