import type { EventMeta } from "@boyd/bus";
import { Event } from "@boyd/proto";
import { InvalidArgumentError, type Command } from "commander";
import { connectCli } from "./agent-connection.js";
import { formatEvent } from "./agent-format.js";
import { agentId, positiveInt, UsageError, usageExits } from "./options.js";
import { note, outputMode } from "./output.js";

interface EventsFlags {
  nats: string;
  agent: string;
  fromSeq?: number;
  kind?: string;
  stream: string;
  limit?: number;
}

/**
 * Checks an event kind (`cycle.finished`) or a subject pattern of kinds
 * (`cycle.*`, `>`). The kinds come from the controller, loaded when the
 * command runs rather than when `boyd` starts.
 */
export async function eventKind(value: string): Promise<string> {
  const { EVENT_KINDS } = await import("@boyd/controller");
  const KINDS = Object.values(EVENT_KINDS);
  if (KINDS.includes(value)) return value;
  if (/^([a-z]+|\*)(\.([a-z]+|\*))*(\.>)?$|^>$/.test(value) && /[*>]/.test(value)) return value;
  throw new InvalidArgumentError(`expected an event kind (${KINDS.join(", ")}) or a pattern such as cycle.*, got ${JSON.stringify(value)}`);
}

/** `boyd events`: tail a deployment's events, replaying stored ones first when asked. */
export function registerEventsCommand(program: Command): void {
  usageExits(program.command("events"))
    .description("tail agents' events on a deployment, one line per event: replayed from an event sequence number, then live")
    .requiredOption("--nats <url>", "NATS server of the deployment (`boyd up --nats URL`)")
    .option("--agent <id>", "agent whose events to show (* for every agent)", (v: string) => (v === "*" ? v : agentId(v)), "default")
    .option("--from-seq <n>", "first replay the stored events numbered N or later (the agent's event sequence, shown as #N), then follow live ones", positiveInt)
    .option("--kind <kind>", "only this kind (cycle.started, observed, oriented, decided, acted, cycle.finished, goal.changed, ...) or a pattern like cycle.*")
    .option("--stream <name>", "JetStream stream that keeps the events", "BOYD_EVENTS")
    .option("--limit <n>", "stop after this many events", positiveInt)
    .addHelpText("after", "\nWith --json: one JSON object per line (the Event message, with seq). Ctrl-C stops following (exit 0).")
    .action(async (opts: EventsFlags) => {
      if (opts.kind !== undefined) opts.kind = await eventKind(opts.kind).catch((err: Error) => Promise.reject(new UsageError(`option '--kind <kind>' argument '${opts.kind}' is invalid. ${err.message}`)));
      const { createEventChannel, openJetStreamEventLog } = await import("@boyd/bus");
      const { json } = outputMode();
      const transport = await connectCli(opts.nats, "boyd-events");
      const filter = { agentId: opts.agent, ...(opts.kind ? { kind: opts.kind } : {}) };
      let printed = 0;
      let stopped = false;
      let finish: () => void = () => {};
      const finished = new Promise<void>((resolve) => (finish = () => ((stopped = true), resolve())));
      // Ctrl-C (or SIGTERM) ends the replay or the follow alike: what was shown stays, exit 0.
      const stop = () => {
        if (stopped) process.exit(0);
        note(`stopped following after ${printed} event(s)`);
        finish();
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
      const print = (event: Event, meta: EventMeta) => {
        if (stopped || (opts.limit !== undefined && printed >= opts.limit)) return;
        // #N is the event's own number, live or replayed: what --from-seq (and WatchEvents from_sequence) take to resume.
        const seq = Number(event.sequence) || undefined;
        console.log(json ? JSON.stringify(seq !== undefined ? { seq, ...(Event.toJSON(event) as object) } : Event.toJSON(event)) : formatEvent(event, meta.kind, seq));
        if (opts.limit !== undefined && ++printed >= opts.limit) finish();
      };
      // Live events that arrive while the replay runs wait, then go out unless the replay already showed them.
      let replaying = opts.fromSeq !== undefined;
      const held: Array<[Event, EventMeta]> = [];
      const live = createEventChannel({ transport, codec: Event });
      const sub = live.subscribe(filter, (event, meta) => {
        if (replaying) held.push([event, meta]);
        else print(event, meta);
      });
      await transport.flush();
      try {
        if (opts.fromSeq !== undefined) {
          // Read only: a reader must not create the stream or rewrite its retention (and `client` may not).
          const log = await openJetStreamEventLog(transport, { stream: opts.stream, readOnly: true });
          const stored = createEventChannel({ transport, codec: Event, sink: log });
          const lastSeen = new Map<string, number>();
          for await (const { event, meta } of stored.replay(filter)) {
            if (stopped) break;
            if (Number(event.sequence) < opts.fromSeq) continue;
            lastSeen.set(event.agentId, Math.max(lastSeen.get(event.agentId) ?? 0, Number(event.sequence)));
            print(event, meta);
          }
          replaying = false;
          for (const [event, meta] of held.splice(0)) if (Number(event.sequence) > (lastSeen.get(event.agentId) ?? 0)) print(event, meta);
        }
        if (!stopped && (opts.limit === undefined || printed < opts.limit)) {
          note(`following ${opts.agent === "*" ? "every agent" : opts.agent}${opts.kind ? ` (${opts.kind})` : ""} on ${opts.nats}; Ctrl-C to stop`);
          await finished;
        }
      } finally {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        await sub.drain();
        await transport.close();
      }
    });
}
