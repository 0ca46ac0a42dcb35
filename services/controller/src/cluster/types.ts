/**
 * What the controller replicas share to drive each agent from exactly one
 * of them: leases (who drives an agent now), the live replica set (who may),
 * and the agents index (which agents exist and whether they are started).
 * Two adapters: JetStream KV (`kv.ts`, a cluster of replicas) and in-memory
 * (`local.ts`, one controller in one process, no JetStream).
 */

/** An agent's lease, held by this replica while renewals succeed. */
export interface AgentLease {
  readonly agentId: string;
  /** False once a renewal failed or came too late: another replica may drive the agent now. */
  held(): boolean;
  /** Gives the agent up at once (a no-op once lost). */
  release(): Promise<void>;
  /**
   * Takes the lease again after it lapsed without another replica taking
   * it (this replica's heartbeat missed its window: a NATS restart, a
   * pause); false when another holds it now. @default absent: a lapse is final
   */
  renew?(): Promise<boolean>;
}

/** Leases of agents: one holder at a time. */
export interface LeaseBook {
  /** Takes the agent's lease if nobody holds it; undefined when another replica does. */
  acquire(agentId: string): Promise<AgentLease | undefined>;
  /** The replica holding the agent's lease now, or undefined. */
  owner(agentId: string): Promise<string | undefined>;
}

/** The controller replicas alive now, this one included. */
export interface ReplicaSet {
  live(): Promise<readonly string[]>;
}

/** What should happen to an agent, whoever drives it. */
export interface AgentIntent {
  /** `run`: durable work, cycling until `untilCycle` or a stop; `pause`: started, held; `idle`: neither. */
  readonly want: "run" | "pause" | "idle";
  /** The last cycle a started run may reach. */
  readonly untilCycle: number;
  /** Names one start, so a run that ends never marks a newer start idle. */
  readonly startId: string;
  /**
   * Cycles the run was started for: a replica taking it over mid-way
   * sizes the run's default iteration budget on it, as the first driver
   * did, not on the cycles left. @default untilCycle minus the cycle reached
   */
  readonly runCycles?: number;
  /**
   * Who asked: StartAgent (`start`: Run and RunCycles attach to it) or a
   * detached Run or Resume (`run`: durable all the same, but another Run
   * is refused while it goes on, as before). @default "start"
   */
  readonly origin?: "start" | "run";
}

/** Every agent of the cluster with its intent. */
export interface AgentIndex {
  /** The agent's intent as last seen (a local mirror in the KV adapter: may lag by a watch delivery). */
  get(agentId: string): AgentIntent | undefined;
  /** Every agent id known, sorted. */
  ids(): readonly string[];
  /** Replaces the intent atomically from its current value (retried on a concurrent write). */
  change(agentId: string, next: (current: AgentIntent | undefined) => AgentIntent): Promise<AgentIntent>;
}

/** The shared state of the controller replicas. */
export interface Cluster {
  /** This replica's id, unique in the cluster. */
  readonly replicaId: string;
  readonly leases: LeaseBook;
  readonly replicas: ReplicaSet;
  readonly index: AgentIndex;
  /** How long a dead replica's lease lasts at most, ms (0: leases never outlive their holder). */
  readonly leaseTtlMs: number;
  /** Whether other replicas may exist (calls can be forwarded to an agent's owner). */
  readonly distributed: boolean;
  /** Stops heartbeats and watches; leases still held are released by their runs. */
  close(): Promise<void>;
}

export const IDLE_INTENT: AgentIntent = { want: "idle", untilCycle: 0, startId: "" };
