import { Event } from "@boyd/proto";

/** The `event:` name of every agent event on the stream (see ROUTES.events). */
export const SSE_EVENT_NAME = "boyd";

/** One server-sent event: `id` is the event's sequence, so a reconnecting browser sends it back as Last-Event-ID. */
export function eventFrame(event: Event): string {
  // JSON.stringify escapes newlines, so the data is one line as SSE requires.
  return `id: ${event.sequence}\nevent: ${SSE_EVENT_NAME}\ndata: ${JSON.stringify(Event.toJSON(event))}\n\n`;
}

/** A failure after the stream began: the page learns why it ended. */
export function errorFrame(body: unknown): string {
  return `event: error\ndata: ${JSON.stringify(body)}\n\n`;
}

/** A comment line: ignored by EventSource, keeps proxies from closing an idle stream. */
export const HEARTBEAT_FRAME = ": heartbeat\n\n";
