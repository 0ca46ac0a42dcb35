import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@boyd/bus";
import { IngestFormat, OrientServiceDefinition } from "@boyd/proto";
import { startStack, type Stack } from "@boyd/stack";
import { waitFor } from "@boyd/testkit";
import { CSRF_HEADER, startConsole, type RunningConsole } from "../src/index.js";

const SOLAR = new URL("../../../examples/solar-system.csv", import.meta.url);

/** The page's files as the server tests see them: small stand-ins, so these tests do not depend on the page build. */
export const PAGE = {
  "index.html": '<!doctype html><html><head><script type="module" src="/app.js"></script></head><body></body></html>\n',
  "app.js": "export {};\n",
  "app.css": "body { margin: 0 }\n",
};

/** A whole Boyd in this process (gRPC on a free loopback port, the solar-system facts loaded) and the console in front of it. */
export interface ServedConsole {
  readonly stack: Stack;
  readonly console: RunningConsole;
  /** Where the page's files are; a sibling file `secret.txt` sits beside it for the traversal tests. */
  readonly assetsDir: string;
  stop(): Promise<void>;
}

export async function serveConsole(prefix: string, options: { heartbeatMs?: number } = {}): Promise<ServedConsole> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  // The act sandbox runs tools as another user in places: the data directory must be readable to it (as packages/stack's tests make it).
  await chmod(dir, 0o755);
  const assetsDir = join(dir, "page");
  await writePage(assetsDir);
  await writeFile(join(dir, "secret.txt"), "not for the browser\n");
  const stack = await startStack({ dataDir: join(dir, "data"), grpcAddress: "127.0.0.1:0" });
  const orient = createClient(stack.transport, OrientServiceDefinition, { timeoutMs: 30_000 });
  const ingested = await orient.ingest({ format: IngestFormat.CSV, source: { $case: "content", value: await readFile(SOLAR) } });
  if (!ingested.committed) throw new Error(`ingest failed: ${JSON.stringify(ingested.errors)}`);
  const running = await startConsole({ listen: "127.0.0.1:0", grpcTarget: stack.controller!.grpc!.address, assetsDir, ...options });
  return {
    stack,
    console: running,
    assetsDir,
    async stop() {
      await running.close();
      await stack.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function writePage(dir: string): Promise<void> {
  const { mkdir } = await import("node:fs/promises");
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(PAGE)) await writeFile(join(dir, name), text);
}

/** fetch against the console, JSON in and out, with the CSRF header on POSTs (as the page sends them). */
export function api(base: string, cookie?: () => string | undefined) {
  return async (method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown; headers: Headers }> => {
    const sent = cookie?.();
    const res = await fetch(new URL(path, base), {
      method,
      headers: {
        ...(method === "POST" ? { [CSRF_HEADER]: "1", "content-type": "application/json" } : {}),
        ...(sent ? { cookie: sent } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
  };
}

/** Polls `check` until it holds; fails naming `what` after `timeoutMs` (testkit's waitFor, worded for these tests). */
export function eventually(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  return waitFor(check, timeoutMs, () => `timed out waiting for ${what}`, 25);
}
