import { AsyncLocalStorage } from "node:async_hooks";
import { InProcessTransport, NatsTransport, type Envelope, type EventChannel, type Transport } from "@boyd/bus";
import { Event } from "@boyd/proto";
import type { NatsConnection } from "@nats-io/transport-node";
import type { Op, OpKind } from "./ops.js";

/** One cycle as the tracer saw it. Times are `performance.now()` milliseconds. */
export interface CycleTrace {
  readonly cycle: number;
  /** When `cycle.started` was handed to the event channel. */
  readonly start: number;
  /** When the `cycle.finished` publish resolved (acked, in distributed mode). */
  readonly end: number;
  /** The cycle's `cycle.finished` event (tool, phase_ms, warnings). */
  readonly finished: Event;
  /** Every event the cycle published, in order (traced or not). */
  readonly events: readonly Event[];
  /** What the cycle waited on; empty unless traced. */
  readonly ops: readonly Op[];
}

/** Where an async call runs: on behalf of which op, and whether it is that op's own wire (its request or publish). */
interface Scope {
  readonly op: number;
  readonly wire: boolean;
}

/** Carries the caller's op id to the handler, so calls a handler makes are known as its children, across NATS too. */
const OP_HEADER = "x-bench-op";

type Fn = (...args: unknown[]) => unknown;

/**
 * Times every cycle of the stacks it is attached to, from `cycle.started`
 * to the acknowledged `cycle.finished`, and, while `tracing`, records every
 * round trip the cycle waits on with its parent (an AsyncLocalStorage scope,
 * carried across NATS in a header). It patches `request` and `serve` of
 * both transport classes (so it must be installed before the stacks start),
 * each stack's event channel, and a NATS connection's `request`, `flush` and
 * `publish`. With tracing off only the two cycle events are looked at:
 * AsyncLocalStorage costs every promise something on Node 20, so latency is
 * measured untraced and the hops in separate traced cycles.
 */
export class CycleTracer {
  private tracing = false;
  private readonly scope = new AsyncLocalStorage<Scope>();
  private readonly undo: (() => void)[] = [];
  private ops: Op[] | undefined;
  private events: Event[] = [];
  private start = 0;
  private nextId = 1;
  // Set while nats.js's request runs synchronously, so the publish it makes is not counted twice.
  private inRequest = 0;
  private sink: ((trace: CycleTrace) => void) | undefined;

  /**
   * Records round trips (and pays for AsyncLocalStorage) in the cycles that
   * follow, or stops; stopping disables the storage, so its promise hooks
   * go away again.
   */
  trace(on: boolean): void {
    this.tracing = on;
    if (!on) this.scope.disable();
  }

  /** Patches both transport classes; call before starting the stacks. */
  install(): void {
    for (const proto of [InProcessTransport.prototype, NatsTransport.prototype] as Pick<Transport, "request" | "serve">[]) {
      const { request, serve } = proto;
      const open = (kind: OpKind, name: string): Op | undefined => this.open(kind, name);
      const settle = <T>(op: Op, p: Promise<T>): Promise<T> => this.settle(op, p);
      const scope = this.scope;
      const tracing = (): boolean => this.tracing;
      proto.request = function (this: Transport, subject: string, envelope: Envelope, timeoutMs: number): Promise<Envelope> {
        const op = open("rpc", rpcName(subject));
        if (!op) return request.call(this, subject, envelope, timeoutMs);
        const traced = { message: envelope.message, data: envelope.data, headers: { ...envelope.headers, [OP_HEADER]: String(op.id) } };
        op.bytes = envelope.data.length;
        return settle(
          op,
          scope.run({ op: op.id, wire: true }, () => request.call(this, subject, traced, timeoutMs)).then((reply) => {
            op.bytes += reply.data.length;
            return reply;
          }),
        );
      };
      proto.serve = function (this: Transport, subject, queue, handler) {
        return serve.call(this, subject, queue, (delivery) => {
          if (!tracing()) return handler(delivery);
          const id = Number(delivery.headers[OP_HEADER]);
          return id > 0 ? scope.run({ op: id, wire: false }, () => handler(delivery)) : scope.exit(() => handler(delivery));
        });
      };
      this.undo.push(() => Object.assign(proto, { request, serve }));
    }
  }

  /** Puts the transport classes and every patched object back. */
  uninstall(): void {
    for (const undo of this.undo.splice(0).reverse()) undo();
    this.scope.disable();
  }

  /** Watches a stack's event channel: cycles start and end there, and events are ops of their own. */
  attachEvents(events: EventChannel<Event>): void {
    const publish = events.publish;
    events.publish = (agentId, kind, event) => {
      if (kind === "cycle.started") this.begin();
      if (this.ops) this.events.push(event);
      const op = this.open("event", kind);
      if (op) op.bytes = Event.encode(event).finish().length;
      const sent = op ? this.settle(op, this.scope.run({ op: op.id, wire: true }, () => publish.call(events, agentId, kind, event))) : publish.call(events, agentId, kind, event);
      if (kind !== "cycle.finished") return sent;
      return sent.then((seq) => {
        this.finish(event);
        return seq;
      });
    };
    this.undo.push(() => {
      events.publish = publish;
    });
  }

  /** Counts the NATS requests services make themselves (KV, stream API, percept pulls, flushes) on a connection. */
  attachConnection(nc: NatsConnection): void {
    const target = nc as unknown as Record<"request" | "flush" | "publish", Fn>;
    const { request, flush, publish } = target;
    target.request = (...args) => {
      // Untraced, nothing is named: the name is made only for an op that is recorded.
      const op = !this.tracing || this.scope.getStore()?.wire ? undefined : this.open("nats", natsName(String(args[0])));
      this.inRequest++;
      let sent: Promise<unknown>;
      try {
        sent = request.apply(nc, args) as Promise<unknown>;
      } finally {
        this.inRequest--;
      }
      return op ? this.settle(op, sent) : sent;
    };
    target.flush = (...args) => {
      const op = this.scope.getStore()?.wire ? undefined : this.open("nats", "flush");
      const done = flush.apply(nc, args) as Promise<unknown>;
      return op ? this.settle(op, done) : done;
    };
    target.publish = (...args) => {
      // A publish with a reply subject outside request() is a hand-made request (the percept pull); its answer is not observed here.
      const options = args[2] as { reply?: string } | undefined;
      if (this.tracing && this.inRequest === 0 && options?.reply && !this.scope.getStore()?.wire) {
        const op = this.open("nats", natsName(String(args[0])));
        if (op) op.end = op.start;
      }
      return publish.apply(nc, args);
    };
    this.undo.push(() => Object.assign(target, { request, flush, publish }));
  }

  /** Sends each finished cycle to `sink` (one run at a time). */
  collect(sink: ((trace: CycleTrace) => void) | undefined): void {
    this.sink = sink;
  }

  private begin(): void {
    this.start = performance.now();
    this.ops = [];
    this.events = [];
  }

  private finish(event: Event): void {
    const end = performance.now();
    const ops = this.tracing ? (this.ops ?? []) : [];
    for (const o of ops) if (Number.isNaN(o.end)) o.end = end; // still in flight when the cycle ended
    this.ops = undefined;
    this.sink?.({ cycle: Number(event.cycle), start: this.start, end, finished: event, events: this.events, ops });
  }

  private open(kind: OpKind, name: string): Op | undefined {
    if (!this.tracing || !this.ops) return undefined;
    const op: Op = { id: this.nextId++, parent: this.scope.getStore()?.op, kind, name, start: performance.now(), end: NaN, bytes: 0 };
    this.ops.push(op);
    return op;
  }

  private settle<T>(op: Op, p: Promise<T>): Promise<T> {
    return p.finally(() => {
      op.end = performance.now();
    });
  }
}

/** `boyd.v1.MemoryService.Remember` -> `Memory.Remember`. */
export function rpcName(subject: string): string {
  const [service = subject, method = ""] = subject.split(".").slice(-2);
  return `${service.replace(/Service$/, "")}.${method}`;
}

/** A NATS API subject by what it does: `kv get KV_boyd_memory`, `kv put boyd_act`, `consumer create KV_boyd_memory`... */
export function natsName(subject: string): string {
  const t = subject.split(".");
  if (t[0] === "$KV") return `kv put ${t[1] ?? "?"}`;
  if (t[0] === "$JS" && t[1] === "API") {
    if (t[2] === "DIRECT" && t[3] === "GET") return `kv get ${t[4] ?? "?"}`;
    if (t[2] === "CONSUMER" && t[3] === "MSG" && t[4] === "NEXT") return `pull ${t[5] ?? "?"}`;
    return `${t.slice(2, 4).join(" ").toLowerCase()} ${t[4] ?? ""}`.trim();
  }
  return t.slice(0, 3).join(".");
}
