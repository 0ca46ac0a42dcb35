import { createClient, type Transport } from "@boyd/bus";
import { MemoryServiceDefinition, restatesMemory, type Correction, type Fact } from "@boyd/proto";

/** Where act sends what the agent should remember. */
export interface MemorySink {
  recordFacts(agentId: string, facts: readonly Fact[]): void;
  recordCorrection(correction: Correction): void;
  /** Resolves once everything queued was delivered or given up. */
  flush(): Promise<void>;
  /**
   * Stops retrying: deliveries still failing after one more try within
   * `graceMs` are dropped (and reported), so shutting down never hangs on
   * an absent memory service.
   */
  close(graceMs?: number): Promise<void>;
}

/** Options of {@link busMemorySink}. */
export interface BusMemorySinkOptions {
  /** Deliveries tried per item before it is dropped (and logged). @default 8 */
  attempts?: number;
  /** First retry delay, doubled each time up to 30 s. @default 250 */
  backoffMs?: number;
  /** Most items held while memory is away; the oldest are dropped beyond. @default 10000 */
  maxQueued?: number;
  /** Told about drops. */
  onDrop?: (what: string, error: unknown) => void;
}

/**
 * Sends facts and corrections to the memory service over the bus without
 * making the tool call wait for it: a call's result does not depend on
 * memory being up. Deliveries are retried with backoff while memory is
 * unreachable (a restart, a redeploy); what still fails is logged, not lost
 * silently.
 */
export function busMemorySink(transport: Transport, options: BusMemorySinkOptions = {}): MemorySink {
  const client = createClient(transport, MemoryServiceDefinition, { timeoutMs: 5_000 });
  const attempts = options.attempts ?? 8;
  const backoff = options.backoffMs ?? 250;
  const maxQueued = options.maxQueued ?? 10_000;
  const pending = new Set<Promise<void>>();
  let queued = 0;
  let closing = false;
  const wakers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakers.add(done);
    });

  const deliver = (what: string, send: () => Promise<unknown>): void => {
    if (queued >= maxQueued) {
      options.onDrop?.(what, new Error(`more than ${maxQueued} deliveries queued`));
      return;
    }
    queued++;
    const run = (async () => {
      for (let i = 1; ; i++) {
        try {
          await send();
          return;
        } catch (err) {
          if (i >= attempts || closing) {
            options.onDrop?.(what, err);
            return;
          }
          await sleep(Math.min(30_000, backoff * 2 ** (i - 1)));
        }
      }
    })().finally(() => {
      queued--;
      pending.delete(run);
    });
    pending.add(run);
  };

  return {
    recordFacts(agentId, facts) {
      if (facts.length) deliver(`${facts.length} fact(s) of ${agentId}`, () => client.recordFacts({ agentId, facts: [...facts] }, { agentId }));
    },
    recordCorrection(correction) {
      deliver(`correction of ${correction.agentId}`, () => client.recordCorrection({ correction }, { agentId: correction.agentId }));
    },
    async flush() {
      while (pending.size) await Promise.all(pending);
    },
    async close(graceMs = 2_000) {
      closing = true;
      for (const wake of [...wakers]) wake();
      const grace = new Promise((r) => setTimeout(r, graceMs).unref());
      await Promise.race([this.flush(), grace]);
    },
  };
}

/** Fact bounds, as in the reference: shorter says nothing, longer is a document. */
export const FACT_MIN_CHARS = 10;
export const FACT_MAX_CHARS = 5_000;

/** The fact a successful tool output yields, if its text is 10 to 5,000 characters and not a recollection of memory (restatesMemory). */
export function factFrom(agentId: string, cycle: number, toolName: string, content: string, now: number): Fact | undefined {
  const text = content.trim();
  if (restatesMemory(toolName)) return undefined;
  if (text.length < FACT_MIN_CHARS || text.length > FACT_MAX_CHARS) return undefined;
  return { id: "", agentId, content: text, source: `tool:${toolName}`, tags: [toolName, "tool_result"], cycle, createdAtUnixMs: now };
}
