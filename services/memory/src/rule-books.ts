import type { BehaviorRule, Correction, Fact } from "@boyd/proto";
import { KNOWLEDGE } from "./constants.js";
import { distillRules } from "./distiller.js";
import { isPreferenceFact } from "./facts.js";
import { RecentlyUsed } from "./recently-used.js";
import type { Repository } from "./state.js";
import type { LogCursor, ReadAfter } from "./store/port.js";

// Agents whose rule books a process keeps (least recently listed dropped
// first); a dropped book is read again from the logs when next asked for.
const KEPT_AGENTS = 128;

/** What one agent's rules are made of, as of the two cursors. */
interface Book {
  factsCursor: LogCursor | undefined;
  correctionsCursor: LogCursor | undefined;
  /** Every fact's store id, in the log's order (oldest first): to keep the facts under their cap. */
  factIds: Set<string>;
  /** Facts that state a preference (the only facts rules come from), by store id. */
  preferences: Map<string, Fact>;
  /** Every correction, by store id, in the log's order (oldest first). */
  corrections: Map<string, Correction>;
  /** Every distilled rule, best first; undefined after a change. */
  rules: BehaviorRule[] | undefined;
}

/**
 * The behavioural rules of the agents this process serves, kept per agent
 * and brought up to date from the logs' changes. The controller lists an
 * agent's rules every cycle; distilling them from every fact held cost
 * 38 ms a call at 10,000 facts. Now a call costs the changes since the last
 * one, and the distiller runs only when corrections or preference facts
 * changed. The rules are the same as distillRules over the whole logs. A
 * book also holds every fact's id (not the fact), to keep the facts under
 * their cap without reading the facts log a second time.
 */
export class RuleBooks {
  private readonly books = new RecentlyUsed<Book>(KEPT_AGENTS);

  constructor(private readonly repo: Repository) {}

  /**
   * The agent's rules, best first, at most `limit`. Corrections beyond the
   * cap (the oldest) are removed from the store on the way, as reading the
   * whole log used to. The caller holds the agent's lock, which also keeps
   * two updates of one book from interleaving.
   */
  async rules(agentId: string, limit: number, after: ReadAfter = 0): Promise<BehaviorRule[]> {
    const book = this.books.use(agentId, () => ({ factsCursor: undefined, correctionsCursor: undefined, factIds: new Set<string>(), preferences: new Map(), corrections: new Map(), rules: undefined }));
    await this.update(agentId, book, after);
    book.rules ??= distillRules([...book.corrections.values()], [...book.preferences.values()], Number.MAX_SAFE_INTEGER);
    return book.rules.slice(0, limit);
  }

  /** Applies both logs' changes since the book's cursors; a failed read leaves the book as it was, to be read again. */
  private async update(agentId: string, book: Book, after: ReadAfter): Promise<void> {
    const [facts, corrections] = await Promise.all([this.repo.changes(agentId, "facts", book.factsCursor, after), this.repo.changes(agentId, "corrections", book.correctionsCursor, after)]);
    if (facts.reset) {
      book.preferences.clear();
      book.factIds.clear();
    }
    if (corrections.reset) book.corrections.clear();
    let changed = facts.reset || corrections.reset;
    for (const id of facts.removed) {
      book.factIds.delete(id);
      changed = book.preferences.delete(id) || changed;
    }
    for (const { id, record } of facts.upserts) {
      book.factIds.delete(id); // a re-added id moves to the end, as in the log
      book.factIds.add(id);
      changed = book.preferences.delete(id) || changed;
      if (!isPreferenceFact(record)) continue;
      book.preferences.set(id, record);
      changed = true;
    }
    for (const id of corrections.removed) changed = book.corrections.delete(id) || changed;
    for (const { id, record } of corrections.upserts) {
      book.corrections.delete(id); // a re-added id moves to the end, as in the log
      book.corrections.set(id, record);
      changed = true;
    }
    book.factsCursor = facts.cursor;
    book.correctionsCursor = corrections.cursor;
    if (changed) book.rules = undefined;
    await this.keepFactsCapped(agentId, book);
    if (book.corrections.size > KNOWLEDGE.maxCorrections) {
      const oldest = [...book.corrections.keys()].slice(0, book.corrections.size - KNOWLEDGE.maxCorrections);
      await this.repo.remove(agentId, "corrections", oldest);
      // Not read back now: the next update brings these removals again, a no-op then.
      for (const id of oldest) book.corrections.delete(id);
      book.rules = undefined;
    }
  }

  /**
   * Drops the oldest facts beyond the cap from the store, as recall does
   * for the facts it ranks: an agent that lists rules but never recalls
   * stays under the cap too. Counted from the book, so ListRules reads the
   * facts log once (it synced the recall index for this before: a second
   * read of the log, a KV get every cycle).
   */
  private async keepFactsCapped(agentId: string, book: Book): Promise<void> {
    const over = book.factIds.size - KNOWLEDGE.maxFacts;
    if (over <= 0) return;
    const oldest: string[] = [];
    for (const id of book.factIds) {
      if (oldest.length === over) break;
      oldest.push(id);
    }
    await this.repo.remove(agentId, "facts", oldest);
    // Not read back now: the next update brings these removals again, a no-op then.
    for (const id of oldest) {
      book.factIds.delete(id);
      if (book.preferences.delete(id)) book.rules = undefined;
    }
  }
}
