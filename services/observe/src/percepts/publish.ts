import type { Transport } from "@boyd/bus";
import { Percept } from "@boyd/proto";
import { completePercept, newPerceptId, perceptSubject } from "./port.js";
import { PERCEPT_MEDIA_TYPES } from "./wire.js";

/** A percept to send: the addressee is required; id, receive time and MIME type are filled when left out. */
export type PerceptInput = Partial<Percept> & { agentId: string };

/**
 * Publishes a percept on `boyd.percepts.v1.<agentId>` and resolves with
 * what was sent once it has left this process. The id (a random UUID when
 * missing) also goes out as `Nats-Msg-Id`, so a JetStream percept stream
 * stores a retried publish once (the header is `<agentId>:<id>`: the
 * stream's duplicate window spans all agents, percept ids need only be
 * unique per agent); observe delivers each id once either way.
 */
export async function publishPercept(transport: Transport, input: PerceptInput): Promise<Percept> {
  const subject = perceptSubject(input.agentId);
  const percept = completePercept(Percept.fromPartial(input), input.agentId, { id: newPerceptId, receivedAt: Date.now() });
  transport.publish(subject, { data: Percept.encode(percept).finish(), headers: { "Nats-Msg-Id": `${percept.agentId}:${percept.id}`, "Content-Type": `${PERCEPT_MEDIA_TYPES.protobuf}; messageType=boyd.v1.Percept` } });
  await transport.flush();
  return percept;
}
