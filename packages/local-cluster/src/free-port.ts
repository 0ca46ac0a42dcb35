import { createServer } from "node:net";

/**
 * A port on `host` that nobody listens on right now. Services get their
 * ops (and gRPC) ports this way rather than binding port 0 themselves, so
 * the address is known before the process logs anything (its "serving"
 * line is info level, silent under BOYD_LOG_LEVEL=warn) and stays the same
 * across restarts. Another process could take it in between; the service
 * then fails to start, saying so, rather than answering somewhere unknown.
 */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port bound"))));
    });
  });
}

/** `host:port` with port 0 replaced by a free port. */
export async function pinPort(address: string): Promise<string> {
  const at = address.lastIndexOf(":");
  const host = address.slice(0, at);
  if (Number(address.slice(at + 1)) !== 0) return address;
  return `${host}:${await freePort(host.replace(/^\[(.*)\]$/, "$1"))}`;
}
