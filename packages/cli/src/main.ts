#!/usr/bin/env -S node --import tsx
import { Command } from "commander";
import { isBusError } from "@boyd/bus";
import { registerActCommands } from "./act.js";
import { printable } from "./agent-format.js";
import { registerAgentCommands } from "./agent.js";
import { registerDecideCommand } from "./decide.js";
import { runBusDemo } from "./demo-bus.js";
import { registerKgCommands } from "./kg.js";
import { registerEventsCommand } from "./events.js";
import { positiveInt, UsageError, usageExits } from "./options.js";
import { installPrintableConsole } from "./printable-console.js";
import { registerThinkCommand } from "./think.js";
import { registerUpCommand } from "./up.js";

// Every line printed through console shows control and bidi characters visibly.
installPrintableConsole();

// `boyd act tools | head` closes the pipe early; that is not an error.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code !== "EPIPE") throw err;
});

// A bad flag exits 2 in every command: commands added below inherit this.
const program = usageExits(new Command())
  .name("boyd")
  .description("Boyd: OODA-loop agents over NATS and protobuf")
  .showHelpAfterError();

const demo = program.command("demo").description("demonstrations of the parts built so far");
demo
  .command("bus")
  .description("serve a replicated demo service and exercise the bus: queue groups, deadlines, errors, events")
  .option("--nats <url>", "use a NATS server (default: the in-process transport)")
  .option("--requests <n>", "requests to spread over the replicas", positiveInt, 9)
  .action(async (opts: { nats?: string; requests: number }) => {
    await runBusDemo({ requests: opts.requests, ...(opts.nats ? { nats: opts.nats } : {}) });
  });

registerKgCommands(program);
registerDecideCommand(program);
registerActCommands(program);
registerThinkCommand(program);
registerAgentCommands(program);
registerUpCommand(program);
registerEventsCommand(program);

program.parseAsync().catch((err: unknown) => {
  // Messages echo what they refuse (a file name, a tool's error): shown visibly, never obeyed by the terminal.
  console.error(`boyd: ${printable(err instanceof Error ? err.message : String(err))}`);
  // Usage mistakes (a missing file, a request the service calls malformed) exit 2, like bad flags.
  process.exitCode = err instanceof UsageError || (isBusError(err) && err.code === "INVALID_ARGUMENT") ? 2 : 1;
});
