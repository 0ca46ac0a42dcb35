import type { Command } from "commander";
import { positiveInt } from "./options.js";
import { refuseJson } from "./output.js";

/** `boyd demo ...`: demonstrations, each loaded when it runs. */
export function registerDemoCommands(program: Command): void {
  const demo = program.command("demo").description("demonstrations of the parts built so far");
  demo
    .command("bus")
    .description("serve a replicated demo service and exercise the bus: queue groups, deadlines, errors, events")
    .option("--nats <url>", "use a NATS server (default: the in-process transport)")
    .option("--requests <n>", "requests to spread over the replicas", positiveInt, 9)
    .action(async (opts: { nats?: string; requests: number }) => {
      refuseJson("demo bus", "narrates a walk through the bus for people; it has no result to print as JSON");
      const { runBusDemo } = await import("./demo-bus.js");
      await runBusDemo({ requests: opts.requests, ...(opts.nats ? { nats: opts.nats } : {}) });
    });
}
