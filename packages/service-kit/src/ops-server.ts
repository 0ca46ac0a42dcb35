import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One readiness check: resolves when the dependency answers, throws (or rejects) saying why not. */
export type ReadinessCheck = () => unknown;

/** Options of {@link startOpsServer}. */
export interface OpsServerOptions {
  /** host:port to listen on; port 0 picks a free one. */
  address: string;
  /** Named checks that must all pass for /readyz to answer 200 (e.g. nats, store). */
  checks?: Record<string, ReadinessCheck>;
  /** Prometheus exposition for /metrics. */
  metrics?: () => Promise<{ contentType: string; body: string }>;
  /** Time a check may take before it counts as failed, ms. @default 2000 */
  checkTimeoutMs?: number;
}

/** The ops HTTP endpoints of a service process. */
export interface OpsServer {
  /** `host:port` it listens on. */
  readonly address: string;
  readonly port: number;
  /** From now on /readyz answers 503 "draining", so load balancers stop sending work. */
  setDraining(): void;
  close(): Promise<void>;
}

/**
 * Serves `GET /healthz` (200 while the process can answer at all: liveness),
 * `GET /readyz` (200 when every check passes, else 503 with each check's
 * outcome as JSON: readiness) and `GET /metrics`. Probes stay cheap: checks
 * run on demand and are bounded by a timeout.
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const checks = options.checks ?? {};
  const timeoutMs = options.checkTimeoutMs ?? 2_000;
  let draining = false;
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "text/plain", "method not allowed\n");
    if (path === "/healthz") return send(res, 200, "text/plain", "ok\n");
    if (path === "/readyz") {
      if (draining) return sendJson(res, 503, { status: "draining" });
      void readiness(checks, timeoutMs).then(({ ready, results }) => sendJson(res, ready ? 200 : 503, { status: ready ? "ready" : "not ready", checks: results }));
      return;
    }
    if (path === "/metrics" && options.metrics) {
      options.metrics().then(
        ({ contentType, body }) => send(res, 200, contentType, body),
        (err: unknown) => send(res, 500, "text/plain", `metrics unavailable: ${(err as Error).message}\n`),
      );
      return;
    }
    send(res, 404, "text/plain", "not found: try /healthz, /readyz or /metrics\n");
  });
  const { host, port } = splitHostPort(options.address);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    address: `${host.includes(":") ? `[${host}]` : host}:${bound}`,
    port: bound,
    setDraining: () => void (draining = true),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function readiness(checks: Record<string, ReadinessCheck>, timeoutMs: number): Promise<{ ready: boolean; results: Record<string, string> }> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(check),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs))),
        ]);
        return [name, "ok"] as const;
      } catch (err) {
        return [name, (err as Error)?.message ?? String(err)] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ready: entries.every(([, r]) => r === "ok"), results: Object.fromEntries(entries) };
}

function splitHostPort(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(":");
  return { host: address.slice(0, at).replace(/^\[(.*)\]$/, "$1"), port: Number(address.slice(at + 1)) };
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { "content-type": contentType, "cache-control": "no-store" }).end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, "application/json", `${JSON.stringify(body)}\n`);
}
