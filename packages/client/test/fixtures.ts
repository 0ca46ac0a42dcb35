import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@boyd/bus";
import { IngestFormat, OrientServiceDefinition } from "@boyd/proto";
import { startStack, type Stack } from "@boyd/stack";
import { waitFor } from "@boyd/testkit";

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

/** Polls `check` until it holds; fails naming `what` after `timeoutMs` (testkit's waitFor, worded for these tests). */
export function eventually(what: string, check: () => boolean, timeoutMs = 5_000): Promise<void> {
  return waitFor(check, timeoutMs, () => `timed out waiting for ${what}`, 20);
}
