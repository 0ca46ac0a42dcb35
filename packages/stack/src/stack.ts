import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { configFromEnv as actConfigFromEnv, startAct, type ActService } from "@boyd/act";
import {
  createClient,
  agentEventChannel,
  InProcessTransport,
  MemoryEventLog,
  openJetStreamEventLog,
  type EventChannel,
  NatsTransport,
  type ServiceBinding,
  type ServiceClient,
  type Transport,
} from "@boyd/bus";
import { defaultReplicaId, openKvCluster, startController, type AgentSettings, type Cluster, type Controller } from "@boyd/controller";
import { actCatalog, serveDecide } from "@boyd/decide";
import type { GraphStore } from "@boyd/graph";
import { openFileStore, openKvStore, serveMemory, syncPolicyFromEnv } from "@boyd/memory";
import { openJetStreamPerceptInbox, serveObserve, type DropListener } from "@boyd/observe";
import { openGraph, serveOrient } from "@boyd/orient";
import { AgentServiceDefinition, type Event } from "@boyd/proto";
import { openStackConnections, type ServiceConnectOptions, type StackService } from "./connections.js";

/** Options of {@link startStack}. */
export interface StackOptions {
  /** Data directory: graph, memory, act state and the default workspace. */
  readonly dataDir: string;
  /** NATS server(s): run distributed (KV state, JetStream events and percepts). */
  readonly nats?: string;
  /**
   * With `nats`: a connection per service, with the options this gives
   * each (its own user and password, TLS), as deployed services connect.
   * The stack's own connection (`transport`, `agents`, `events`) is then
   * the controller's. Protocol errors the server sends on any of them (a
   * permission violation) go to `onError`. @default one shared connection
   */
  readonly natsConnect?: (service: StackService) => ServiceConnectOptions;
  /** Neo4j bolt URI for the graph (else the embedded store under dataDir). */
  readonly neo4j?: { uri: string; user?: string; password?: string; database?: string; label?: string };
  /** Tool workspace. @default <dataDir>/workspace */
  readonly workspace?: string;
  /** Act configuration file (policy, custom tools, limits). */
  readonly actConfig?: string;
  /** Settings new agents start from (`boyd up --agent-config FILE`); a CreateAgent request's own win. */
  readonly agentDefaults?: AgentSettings;
  /** Idle agents whose session the controller keeps loaded; the least recently used beyond are read again when next used. @default 1000 */
  readonly keptIdleAgents?: number;
  /** Serve AgentService over gRPC on this address (host:port). */
  readonly grpcAddress?: string;
  /**
   * With `nats`: this controller's id among the controller replicas on the
   * same NATS (`boyd up --nats` twice, or beside deployed controllers):
   * they share agents through the KV cluster, so each agent is driven by
   * one of them at a time. @default host name, pid and a random suffix
   */
  readonly replicaId?: string;
  /** With `nats`: how long a stopped-beating controller's agents wait before another takes them, ms. @default 3000 */
  readonly leaseTtlMs?: number;
  /** Names the KV buckets and streams (tests run several stacks on one server). @default "boyd" */
  readonly namespace?: string;
  /** Which services this process runs. @default all */
  readonly services?: ReadonlyArray<StackService>;
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
  const wants = new Set<StackService>(options.services ?? ["observe", "orient", "decide", "act", "memory", "controller"]);
  const report = options.onError ?? (() => {});
  const connections = options.nats ? await openStackConnections({ servers: options.nats, namespace: ns, services: wants, connect: options.natsConnect, report }) : undefined;
  const nats: NatsTransport | undefined = connections?.main;
  const transport: Transport = nats ?? new InProcessTransport();
  // The transport each service runs on: its own connection, or the shared one.
  const on = (service: StackService): Transport => connections?.of(service) ?? transport;
  const closers: Array<() => Promise<void>> = [];
  const closeTransports = (): Promise<void> => connections?.close() ?? transport.close();
  const sink = nats ? await openJetStreamEventLog(nats, { stream: `${ns.toUpperCase()}_EVENTS`, subjects: [`boyd.events.v1.>`] }).catch(async (err: unknown) => {
    await closeTransports();
    throw err;
  }) : new MemoryEventLog(transport);
  const events = agentEventChannel({ transport, sink, reportError: (err) => report(err, "events") });

  let graph: GraphStore | undefined;
  try {
    if (wants.has("orient")) {
      // Each store is closed (its directory's lock released) as soon as it is open, so a later failure leaves nothing held.
      graph = (await openGraph({ dataDir: join(dataDir, "graph"), ...(options.neo4j ? { neo4j: { database: "neo4j", label: "Symbol", ...options.neo4j } } : {}) } as never)).store;
      const g = graph;
      closers.push(() => g.close());
      const b = await serveOrient(on("orient"), g);
      closers.push(() => b.stop());
    }
    if (wants.has("memory")) {
      const memory = on("memory");
      const store = memory instanceof NatsTransport ? await openKvStore({ connection: memory.connection, bucket: `${ns}_memory`, replicas: 1 }) : await openFileStore({ dir: join(dataDir, "memory"), sync: syncPolicyFromEnv(options.env ?? process.env) });
      closers.push(() => store.close());
      const b = await serveMemory(memory, store);
      closers.push(() => b.stop());
    }
    if (wants.has("decide")) {
      const decide = on("decide");
      const b: ServiceBinding = await serveDecide(decide, { catalog: actCatalog(decide) });
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
      const own = on("act");
      // On a connection of its own, act publishes its approval events
      // live, as its own process does; the event log stores them all the same.
      act = await startAct({ transport: own, config, events: own === transport ? events : agentEventChannel({ transport: own, reportError: (err) => report(err, "act events") }) });
      const a = act;
      closers.push(() => a.stop());
    }
    if (wants.has("observe")) {
      const observe = on("observe");
      // A refused percept is said out loud (it also goes to the dead-letter subject); duplicates are routine.
      const onDrop: DropListener = (reason, d) => {
        if (d.why) report(new Error(`percept for ${d.agentId ?? "?"} refused (${reason}): ${d.why}`), "observe");
      };
      const percepts = observe instanceof NatsTransport ? await openJetStreamPerceptInbox(observe, { stream: `${ns.toUpperCase()}_PERCEPTS`, onDrop }) : undefined;
      const b = await serveObserve(observe, percepts ? { percepts } : { onDrop });
      closers.push(async () => {
        await b.stop();
        await percepts?.close();
      });
    }
    let controller: Controller | undefined;
    if (wants.has("controller")) {
      // On NATS the controller joins the KV cluster (leases, heartbeats, the agents index), as a deployed replica does.
      const cluster = nats ? await controllerCluster(nats, ns, options, report) : undefined;
      controller = await startController({
        transport,
        events,
        ...(cluster ? { cluster } : {}),
        ...(options.grpcAddress ? { grpc: { address: options.grpcAddress } } : {}),
        ...(options.agentDefaults ? { agentDefaults: options.agentDefaults } : {}),
        ...(options.keptIdleAgents ? { keptIdleAgents: options.keptIdleAgents } : {}),
        onError: (err, agent) => report(err, `agent ${agent}`),
      }).catch(async (err: unknown) => {
        await cluster?.close();
        throw err;
      });
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
        await closeTransports();
      },
    };
  } catch (err) {
    for (const close of closers.reverse()) await close().catch(() => {});
    await closeTransports();
    throw err;
  }
}

function controllerCluster(nats: NatsTransport, namespace: string, options: StackOptions, report: (err: unknown, where: string) => void): Promise<Cluster> {
  return openKvCluster({
    connection: nats.connection,
    replicaId: options.replicaId ?? defaultReplicaId(),
    namespace,
    ...(options.leaseTtlMs ? { ttlMs: options.leaseTtlMs } : {}),
    onError: (err, what) => report(err, `controller cluster: ${what}`),
  });
}
