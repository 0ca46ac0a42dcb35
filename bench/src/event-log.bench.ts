/**
 * `pnpm bench:events`: the embedded event log full, as a long-running
 * laptop process has it, and the read every Run of an agent not running
 * makes (its newest events, to go on numbering them; also a replica taking
 * an agent over). Measured against a scan of every event kept for the
 * newest of each of the agent's subjects, what that read did before the
 * log kept them by agent; both in this run, alternating.
 */
import { createEventChannel, InProcessTransport, MemoryEventLog } from "@boyd/bus";
import { Event } from "@boyd/proto";
import { summarize } from "./stats.js";

const AGENTS = 1_000;
const KINDS = ["cycle.started", "observed", "oriented", "decided", "acted", "goal.changed", "cycle.finished"];
const ROUNDS = 5;
const READS_PER_ROUND = 40;

const transport = new InProcessTransport();
const log = new MemoryEventLog(transport);
const events = createEventChannel({ transport, codec: Event, sink: log });

// Cycles of every agent in turn, each cycle's events ~2.4 KB as a real cycle's (about 17 KB for 7), until the log holds its 64 MiB.
const payload = "x".repeat(2_400);
let published = 0;
for (let cycle = 1; published < 40_000; cycle++) {
  for (let a = 0; a < AGENTS && published < 40_000; a++) {
    for (const kind of KINDS) {
      await events.publish(`agent-${a}`, kind, Event.fromPartial({ agentId: `agent-${a}`, cycle, sequence: cycle * KINDS.length, kind: { $case: "cycleFinished", value: { warnings: [payload] } } }));
      published++;
    }
  }
}
let kept = 0;
for await (const _ of log.replay("boyd.events.v1.>")) kept++;

/** What `latest` did before: every event kept, the newest of each matching subject. */
async function scanned(agentId: string): Promise<number> {
  const newest = new Map<string, Uint8Array>();
  for await (const m of log.replay(`boyd.events.v1.${agentId}.>`)) newest.set(m.subject, m.data);
  return [...newest.values()].map((d) => Event.decode(d)).length;
}

const timed = async (read: (agentId: string) => Promise<number>, out: number[]) => {
  for (let i = 0; i < READS_PER_ROUND; i++) {
    const agentId = `agent-${(i * 37) % AGENTS}`;
    const t0 = performance.now();
    const n = await read(agentId);
    out.push((performance.now() - t0) * 1_000);
    if (n !== KINDS.length) throw new Error(`${agentId}: ${n} newest events, expected ${KINDS.length}`);
  }
};
const indexed: number[] = [];
const scan: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const pair = [() => timed((id) => events.latest({ agentId: id }).then((e) => e.length), indexed), () => timed(scanned, scan)];
  if (round % 2) pair.reverse();
  for (const run of pair) await run();
}
const a = summarize(indexed);
const b = summarize(scan);
process.stdout.write(
  `embedded event log: ${published.toLocaleString("en")} events of ${AGENTS.toLocaleString("en")} agents published, ${kept.toLocaleString("en")} kept (64 MiB); an agent's newest event of each kind, ${ROUNDS} x ${READS_PER_ROUND} reads per side, alternating\n` +
    `  kept by agent      p50 ${a.p50.toFixed(1).padStart(9)} µs   p99 ${a.p99.toFixed(1).padStart(9)} µs\n` +
    `  scan of the log    p50 ${b.p50.toFixed(1).padStart(9)} µs   p99 ${b.p99.toFixed(1).padStart(9)} µs\n` +
    `  ratio (scan / kept by agent), p50: ${(b.p50 / a.p50).toFixed(0)}x\n`,
);
await transport.close();
