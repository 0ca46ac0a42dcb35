import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Subscription, type Transport } from "@boyd/bus";
import { IngestFormat, OrientServiceDefinition } from "@boyd/proto";
import { startStack, type Stack } from "@boyd/stack";

const SOLAR = new URL("../../../examples/solar-system.csv", import.meta.url);

/** A whole Boyd in this process, its AgentService on a real gRPC port. */
export interface ServedStack {
  readonly stack: Stack;
  /** The gRPC `host:port` to connect to. */
  readonly address: string;
  stop(): Promise<void>;
}

/** Starts the stack (embedded, or on `nats`) with gRPC on a free loopback port and the solar-system facts loaded. */
export async function serveStack(prefix: string, nats?: string): Promise<ServedStack> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const stack = await startStack({ dataDir: dir, grpcAddress: "127.0.0.1:0", ...(nats ? { nats } : {}) });
  const orient = createClient(stack.transport, OrientServiceDefinition, { timeoutMs: 30_000 });
  const ingested = await orient.ingest({ format: IngestFormat.CSV, source: { $case: "content", value: await readFile(SOLAR) } });
  if (!ingested.committed) throw new Error(`ingest failed: ${JSON.stringify(ingested.errors)}`);
  return {
    stack,
    address: stack.controller!.grpc!.address,
    async stop() {
      await stack.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Counts the event subscriptions the server holds for one agent (a
 * WatchEvents call holds one until it ends), so a test can see that a
 * stream the client left was released on the server too.
 */
export function liveEventSubscriptions(transport: Transport, agentId: string): () => number {
  let live = 0;
  const subscribe = transport.subscribe.bind(transport);
  transport.subscribe = (subject, handler, options): Subscription => {
    const sub = subscribe(subject, handler, options);
    if (!subject.includes(`.${agentId}.`)) return sub;
    live++;
    let released = false;
    return {
      drain() {
        if (!released) live--;
        released = true;
        return sub.drain();
      },
    };
  };
  return () => live;
}

/** Polls `check` until it holds; fails naming `what` after `timeoutMs`. */
export async function eventually(what: string, check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
