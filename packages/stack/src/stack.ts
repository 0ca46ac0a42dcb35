import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { configFromEnv as actConfigFromEnv, startAct, type ActService } from "@boyd/act";
import {
  connectNats,
  createClient,
  createEventChannel,
  InProcessTransport,
  MemoryEventLog,
  openJetStreamEventLog,
  type EventChannel,
  type NatsTransport,
  type ServiceBinding,
  type ServiceClient,
  type Transport,
} from "@boyd/bus";
import { startController, type Controller } from "@boyd/controller";
import { actCatalog, serveDecide } from "@boyd/decide";
import type { GraphStore } from "@boyd/graph";
import { openFileStore, openKvStore, serveMemory } from "@boyd/memory";
import { openJetStreamPerceptInbox, serveObserve } from "@boyd/observe";
import { openGraph, serveOrient } from "@boyd/orient";
import { AgentServiceDefinition, Event } from "@boyd/proto";

/** Options of {@link startStack}. */
export interface StackOptions {
  /** Data directory: graph, memory, act state and the default workspace. */
  readonly dataDir: string;
  /** NATS server(s): run distributed (KV state, JetStream events and percepts). */
  readonly nats?: string;
  /** Neo4j bolt URI for the graph (else the embedded store under dataDir). */
  readonly neo4j?: { uri: string; user?: string; password?: string; database?: string; label?: string };
  /** Tool workspace. @default <dataDir>/workspace */
  readonly workspace?: string;
  /** Act configuration file (policy, custom tools, limits). */
  readonly actConfig?: string;
  /** Serve AgentService over gRPC on this address (host:port). */
  readonly grpcAddress?: string;
  /** Names the KV buckets and streams (tests run several stacks on one server). @default "boyd" */
  readonly namespace?: string;
  /** Which services this process runs. @default all */
  readonly services?: ReadonlyArray<"observe" | "orient" | "decide" | "act" | "memory" | "controller">;
  /** Extra environment for act (BOYD_APPROVAL_MODE, BOYD_ALLOW_UNCONFINED...). @default process.env */
  readonly env?: NodeJS.ProcessEnv;
  /** Told about background failures. */
  readonly onError?: (err: unknown, where: string) => void;
}

/** A running stack. */
export interface Stack {
  readonly transport: Transport;
  /** AgentService over the stack's transport. */
  readonly agents: ServiceClient<typeof AgentServiceDefinition>;
  readonly events: EventChannel<Event>;
  readonly controller: Controller | undefined;
  readonly act: ActService | undefined;
  readonly graph: GraphStore | undefined;
  /** Stops every service (runs are cancelled after their cycle), then the transport. */
  stop(): Promise<void>;
}

/**
 * Starts the services of one Boyd on one transport. Each service runs the
 * same handlers in both modes; only the stores and the transport differ.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const ns = options.namespace ?? "boyd";
  const wants = new Set(options.services ?? ["observe", "orient", "decide", "act", "memory", "controller"]);
  const report = options.onError ?? (() => {});
  const nats: NatsTransport | undefined = options.nats ? await connectNats({ servers: options.nats, name: `boyd-stack-${ns}`, reportError: (err, ctx) => report(err, ctx.subject) }) : undefined;
  const transport: Transport = nats ?? new InProcessTransport();
  const closers: Array<() => Promise<void>> = [];
  const sink = nats ? await openJetStreamEventLog(nats, { stream: `${ns.toUpperCase()}_EVENTS`, subjects: [`boyd.events.v1.>`] }) : new MemoryEventLog(transport);
  const events = createEventChannel({ transport, codec: Event, sink, reportError: (err) => report(err, "events") });

  let graph: GraphStore | undefined;
  try {
    if (wants.has("orient")) {
      graph = (await openGraph({ dataDir: join(dataDir, "graph"), ...(options.neo4j ? { neo4j: { database: "neo4j", label: "Symbol", ...options.neo4j } } : {}) } as never)).store;
      const g = graph;
      const b = await serveOrient(transport, g);
      closers.push(() => b.stop(), () => g.close());
    }
    if (wants.has("memory")) {
      const store = nats ? await openKvStore({ connection: nats.connection, bucket: `${ns}_memory`, replicas: 1 }) : await openFileStore({ dir: join(dataDir, "memory") });
      const b = await serveMemory(transport, store);
      closers.push(() => b.stop());
    }
    if (wants.has("decide")) {
      const b: ServiceBinding = await serveDecide(transport, { catalog: actCatalog(transport) });
      closers.push(() => b.stop());
    }
    let act: ActService | undefined;
    if (wants.has("act")) {
      const env = options.env ?? process.env;
      const config = actConfigFromEnv({
        ...env,
        BOYD_DATA_DIR: dataDir,
        ...(options.actConfig ? { BOYD_ACT_CONFIG: options.actConfig } : {}),
        ...(options.workspace ? { BOYD_WORKSPACE: resolve(options.workspace) } : {}),
        ...(nats ? { BOYD_ACT_KV_BUCKET: `${ns}_act` } : {}),
      });
      act = await startAct({ transport, config, events });
      const a = act;
      closers.push(() => a.stop());
    }
    if (wants.has("observe")) {
      const percepts = nats ? await openJetStreamPerceptInbox(nats, { stream: `${ns.toUpperCase()}_PERCEPTS` }) : undefined;
      const b = await serveObserve(transport, percepts ? { percepts } : {});
      closers.push(async () => {
        await b.stop();
        await percepts?.close();
      });
    }
    let controller: Controller | undefined;
    if (wants.has("controller")) {
      controller = await startController({ transport, events, ...(options.grpcAddress ? { grpc: { address: options.grpcAddress } } : {}), onError: (err, agent) => report(err, `agent ${agent}`) });
      const c = controller;
      closers.push(() => c.stop());
    }
    await transport.flush();
    return {
      transport,
      agents: createClient(transport, AgentServiceDefinition, { timeoutMs: 24 * 3600_000 }),
      events,
      controller,
      act,
      graph,
      async stop() {
        // The controller first (its runs call the others), then the rest.
        for (const close of closers.reverse()) await close().catch((err: unknown) => report(err, "stop"));
        await transport.close();
      },
    };
  } catch (err) {
    for (const close of closers.reverse()) await close().catch(() => {});
    await transport.close();
    throw err;
  }
}
