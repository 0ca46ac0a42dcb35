import { createHash } from "node:crypto";
import { BusError } from "@boyd/bus";
import { ActionResult, type IdempotencyKey } from "@boyd/proto";
import { CommittedCalls } from "./committed-calls.js";
import { callKey } from "./state/record-keys.js";
import { json, type RecordStore, type StoreOwner } from "./state/record-store.js";

/** A claim on a call: either ours to run, or someone else's result. */
export type Claim =
  | {
      readonly kind: "run";
      /**
       * Records the result. The write is sent at once and not waited for
       * (see IdempotencyLedger.settled): the caller's reply goes after it.
       */
      finish(result: ActionResult): void;
      release(): Promise<void>;
    }
  | { readonly kind: "done"; readonly result: ActionResult }
  | { readonly kind: "interrupted"; readonly startedAt: number }
  /** The key was claimed for a different call: its result is not this call's, and this one must not run under the key. */
  | { readonly kind: "other"; readonly ran: ClaimedCall };

/**
 * The call a claim was made for: its tool and a digest of its input as
 * sent (a redelivered request carries the same bytes). A digest, not the
 * input, so a record stays small whatever the input's size.
 */
export interface ClaimedCall {
  readonly tool: string;
  readonly input: string;
}

/** The {@link ClaimedCall} of a tool name and its input JSON. */
export function claimedCall(toolName: string, inputJson: string): ClaimedCall {
  return { tool: toolName, input: createHash("sha256").update(inputJson).digest("base64url").slice(0, 22) };
}

// `call` is absent from records written before calls were recorded: those are taken to be this call's.
type Stored = ({ state: "running"; startedAt: number; until: number; owner?: StoreOwner } | { state: "done"; result: unknown }) & { call?: ClaimedCall };

/**
 * At-most-once execution per idempotency key (agent, run, cycle, step). The
 * key names a step, and a cycle run again may put a different call at the
 * same step: a claim records its call, and a different one finds the key
 * taken ("other") instead of the result of a call it did not make. The
 * run is the session's life (see SessionState.run_id): a session started
 * over counts its cycles from 1 again, and must not get the results its
 * previous life recorded under the same cycle and step. The
 * first call claims the key with a compare-and-set create, runs, and
 * records its result; a redelivered call gets the recorded result back. A
 * call that arrives while the first still runs waits for it. A claim whose
 * runner died before recording (its deadline long past) is reported as
 * interrupted and not run again: the side effect may or may not have
 * happened, and acting twice is the worse mistake. In a store one local
 * process owns (embedded mode), a claim left by an earlier owner whose
 * process is gone is known dead at once, without waiting for its deadline
 * (a second Ctrl-C during an approval question leaves one: the next
 * resume would otherwise wait out the whole approval timeout).
 */
export class IdempotencyLedger {
  /** Results being written (see finish). */
  private readonly writing = new Set<Promise<void>>();
  private readonly committedCalls: CommittedCalls;

  /**
   * `onLost`: told about a result whose write failed (a redelivered call
   * then finds the claim and reports it interrupted). `onSweepFailed`: told
   * about records of committed calls that could not be forgotten (the next
   * sweep tries again).
   */
  constructor(
    private readonly store: RecordStore,
    private readonly now: () => number = Date.now,
    private readonly pollMs = 50,
    private readonly onLost: (key: string, error: unknown) => void = () => undefined,
    onSweepFailed: (agentId: string, error: unknown) => void = () => undefined,
  ) {
    this.committedCalls = new CommittedCalls(store, now, onSweepFailed);
  }

  /** Resolves once every result handed to a claim's finish is written (or failed), and every sweep has ended; call before closing the store. */
  async settled(): Promise<void> {
    while (this.writing.size > 0) await Promise.all([...this.writing]);
    await this.committedCalls.settled();
  }

  /**
   * The caller committed the cycles of `runId` up to `cycle` (see
   * ActRequest.committed_cycle): their records are forgotten some minutes
   * on (see CommittedCalls).
   */
  committed(agentId: string, runId: string, cycle: number): void {
    this.committedCalls.committed(agentId, runId, cycle);
  }

  /**
   * Claims `key` for a call that may run until `until` (epoch ms). The claim
   * of a call that may have side effects is on disk before the call runs,
   * power loss included; one without (`sideEffects: false`) only has to
   * survive the process, as running it twice harms nothing. The result is
   * recorded without waiting for a sync: if a power loss takes it, the claim
   * is still there, so a redelivered call is reported interrupted and not
   * run again.
   */
  async claim(key: IdempotencyKey, until: number, signal?: AbortSignal, call: { sideEffects?: boolean; made?: ClaimedCall } = {}): Promise<Claim> {
    const k = callKey(key);
    const made = call.made ? { call: call.made } : {};
    for (;;) {
      try {
        const running: Stored = { state: "running", startedAt: this.now(), until, ...(this.store.owner ? { owner: this.store.owner } : {}), ...made };
        const revision = await this.store.create(k, json.encode(running), { sync: call.sideEffects ?? true });
        this.committedCalls.claimedFor(key.agentId);
        return {
          kind: "run",
          // The write is sent now and the result handed back without waiting for its
          // acknowledgement: over NATS the act service's one connection sends the record
          // before the reply that carries the result, and the server keeps a message it
          // received whatever becomes of the sender, so the reply no longer waits a KV
          // round trip. Only a redelivered call reads the record.
          finish: (result) => {
            const write = this.store.update(k, json.encode({ state: "done", result: ActionResult.toJSON(result), ...made } satisfies Stored), revision, { sync: false }).then(
              () => undefined,
              (err: unknown) => this.onLost(k, err),
            );
            this.writing.add(write);
            void write.finally(() => this.writing.delete(write));
          },
          // A call refused before it ran (bad input, policy) may be tried again.
          release: () => this.store.delete(k),
        };
      } catch (err) {
        if (!(err instanceof BusError && err.code === "ALREADY_EXISTS")) throw err;
      }
      const existing = await this.store.get(k);
      if (!existing) continue; // released meanwhile: try to claim again
      const stored = json.decode<Stored>(existing.value);
      if (call.made && stored.call && !sameCall(stored.call, call.made)) return { kind: "other", ran: stored.call };
      if (stored.state === "done") return { kind: "done", result: ActionResult.fromJSON(stored.result) };
      // Grace: the runner records its result just after its deadline.
      if (this.now() > stored.until + 5_000 || abandoned(stored.owner, this.store.owner)) return { kind: "interrupted", startedAt: stored.startedAt };
      if (signal?.aborted) throw new BusError("DEADLINE_EXCEEDED", `call ${k} is still running on another replica`);
      await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }
}

function sameCall(a: ClaimedCall, b: ClaimedCall): boolean {
  return a.tool === b.tool && a.input === b.input;
}

/**
 * Whether a running claim was left by an earlier owner of a locally owned
 * store whose process is gone: an earlier life of this very process (the
 * store reopened, or a restarted container keeping its pid), or another
 * pid that no longer exists. A live other pid (perhaps reused) and a
 * claim without an owner (a shared store, or one written before owners
 * were recorded) are not known dead: those wait for their deadline.
 */
function abandoned(claimOwner: StoreOwner | undefined, us: StoreOwner | undefined): boolean {
  if (!us || !claimOwner || claimOwner.life === us.life) return false;
  return claimOwner.pid === us.pid || !processExists(claimOwner.pid);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only checks that the process exists
    return true;
  } catch (err) {
    // EPERM: it exists, owned by another user.
    return (err as NodeJS.ErrnoException).code !== "ESRCH";
  }
}
