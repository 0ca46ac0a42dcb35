import { setTimeout as sleep } from "node:timers/promises";
import { BoydError, connect, type BoydClient } from "@boyd/client";
import type { LocalCluster } from "../options.js";

/** One controller replica, reached over its own gRPC port. */
export interface ControllerEndpoint {
  readonly replica: number;
  readonly address: string;
  readonly client: BoydClient;
}

/** How {@link driveAgent} went. */
export interface DriveResult {
  readonly agentId: string;
  /** Times the run was taken up again on a replica after a call was lost with its controller. */
  readonly reattaches: number;
}

/** Options of {@link driveAgent}. */
export interface DriveOptions {
  /** Cycles per Run call; smaller chunks lose less waiting when a replica dies. @default 5 */
  readonly chunk?: number;
  /** Reattaches at most before the run counts as lost. @default 40 */
  readonly maxReattaches?: number;
  /** The first replica to try (agents spread over the replicas by it). @default 0 */
  readonly start?: number;
  readonly signal?: AbortSignal;
}

// A Run call that outlives this holds more than its chunk of cycles: something hangs.
const RUN_DEADLINE_MS = 300_000;

/**
 * Connects to every controller replica of the cluster over gRPC, each on
 * its own port (the first where `cluster.grpcAddress` points), so a caller
 * knows which replica holds its call and sees the call fail at once when
 * that replica dies.
 */
export async function connectControllers(cluster: LocalCluster): Promise<ControllerEndpoint[]> {
  const replicas = cluster.replicas.controller ?? [];
  return Promise.all(
    replicas.map(async (p) => {
      const address = p.grpcAddress;
      if (!address) throw new Error(`controller replica ${p.replica} serves no gRPC`);
      return { replica: p.replica, address, client: await connect({ address, connectTimeoutMs: 30_000 }) };
    }),
  );
}

/**
 * Runs `agentId` until its session has `cycles` cycles, in Run calls of at
 * most `chunk` cycles on one replica at a time. When a call is lost with
 * its replica (UNAVAILABLE, the connection gone) or refused because a lost
 * run is still finishing elsewhere, it reattaches on the next replica,
 * which loads the stored session and goes on from the last saved cycle:
 * the client's reattach, until controllers hand agents over themselves.
 */
export async function driveAgent(endpoints: readonly ControllerEndpoint[], agentId: string, cycles: number, options: DriveOptions = {}): Promise<DriveResult> {
  if (endpoints.length === 0) throw new Error("driveAgent: no controller endpoints");
  const chunk = options.chunk ?? 5;
  const maxReattaches = options.maxReattaches ?? 40;
  let at = options.start ?? 0;
  let reattaches = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const endpoint = endpoints[at % endpoints.length]!;
    try {
      const done = Number((await endpoint.client.getAgent(agentId, { deadlineMs: 30_000 })).cycleCount);
      if (done >= cycles) return { agentId, reattaches };
      await endpoint.client.run({ agentId, maxCycles: Math.min(chunk, cycles - done) }, { deadlineMs: RUN_DEADLINE_MS, ...(options.signal ? { signal: options.signal } : {}) });
    } catch (err) {
      if (options.signal?.aborted || !isLostCall(err)) throw err;
      if (++reattaches > maxReattaches) throw new Error(`agent ${agentId}: lost its run ${reattaches} times; last: ${(err as Error).message}`, { cause: err });
      at++;
      // Backing off: a dead owner's lease takes its TTL to run out, and every call until then fails fast.
      await sleep(Math.min(2_000, 200 * reattaches));
    }
  }
}

/**
 * A call that may be taken up elsewhere: the replica is gone or going
 * (UNAVAILABLE), a lost run still holds the agent or saved past us
 * (FAILED_PRECONDITION, ABORTED), or a service behind it was restarting
 * (DEADLINE_EXCEEDED, INTERNAL from a cycle that failed on a killed service).
 */
function isLostCall(err: unknown): boolean {
  return err instanceof BoydError && ["UNAVAILABLE", "FAILED_PRECONDITION", "ABORTED", "DEADLINE_EXCEEDED", "INTERNAL", "UNKNOWN"].includes(err.code);
}

/**
 * Starts `agentId` as durable work on the cluster (StartAgent, `cycles`
 * more cycles) and waits until its session has that many more than
 * `fromCycle` (where a started agent stopped last; 0 for a new one), asking
 * any replica that answers: the controllers keep it cycling, and take it over
 * from a replica that dies (its lease runs out), with no client reattaching.
 */
export async function startAndAwait(
  endpoints: readonly ControllerEndpoint[],
  agentId: string,
  cycles: number,
  options: { readonly start?: number; readonly fromCycle?: number; readonly timeoutMs?: number; readonly pollMs?: number } = {},
): Promise<void> {
  const target = (options.fromCycle ?? 0) + cycles;
  const until = Date.now() + (options.timeoutMs ?? 240_000);
  let at = options.start ?? 0;
  let started = false;
  let last = "";
  while (Date.now() < until) {
    const endpoint = endpoints[at % endpoints.length]!;
    try {
      if (!started) {
        await endpoint.client.startAgent({ agentId, maxCycles: cycles }, { deadlineMs: 30_000 });
        started = true;
      }
      const info = await endpoint.client.getAgent(agentId, { deadlineMs: 10_000 });
      if (Number(info.cycleCount) >= target) return;
      last = `at cycle ${info.cycleCount}, owner ${info.ownerReplica || "none"}`;
    } catch (err) {
      if (!isLostCall(err)) throw err;
      last = (err as Error).message;
      at++;
    }
    await sleep(options.pollMs ?? 250);
  }
  throw new Error(`agent ${agentId} did not reach cycle ${target} in time (${last})`);
}
