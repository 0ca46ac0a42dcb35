import { Event } from "@boyd/proto";
import { createEventChannel, type EventChannel, type EventChannelOptions } from "./events.js";

/** Full name of the agent event message, as its Content-Type header names it. */
export const AGENT_EVENT_TYPE = "boyd.v1.Event";

/**
 * The channel of agents' `boyd.v1.Event`s, as every publisher of them
 * (controller, act) must open it: each event names its type in its
 * Content-Type header and carries `Nats-Msg-Id: <agentId>.<sequence>`, so
 * a JetStream log keeps an event published twice (a retry) once; a
 * different event under a number already stored is refused (EventIdTaken)
 * rather than silently dropped, so its publisher numbers it again. An event
 * without a sequence (0: act called outside any agent run) gets no id.
 */
export function agentEventChannel(options: Omit<EventChannelOptions<Event>, "codec" | "messageType" | "messageId" | "sameEvent">): EventChannel<Event> {
  return createEventChannel({
    ...options,
    codec: Event,
    messageType: AGENT_EVENT_TYPE,
    messageId: (event, agentId) => (Number(event.sequence) > 0 ? `${agentId}.${event.sequence}` : undefined),
    // A controller taking an agent over re-publishes a cycle.finished its owner may have published meanwhile.
    sameEvent: (stored, event) => stored.kind?.$case === event.kind?.$case && Number(stored.cycle) === Number(event.cycle),
  });
}
