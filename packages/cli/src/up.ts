import { InvalidArgumentError, type Command } from "commander";
import { UsageError, usageExits } from "./options.js";
import { note, printResult, warn } from "./output.js";

interface UpFlags {
  dataDir: string;
  nats?: string;
  /** A Bolt URI; false with --no-neo4j. */
  neo4j?: string | false;
  grpc: string;
  workspace?: string;
  config?: string;
  agentConfig?: string;
  distributed?: boolean;
  natsPort: number;
  kb: string[];
  restartOnExit?: boolean;
  /** host:port of the web console; false with --no-console. */
  console: string | false;
}

/** Parses `host:port` (port 0 picks a free one). */
export function hostPort(value: string): string {
  const m = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(value);
  if (!m || Number(m[2]) > 65535) throw new InvalidArgumentError(`expected host:port, e.g. 127.0.0.1:50051, got ${JSON.stringify(value)}`);
  return value;
}

/** Parses a TCP port, 0 for any free one. */
export function port(value: string): number {
  const n = Number(value);
  if (!/^\d{1,5}$/.test(value) || n > 65535) throw new InvalidArgumentError(`expected a port from 0 to 65535, got ${JSON.stringify(value)}`);
  return n;
}

/**
 * `boyd up`: the whole stack in this process until SIGINT or SIGTERM,
 * AgentService on gRPC (and on NATS with --nats, for other `boyd`
 * commands and replicas). With --distributed: nats-server, Neo4j and each
 * service as its own process on its own NATS user, as the cluster runs
 * them.
 */
export function registerUpCommand(program: Command): void {
  usageExits(program.command("up"))
    .description("start every service (observe, orient, decide, act, memory, controller) and serve AgentService until Ctrl-C")
    .option("--data-dir <dir>", "data directory (graph, memory, act state, workspace)", process.env["BOYD_DATA_DIR"] ?? ".boyd")
    .option("--nats <url>", "run on NATS (JetStream KV state, replayable events) so `boyd agent --nats` and `boyd events` reach it")
    .option("--neo4j <uri>", "keep the graph in Neo4j at this Bolt URI (BOYD_NEO4J_USER, BOYD_NEO4J_PASSWORD); --distributed starts one under the data dir unless given", process.env["BOYD_NEO4J_URI"])
    .option("--grpc <host:port>", "serve AgentService over gRPC here (port 0: any free port)", hostPort, "127.0.0.1:50051")
    .option("--workspace <dir>", "tool workspace (default: <data-dir>/workspace)")
    .option("--config <file>", "act configuration file (policy, custom tools, limits)")
    .option("--agent-config <file>", "agent settings file (YAML or JSON) every new agent starts from; a CreateAgent request's own settings win")
    .option("--distributed", "run nats-server, Neo4j and each service as its own process with its own NATS credentials, as the cluster does")
    .option("--no-neo4j", "with --distributed: orient keeps the graph in its embedded files instead of Neo4j")
    .option("--nats-port <port>", "with --distributed: nats-server's client port on 127.0.0.1 (0: any free port)", port, 4222)
    .option("--kb <file>", "with --distributed: load this knowledge file (.csv, .nt, .jsonl) into the graph before orient starts (repeatable)", (v: string, all: string[]) => [...all, v], [])
    .option("--restart-on-exit", "with --distributed: start a service again (with backoff) when it exits on its own")
    .option("--console <host:port>", "serve the web console here (port 0: any free port)", hostPort, "127.0.0.1:8080")
    .option("--no-console", "do not serve the web console")
    .action(async (opts: UpFlags) => {
      // Checked here, so a bad file is named before anything starts (the distributed controller reads it again).
      const { readSettingsFile } = await import("./agent-settings.js");
      const agentDefaults = opts.agentConfig !== undefined ? (await readSettingsFile(opts.agentConfig, "--agent-config")).settings : undefined;
      if (opts.distributed) {
        if (opts.nats) throw new UsageError("--nats: --distributed starts its own nats-server (choose its port with --nats-port)");
        const { upDistributed } = await import("./up-distributed.js");
        await upDistributed({
          dataDir: opts.dataDir,
          grpc: opts.grpc,
          neo4j: opts.neo4j,
          natsPort: opts.natsPort,
          kb: opts.kb,
          restartOnExit: opts.restartOnExit ?? false,
          console: opts.console,
          ...(opts.workspace ? { workspace: opts.workspace } : {}),
          ...(opts.config ? { config: opts.config } : {}),
          ...(opts.agentConfig ? { agentConfig: opts.agentConfig } : {}),
        });
        return;
      }
      if (opts.kb.length) throw new UsageError("--kb needs --distributed (here, load knowledge with `boyd kg ingest` or `boyd agent run --kb`)");
      if (opts.restartOnExit) throw new UsageError("--restart-on-exit needs --distributed");
      const user = process.env["BOYD_NEO4J_USER"];
      const password = process.env["BOYD_NEO4J_PASSWORD"];
      const { startStack } = await import("@boyd/stack");
      const stack = await startStack({
        dataDir: opts.dataDir,
        grpcAddress: opts.grpc,
        ...(opts.nats ? { nats: opts.nats } : {}),
        ...(typeof opts.neo4j === "string" ? { neo4j: { uri: opts.neo4j, ...(user ? { user } : {}), ...(password ? { password } : {}) } } : {}),
        ...(opts.workspace ? { workspace: opts.workspace } : {}),
        ...(opts.config ? { actConfig: opts.config } : {}),
        ...(agentDefaults ? { agentDefaults } : {}),
        onError: (err, where) => warn(`${where}: ${err instanceof Error ? err.message : String(err)}`, "boyd up"),
      });
      const grpc = stack.controller?.grpc?.address ?? opts.grpc;
      const web = opts.console === false ? undefined : await (await import("./up-console.js")).startUpConsole(opts.console, grpc, false);
      // Listening before "Ctrl-C to stop" is printed: a SIGTERM sent on reading it must stop the stack, not kill the process.
      const stopSignal = untilStopSignal();
      const shell = stack.act && stack.act.shell.kind !== "bubblewrap" ? `${stack.act.shell.kind}${stack.act.shell.reason ? ` (${stack.act.shell.reason})` : ""}` : undefined;
      printResult(
        () => ({ grpc, bus: opts.nats ? "nats" : "in-process", ...(opts.nats ? { nats: opts.nats } : {}), dataDir: opts.dataDir, ...(opts.neo4j ? { neo4j: opts.neo4j } : {}), ...(shell ? { shellExec: shell } : {}), ...(web?.url ? { console: web.url } : {}) }),
        () =>
          [
            `boyd up: observe, orient, decide, act, memory and controller running (data in ${opts.dataDir}${opts.neo4j ? `, graph in ${opts.neo4j}` : ""})`,
            `  gRPC  ${grpc}   try: grpcurl -plaintext ${grpc} list`,
            opts.nats ? `  NATS  ${opts.nats}   try: boyd agent run --nats ${opts.nats} --goals "..."; boyd events --nats ${opts.nats} --agent default` : "  bus   in-process (add --nats URL to reach it from other processes)",
            ...(web ? [web.banner] : []),
            ...(shell ? [`  shell_exec is ${shell}`] : []),
            "Ctrl-C to stop",
          ].join("\n"),
      );
      const signal = await stopSignal;
      note(`${signal}, stopping (runs end after their current cycle)`, "boyd up");
      await web?.close();
      await stack.stop();
      note("stopped", "boyd up");
    });
}

/** Waits for Ctrl-C or SIGTERM: how `boyd up` is stopped. */
export function untilStopSignal(): Promise<NodeJS.Signals> {
  return new Promise<NodeJS.Signals>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
  });
}
