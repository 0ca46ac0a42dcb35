import { BusError, type Transport } from "@boyd/bus";
import { Percept } from "@boyd/proto";
import { PERCEPTS } from "../constants.js";
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
 * unique per agent); observe delivers each id once either way. A percept
 * larger than PERCEPTS.maxBytes is refused here (INVALID_ARGUMENT), as
 * observe would drop it.
 */
export async function publishPercept(transport: Transport, input: PerceptInput): Promise<Percept> {
  const subject = perceptSubject(input.agentId);
  const percept = completePercept(Percept.fromPartial(input), input.agentId, { id: newPerceptId, receivedAt: Date.now() });
  const data = Percept.encode(percept).finish();
  // Observe would drop it unseen: say so to the sender instead.
  if (data.length > PERCEPTS.maxBytes) throw new BusError("INVALID_ARGUMENT", `percept ${percept.id} for ${percept.agentId} is ${data.length} bytes; the most a percept may be is ${PERCEPTS.maxBytes}`);
  transport.publish(subject, { data, headers: { "Nats-Msg-Id": `${percept.agentId}:${percept.id}`, "Content-Type": `${PERCEPT_MEDIA_TYPES.protobuf}; messageType=boyd.v1.Percept` } });
  await transport.flush();
  return percept;
}
