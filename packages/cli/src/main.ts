#!/usr/bin/env -S node --import tsx
import { readFileSync } from "node:fs";
import { Command } from "commander";
import { isBusError } from "@boyd/bus/plain";
import { registerActCommands } from "./act.js";
import { registerCompletionCommand } from "./completion.js";
import { registerAgentCommands } from "./agent.js";
import { registerDecideCommand } from "./decide.js";
import { registerDemoCommands } from "./demo.js";
import { registerKgCommands } from "./kg.js";
import { registerEventsCommand } from "./events.js";
import { UsageError, usageExits } from "./options.js";
import { addOutputOptions, EXIT_CODES_HELP, outputModeOfArgv, printError } from "./output.js";
import { installPrintableConsole } from "./printable-console.js";
import { registerThinkCommand } from "./think.js";
import { registerUpCommand } from "./up.js";

/** The version in @boyd/cli's package.json (read beside the source, also from the built command). */
function cliVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}

// Every line printed through console shows control and bidi characters visibly.
installPrintableConsole();

// `boyd act tools | head` closes the pipe early; that is not an error.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code !== "EPIPE") throw err;
});

// A bad flag exits 2 in every command: commands added below inherit this.
const program = addOutputOptions(usageExits(new Command()))
  .name("boyd")
  // Not commander's .version(): with --json (before or after it) the version is a JSON document too.
  .option("-V, --version", "print the version of boyd (with --json: {\"version\": ...})")
  .on("option:version", () => {
    const version = cliVersion();
    process.stdout.write(outputModeOfArgv(process.argv.slice(2)).json ? `${JSON.stringify({ version })}\n` : `${version}\n`);
    process.exit(0);
  })
  .description("Boyd: OODA-loop agents over NATS and protobuf")
  .showHelpAfterError()
  // Every command's --help ends with the global flags and the exit codes.
  .addHelpText("afterAll", EXIT_CODES_HELP);

registerDemoCommands(program);
registerKgCommands(program);
registerDecideCommand(program);
registerActCommands(program);
registerThinkCommand(program);
registerAgentCommands(program);
registerUpCommand(program);
registerEventsCommand(program);
// Last: it describes every command registered above.
registerCompletionCommand(program);

program.parseAsync().catch((err: unknown) => {
  // Usage mistakes (a missing file, a request the service calls malformed) exit 2, like bad flags.
  const usage = err instanceof UsageError || (isBusError(err) && err.code === "INVALID_ARGUMENT");
  const exitCode = usage ? 2 : 1;
  printError({ message: err instanceof Error ? err.message : String(err), code: err instanceof UsageError ? "USAGE" : isBusError(err) ? err.code : "ERROR", exitCode });
  process.exitCode = exitCode;
});
