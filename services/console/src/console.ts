import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { connect, type BoydClient, type TlsOptions } from "@boyd/client";
import { consoleRequestListener, type ConsoleLogger } from "./server/http.js";

const UNARY_DEADLINE_MS = 30_000;

/** Options of {@link startConsole}. */
export interface ConsoleOptions {
  /** `host:port` to serve on; port 0 picks a free one. */
  readonly listen: string;
  /** The controller's gRPC `host:port` (AgentService). */
  readonly grpcTarget: string;
  /** TLS towards the controller: `true` for the system roots, or a private CA / client certificate. Plaintext when unset. */
  readonly tls?: boolean | TlsOptions;
  /** Serve HTTPS with this certificate and key (the session cookie is then Secure). Plain HTTP when unset. */
  readonly https?: { readonly cert: string | Buffer; readonly key: string | Buffer };
  /** The built page: index.html, app.js, app.css (see assets.ts). */
  readonly assetsDir: string;
  readonly logger?: ConsoleLogger;
  /** How often an idle event stream gets a comment line, ms. @default 15000 */
  readonly heartbeatMs?: number;
}

/** A running console. */
export interface RunningConsole {
  /** `http://host:port/` (or https) to open in a browser. */
  readonly url: string;
  /** `host:port` it listens on. */
  readonly address: string;
  readonly port: number;
  /** The AgentService client the console calls with. */
  readonly client: BoydClient;
  /** Stops serving: open event streams end, then the gRPC channel closes. */
  close(): Promise<void>;
}

/**
 * Serves the web console: the page's files and the JSON/SSE API of
 * contract.ts, every call going to AgentService over gRPC with the
 * browser's token. The controller need not be up yet: the channel connects
 * on the first call.
 */
export async function startConsole(options: ConsoleOptions): Promise<RunningConsole> {
  const { host, port } = splitHostPort(options.listen);
  // Unary calls get a deadline (a hung controller must not hold a browser's request forever); event streams have none.
  const client = await connect({ address: options.grpcTarget, connectTimeoutMs: 0, defaultDeadlineMs: UNARY_DEADLINE_MS, ...(options.tls ? { tls: options.tls } : {}) });
  const listener = consoleRequestListener({
    client,
    assetsDir: options.assetsDir,
    secure: options.https !== undefined,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    log: options.logger,
  });
  const server: Server = options.https ? createHttpsServer({ cert: options.https.cert, key: options.https.key }, listener) : createHttpServer(listener);
  try {
    await listen(server, host, port);
  } catch (err) {
    await client.close();
    throw err;
  }
  const bound = (server.address() as AddressInfo).port;
  const address = `${host.includes(":") ? `[${host}]` : host}:${bound}`;
  return {
    url: `${options.https ? "https" : "http"}://${address}/`,
    address,
    port: bound,
    client,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Event streams never end by themselves: closing their connections aborts their gRPC calls.
      server.closeAllConnections();
      await closed;
      await client.close();
    },
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** `host:port` (IPv6 in brackets) split, or a TypeError naming the option. */
export function splitHostPort(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(":");
  const host = address.slice(0, at).replace(/^\[(.*)\]$/, "$1");
  const port = Number(address.slice(at + 1));
  if (at <= 0 || !host || !/^\d{1,5}$/.test(address.slice(at + 1)) || port > 65535) {
    throw new TypeError(`startConsole: listen must be host:port such as 127.0.0.1:8080 (port 0: any free port), got ${JSON.stringify(address)}`);
  }
  return { host, port };
}
