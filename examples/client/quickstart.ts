/* eslint-disable no-console -- an example shows what it does */
/**
 * @boyd/client quickstart: create an agent, follow its events, answer the
 * approvals it asks for, and run it.
 *
 *   ./boyd.sh up                       # in another terminal
 *   npx tsx examples/client/quickstart.ts [host:port]
 */
import { ApprovalVerdict, CancelledError, connect, StopReason, type BoydClient, type Event } from "@boyd/client";

const address = process.argv[2] ?? process.env["BOYD_GRPC"] ?? "127.0.0.1:50051";
const client = await connect({ address });
// A new id each time: the event history below is this run's alone.
const agentId = `quickstart-${Date.now().toString(36)}`;

await client.createAgent({
  agentId,
  // Writing a file is a side effect, so the agent asks before it plans to.
  goals: [{ description: "Write the moons of Mars to the file moons.txt", successCriteria: "moons.txt" }],
});
console.log(`created ${agentId}`);

const following = new AbortController();
const followed = follow(client, agentId, following.signal);
const { report } = await client.run({ agentId, maxCycles: 3 });
following.abort();
await followed;
console.log(`run finished: ${report?.cyclesRun} cycles, ${StopReason[report?.stopReason ?? StopReason.UNSPECIFIED]}`);
await client.close();

/**
 * Prints the agent's events and approves what it asks. Replaying from the
 * first event (fromSequence: 1) means nothing raised before the stream
 * opened is missed; an event can then arrive twice, so answers are kept.
 */
async function follow(boyd: BoydClient, agent: string, signal: AbortSignal): Promise<void> {
  const answered = new Set<string>();
  try {
    for await (const event of boyd.watchEvents(agent, { fromSequence: 1, signal })) {
      console.log(describe(event));
      if (event.kind?.$case !== "approvalRequested") continue;
      const request = event.kind.value.request!;
      if (answered.has(request.id)) continue;
      answered.add(request.id);
      await boyd.resolveApproval({ approvalId: request.id, agentId: agent, verdict: ApprovalVerdict.APPROVE, answeredBy: "quickstart", comment: "yes" });
      console.log(`  approved ${request.id}${request.toolName ? ` (${request.toolName})` : ""}`);
    }
  } catch (err) {
    // Aborting the signal is how this loop is meant to end.
    if (!(err instanceof CancelledError)) throw err;
  }
}

function describe(event: Event): string {
  return `cycle ${event.cycle}: ${event.kind?.$case ?? "unknown"}`;
}
