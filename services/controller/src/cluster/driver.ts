import { isBusError } from "@boyd/bus";
import { StopReason } from "@boyd/proto";
import type { AgentRuntime } from "../agents/runtime.js";
import { ownerOf } from "./rendezvous.js";
import type { AgentIntent, Cluster } from "./types.js";

/** Options of {@link startDriver}. */
export interface DriverOptions {
  readonly runtime: AgentRuntime;
  readonly cluster: Cluster;
  /** How often the replica looks for agents to take or give up, ms. @default 250 */
  readonly tickMs?: number;
  /** Started agents this replica drives at once, at most. @default 1000 */
  readonly maxRunning?: number;
  readonly onError?: (err: unknown, agentId: string) => void;
}

/** The loop that drives this replica's share of the started agents. */
export interface Driver {
  /** One pass now (the loop runs them every tick). */
  tick(): Promise<void>;
  /** Stops taking agents; runs already going are stopped by the runtime's stopAll. */
  stop(): Promise<void>;
}

/**
 * Each tick, for every started agent: rendezvous hashing over the live
 * replicas says which replica should drive it. This one takes those
 * assigned to it whose lease is free (a dead replica's lease runs out
 * within its TTL), hands over at the next cycle boundary those now
 * assigned to another (a replica joined), and stops those paused. A run
 * that ends on its own (goals done, a limit, a failure) marks the agent
 * idle, unless it was started again meanwhile.
 */
export function startDriver(options: DriverOptions): Driver {
  const { runtime, cluster } = options;
  const tickMs = options.tickMs ?? 250;
  const maxRunning = options.maxRunning ?? 1000;
  const driving = new Map<string, Promise<void>>();
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const drive = (agentId: string, intent: AgentIntent) => {
    const run = runtime
      .run(agentId, {
        untilCycle: intent.untilCycle,
        keepBudgets: true,
        ...(intent.runCycles ? { runCycles: intent.runCycles } : {}),
        stillWanted: () => cluster.index.get(agentId)?.want === "run",
      })
      .then(async (report) => {
        // Handed over, or a stale save (a replica that lost the lease saved its last cycle after this one loaded): taken up again next tick.
        if (report.stopReason === StopReason.UNSPECIFIED || staleSave(report.stopReason, report.message)) return;
        await cluster.index.change(agentId, (now) => (now && now.want === "run" && now.startId === intent.startId ? { ...now, want: "idle" } : (now ?? intent)));
      })
      .catch((err: unknown) => {
        // Held by another replica still (its lease not yet run out, or a client's run): tried again next tick.
        if (isBusError(err) && err.code === "FAILED_PRECONDITION") return;
        options.onError?.(err, agentId);
      })
      .finally(() => driving.delete(agentId));
    driving.set(agentId, run);
  };

  const tick = async () => {
    const live = await cluster.replicas.live();
    for (const agentId of cluster.index.ids()) {
      const intent = cluster.index.get(agentId);
      if (!intent) continue;
      const mine = ownerOf(agentId, live) === cluster.replicaId;
      if (driving.has(agentId)) {
        if (intent.want !== "run") runtime.cancel(agentId);
        else if (!mine) runtime.handOver(agentId);
        continue;
      }
      if (intent.want === "run" && mine && driving.size < maxRunning && !runtime.isRunningHere(agentId)) drive(agentId, intent);
    }
  };

  const loop = () => {
    if (stopped) return;
    current = tick()
      .catch((err: unknown) => options.onError?.(err, "*"))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, tickMs);
      });
  };
  loop();

  return {
    // Stopped: no more runs start here (a late kick from a start call included).
    tick: () => (stopped ? Promise.resolve() : tick()),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

/** A run stopped because the session changed under it (ABORTED from a versioned save), not because the agent failed. */
function staleSave(stop: StopReason, message: string): boolean {
  return stop === StopReason.CRITICAL_FAILURE && message.startsWith("ABORTED");
}
