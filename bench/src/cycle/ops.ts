/**
 * What one cycle waited on, as the tracer saw it, and the hop counts derived
 * from it. Pure: no transport here, so the counting is unit-tested.
 */

/**
 * The kinds of wait a cycle makes: a bus rpc (`Transport.request`), an event
 * publish (a JetStream publish with an ack in distributed mode, a local
 * delivery in embedded mode), or a NATS request a service makes itself
 * (KV get/put, stream and consumer API calls, a percept pull, a flush).
 */
export type OpKind = "rpc" | "event" | "nats";

/** One traced wait. Times are `performance.now()` milliseconds. */
export interface Op {
  readonly id: number;
  /** The op whose handler made this one; undefined for the controller's own calls. */
  readonly parent: number | undefined;
  readonly kind: OpKind;
  /** `Memory.Remember`, `cycle.started`, `$KV.put`... */
  readonly name: string;
  readonly start: number;
  /** Set when it settled; equal to start for fire-and-forget waits whose answer is not observed (a percept pull). */
  end: number;
  /** Request plus reply payload bytes (rpcs and events; 0 when unknown). */
  bytes: number;
}

/** Round trips of one cycle. */
export interface HopCount {
  /** Bus rpcs made, nested ones included (observe's calls to memory, act's to orient...). */
  readonly rpc: number;
  /** Events published. */
  readonly events: number;
  /** NATS requests the services made themselves (KV, stream API, percept pulls, flushes). */
  readonly nats: number;
  /** Sequential round trips counting rpcs and, when `eventsAreHops`, event acks: calls made concurrently count once. */
  readonly bus: number;
  /** As `bus`, plus the services' own NATS requests. */
  readonly all: number;
}

/**
 * Counts a cycle's ops, and the round trips on its critical path: calls that
 * overlap in time under one parent (observe asks memory Recent and Recall at
 * once; memory reads KV keys in parallel) count as one wave, the longest
 * chain of the wave counting. A call that outlived the handler that made it
 * (act's fire-and-forget RecordFacts) was not waited for: it is no hop. Ops
 * whose parent is not in `ops` are the controller's own calls, which it
 * makes one after another.
 */
export function countHops(ops: readonly Op[], eventsAreHops: boolean): HopCount {
  const ids = new Set(ops.map((o) => o.id));
  const children = new Map<number | undefined, Op[]>();
  for (const o of ops) {
    const key = o.parent !== undefined && ids.has(o.parent) ? o.parent : undefined;
    const list = children.get(key);
    if (list) list.push(o);
    else children.set(key, [o]);
  }
  const bus = (o: Op): boolean => o.kind === "rpc" || (eventsAreHops && o.kind === "event");
  const all = (o: Op): boolean => bus(o) || o.kind === "nats";
  const byId = new Map(ops.map((o) => [o.id, o]));
  const chain = (parent: number | undefined, counts: (o: Op) => boolean): number => {
    let total = 0;
    const end = parent === undefined ? Infinity : byId.get(parent)!.end;
    for (const wave of waves((children.get(parent) ?? []).filter((o) => !outlived(o, end)))) {
      total += Math.max(...wave.map((o) => (counts(o) ? 1 : 0) + chain(o.id, counts)));
    }
    return total;
  };
  return {
    rpc: ops.filter((o) => o.kind === "rpc").length,
    events: ops.filter((o) => o.kind === "event").length,
    nats: ops.filter((o) => o.kind === "nats").length,
    bus: chain(undefined, bus),
    all: chain(undefined, all),
  };
}

/** Whether an op was still in flight when its caller (ending at `callerEnd`) had answered. */
export function outlived(o: Op, callerEnd: number): boolean {
  return o.end > callerEnd;
}

/** Siblings grouped into runs of overlapping intervals, in start order. */
export function waves(siblings: readonly Op[]): Op[][] {
  const sorted = [...siblings].sort((a, b) => a.start - b.start || a.id - b.id);
  const out: Op[][] = [];
  let waveEnd = -Infinity;
  for (const o of sorted) {
    const current = out[out.length - 1];
    if (current && o.start < waveEnd) {
      current.push(o);
      waveEnd = Math.max(waveEnd, o.end);
    } else {
      out.push([o]);
      waveEnd = o.end;
    }
  }
  return out;
}

/** Milliseconds covered by at least one of the ops (concurrent calls count once). */
export function wallTime(ops: readonly Op[]): number {
  let total = 0;
  for (const wave of waves(ops)) total += Math.max(...wave.map((o) => o.end)) - Math.min(...wave.map((o) => o.start));
  return total;
}

/**
 * Time of the controller's own calls (ops without a traced parent) by name,
 * in milliseconds, and the time it spent waiting on none of them (its own
 * work: building requests, goal bookkeeping, encoding, the event loop).
 */
export function splitTime(ops: readonly Op[], start: number, end: number): { byName: Map<string, number>; own: number } {
  const ids = new Set(ops.map((o) => o.id));
  const top = ops.filter((o) => o.parent === undefined || !ids.has(o.parent));
  const byName = new Map<string, number>();
  for (const o of top) byName.set(o.name, (byName.get(o.name) ?? 0) + (o.end - o.start));
  let covered = 0;
  for (const wave of waves(top)) {
    const from = Math.max(start, Math.min(...wave.map((o) => o.start)));
    const to = Math.min(end, Math.max(...wave.map((o) => o.end)));
    if (to > from) covered += to - from;
  }
  return { byName, own: Math.max(0, end - start - covered) };
}
