/**
 * A whole console for a browser test: an embedded Boyd stack serving
 * AgentService over gRPC on a free loopback port, the solar-system facts
 * ingested, the page built, the console server on port 0, and headless
 * Chromium. `restartConsole` stops the console server and starts a new one
 * on the same port, as an operator restarting it would.
 */
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@boyd/bus";
import { IngestFormat, OrientServiceDefinition } from "@boyd/proto";
import { startStack, type Stack, type StackOptions } from "@boyd/stack";
import type { Browser } from "puppeteer-core";
import { ensureConsoleAssets, startConsole, type RunningConsole } from "../../src/index.js";
import { launchChromium } from "./chromium.js";

export const SOLAR = new URL("../../../../examples/solar-system.csv", import.meta.url);

export interface ConsoleFixture {
  readonly stack: Stack;
  readonly browser: Browser;
  /** The console's current server (replaced by restartConsole). */
  readonly console: RunningConsole;
  restartConsole(between?: () => Promise<void>): Promise<void>;
  dispose(): Promise<void>;
}

export async function startConsoleFixture(name: string, stackOptions: Partial<StackOptions> = {}): Promise<ConsoleFixture> {
  const dir = await mkdtemp(join(tmpdir(), `boyd-console-${name}-`));
  await chmod(dir, 0o755);
  const stack = await startStack({ dataDir: dir, grpcAddress: "127.0.0.1:0", ...stackOptions });
  await ingest(stack, SOLAR);
  const assetsDir = await ensureConsoleAssets();
  const grpcTarget = `127.0.0.1:${stack.controller!.grpc!.port}`;
  let server = await startConsole({ listen: "127.0.0.1:0", grpcTarget, assetsDir, heartbeatMs: 1_000 });
  const browser = await launchChromium();
  return {
    stack,
    browser,
    get console() {
      return server;
    },
    async restartConsole(between) {
      const port = server.port;
      await server.close();
      await between?.();
      server = await startConsole({ listen: `127.0.0.1:${port}`, grpcTarget, assetsDir, heartbeatMs: 1_000 });
    },
    async dispose() {
      await browser.close().catch(() => undefined);
      await server.close().catch(() => undefined);
      await stack.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Loads a CSV of facts into the stack's graph. */
export async function ingest(stack: Stack, file: URL): Promise<void> {
  const orient = createClient(stack.transport, OrientServiceDefinition, { timeoutMs: 30_000 });
  const r = await orient.ingest({ format: IngestFormat.CSV, source: { $case: "content", value: await readFile(file) } });
  if (!r.committed || r.errors.length > 0) throw new Error(`ingest of ${file.pathname} failed: ${JSON.stringify(r.errors)}`);
}
