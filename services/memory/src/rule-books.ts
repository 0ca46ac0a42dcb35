import type { BehaviorRule, Correction, Fact } from "@boyd/proto";
import { KNOWLEDGE } from "./constants.js";
import { distillRules } from "./distiller.js";
import { isPreferenceFact } from "./facts.js";
import { RecentlyUsed } from "./recently-used.js";
import type { Repository } from "./state.js";
import type { LogCursor } from "./store/port.js";

// Agents whose rule books a process keeps (least recently listed dropped
// first); a dropped book is read again from the logs when next asked for.
const KEPT_AGENTS = 128;

/** What one agent's rules are made of, as of the two cursors. */
interface Book {
  factsCursor: LogCursor | undefined;
  correctionsCursor: LogCursor | undefined;
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
 * changed. The rules are the same as distillRules over the whole logs.
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
  async rules(agentId: string, limit: number): Promise<BehaviorRule[]> {
    const book = this.books.use(agentId, () => ({ factsCursor: undefined, correctionsCursor: undefined, preferences: new Map(), corrections: new Map(), rules: undefined }));
    await this.update(agentId, book);
    book.rules ??= distillRules([...book.corrections.values()], [...book.preferences.values()], Number.MAX_SAFE_INTEGER);
    return book.rules.slice(0, limit);
  }

  /** Applies both logs' changes since the book's cursors; a failed read leaves the book as it was, to be read again. */
  private async update(agentId: string, book: Book): Promise<void> {
    const [facts, corrections] = await Promise.all([this.repo.changes(agentId, "facts", book.factsCursor), this.repo.changes(agentId, "corrections", book.correctionsCursor)]);
    if (facts.reset) book.preferences.clear();
    if (corrections.reset) book.corrections.clear();
    let changed = facts.reset || corrections.reset;
    for (const id of facts.removed) changed = book.preferences.delete(id) || changed;
    for (const { id, record } of facts.upserts) {
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
    if (book.corrections.size > KNOWLEDGE.maxCorrections) {
      const oldest = [...book.corrections.keys()].slice(0, book.corrections.size - KNOWLEDGE.maxCorrections);
      await this.repo.remove(agentId, "corrections", oldest);
      // Not read back now: the next update brings these removals again, a no-op then.
      for (const id of oldest) book.corrections.delete(id);
      book.rules = undefined;
    }
  }
}
