import { connectNats, type NatsTransport, type NatsTransportOptions } from "@boyd/bus";

/** A service of the stack; in per-service mode also the NATS user it connects as. */
export type StackService = "observe" | "orient" | "decide" | "act" | "memory" | "controller";

/** Connection options of one service (credentials, TLS); `servers` comes from the stack. */
export type ServiceConnectOptions = Omit<NatsTransportOptions, "servers" | "reportError">;

/** The NATS connections of a distributed stack. */
export interface StackConnections {
  /**
   * The stack's own connection (Stack.transport, its AgentService client,
   * the event log). With a connection per service it is the controller's,
   * the one user that calls every service and owns the event log.
   */
  readonly main: NatsTransport;
  /** The connection `service` runs on. */
  of(service: StackService): NatsTransport;
  /** Closes every connection (after the services stopped). */
  close(): Promise<void>;
}

/**
 * One shared connection, or with `connect` one per service, each with the
 * options `connect` gives it (its own user). Per-service connections report
 * protocol errors the server sends (a permission violation, mostly) to
 * `report`: a publish the server refuses fails nowhere else.
 */
export async function openStackConnections(options: {
  servers: string;
  namespace: string;
  services: ReadonlySet<StackService>;
  connect: ((service: StackService) => ServiceConnectOptions) | undefined;
  report: (err: unknown, where: string) => void;
}): Promise<StackConnections> {
  const { servers, namespace, connect, report } = options;
  const open = (service: StackService | "stack", extra: ServiceConnectOptions = {}): Promise<NatsTransport> =>
    connectNats({ ...extra, servers, name: `boyd-${service}-${namespace}`, reportError: (err, ctx) => report(err, ctx.subject) });

  if (!connect) {
    const shared = await open("stack");
    return { main: shared, of: () => shared, close: () => shared.close() };
  }
  const names = [...new Set<StackService>(["controller", ...options.services])];
  const settled = await Promise.allSettled(names.map((service) => open(service, connect(service))));
  const opened = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) {
    await Promise.all(opened.map((t) => t.close().catch(() => {})));
    throw failed.reason;
  }
  const byService = new Map(names.map((service, i) => [service, opened[i]!]));
  for (const [service, transport] of byService) void reportServerErrors(transport, service, report);
  return {
    main: byService.get("controller")!,
    of(service) {
      const transport = byService.get(service);
      if (!transport) throw new Error(`no NATS connection for ${service}: it is not one of the stack's services`);
      return transport;
    },
    async close() {
      await Promise.all([...byService.values()].map((t) => t.close()));
    },
  };
}

async function reportServerErrors(transport: NatsTransport, service: StackService, report: (err: unknown, where: string) => void): Promise<void> {
  for await (const status of transport.connection.status()) {
    if (status.type === "error") report(status.error, `NATS connection of ${service}`);
  }
}
