/** What `boyd up` serves the web console with (loaded only when it starts one, so `--help` stays light). */
export interface UpConsole {
  /** The banner line: `  console http://host:port/`, or why there is none. */
  readonly banner: string;
  /** Where the page is, when it is served. */
  readonly url?: string;
  close(): Promise<void>;
}

/**
 * Serves the web console on `listen` in front of AgentService at
 * `grpcAddress`, building the page first when its sources changed. Failing
 * to serve it (the port taken, the page not building) does not stop `boyd
 * up`: the banner says why and the stack runs on.
 */
export async function startUpConsole(listen: string, grpcAddress: string, tokenRequired: boolean): Promise<UpConsole> {
  try {
    const { ensureConsoleAssets, startConsole } = await import("@boyd/console");
    const running = await startConsole({ listen, grpcTarget: reachable(grpcAddress), assetsDir: await ensureConsoleAssets() });
    return { url: running.url, banner: `  console ${running.url}${tokenRequired ? "   (log in with the gRPC token, $BOYD_GRPC_TOKEN)" : ""}`, close: () => running.close() };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === "EADDRINUSE" ? `${listen} is in use (choose another with --console HOST:PORT, or --no-console)` : (err as Error).message;
    return { banner: `  console not served: ${why}`, close: async () => {} };
  }
}

/** A wildcard listen address is no address to dial: the console calls the loopback one instead. */
function reachable(address: string): string {
  if (address.startsWith("0.0.0.0:")) return `127.0.0.1:${address.slice("0.0.0.0:".length)}`;
  if (address.startsWith("[::]:")) return `[::1]:${address.slice("[::]:".length)}`;
  return address;
}
