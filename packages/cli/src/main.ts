#!/usr/bin/env -S node --import tsx
import { Command, InvalidArgumentError } from "commander";
import { runBusDemo } from "./demo-bus.js";
import { registerKgCommands } from "./kg.js";

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`expected a positive integer, got ${JSON.stringify(value)}`);
  return n;
}

const program = new Command()
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

program.parseAsync().catch((err: unknown) => {
  console.error(`boyd: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
