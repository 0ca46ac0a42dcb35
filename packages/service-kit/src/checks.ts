import type { NatsTransport } from "@boyd/bus";
import { jetstreamManager, type JetStreamManager } from "@nats-io/jetstream";
import type { ReadinessCheck } from "./ops-server.js";

/**
 * A readiness check that the JetStream stream `stream` answers (the event
 * log, the percept queue): JetStream can be down, or the stream lost, while
 * the plain NATS connection is fine.
 */
export function jetStreamCheck(transport: NatsTransport, stream: string): ReadinessCheck {
  let manager: Promise<JetStreamManager> | undefined;
  return async () => {
    manager ??= jetstreamManager(transport.connection, { checkAPI: false });
    await (await manager).streams.info(stream);
  };
}
