import {
  BusError,
  decodeMessageHeader,
  connectNats,
  createClient,
  createEventChannel,
  InProcessTransport,
  serveService,
  type Transport,
} from "@boyd/bus";
import { EchoRequest, EchoServiceDefinition } from "@boyd/proto";

/** Options of {@link runBusDemo}. */
export interface BusDemoOptions {
  /** NATS URL; in-process when absent. */
  nats?: string;
  /** Requests to spread over the replicas. @default 9 */
  requests?: number;
  /** Where lines go. @default console.log */
  print?: (line: string) => void;
}

/**
 * Walks through what the bus does, on either transport: three replicas of a
 * service in one queue group share requests; a deadline, a typed error and a
 * malformed payload come back as status codes; events are published,
 * received by wildcard and replayed.
 */
export async function runBusDemo(options: BusDemoOptions = {}): Promise<void> {
  const print = options.print ?? ((line: string) => console.log(line));
  const connect = async (): Promise<Transport> => (options.nats ? connectNats({ servers: options.nats }) : shared);
  const shared = new InProcessTransport();
  const transports: Transport[] = [];
  const open = async (): Promise<Transport> => {
    const t = await connect();
    transports.push(t);
    return t;
  };
  print(`transport: ${options.nats ? `NATS at ${options.nats}` : "in-process"}`);

  const bindings = await Promise.all(
    ["replica-1", "replica-2", "replica-3"].map(async (id) =>
      serveService(await open(), EchoServiceDefinition, {
        async echo(request) {
          if (request.delayMs > 0) await new Promise((r) => setTimeout(r, request.delayMs));
          if (request.text === "forbidden") throw new BusError("PERMISSION_DENIED", "echo refuses that word");
          return { text: request.text.toUpperCase(), payload: request.payload, servedBy: id };
        },
      }),
    ),
  );
  const caller = await open();
  const client = createClient(caller, EchoServiceDefinition, { agentId: "demo" });
  try {
    const count = options.requests ?? 9;
    const replies = await Promise.all(Array.from({ length: count }, (_, i) => client.echo({ text: `hello ${i}` })));
    for (const r of replies) print(`  echo -> ${r.text} (served by ${r.servedBy})`);

    const outcome = async (label: string, call: Promise<unknown>): Promise<void> => {
      const err = await call.then(() => undefined, (e: unknown) => e);
      print(`  ${label} -> ${err instanceof BusError ? `${err.code}: ${err.message}` : "ok"}`);
    };
    await outcome("slow call, 100 ms deadline", client.echo({ text: "slow", delayMs: 2_000 }, { timeoutMs: 100 }));
    await outcome("handler refuses", client.echo({ text: "forbidden" }));
    const garbage = await caller.request(
      "boyd.v1.EchoService.Echo",
      { data: Uint8Array.from([0x0a, 0x05, 0x41]), headers: {} },
      2_000,
    );
    print(`  malformed payload -> ${garbage.headers["boyd-status"]}: ${decodeMessageHeader(garbage.headers["boyd-message"] ?? "")}`);

    const events = createEventChannel({ transport: caller, codec: EchoRequest });
    const seen: string[] = [];
    const sub = events.subscribe({ kind: "cycle.*" }, (e, meta) => void seen.push(`${meta.agentId}/${meta.kind}: ${e.text}`));
    await caller.flush();
    await new Promise((r) => setTimeout(r, 50));
    await events.publish("demo", "cycle.started", EchoRequest.fromPartial({ text: "cycle 1 begins" }));
    await events.publish("demo", "cycle.finished", EchoRequest.fromPartial({ text: "cycle 1 ends" }));
    await new Promise((r) => setTimeout(r, 100));
    for (const line of seen) print(`  event ${line}`);
    await sub.drain();
  } finally {
    await Promise.all(bindings.map((b) => b.stop()));
    await Promise.all([...new Set(transports)].map((t) => t.close()));
  }
}
