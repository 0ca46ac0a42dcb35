import { createClient, type ServiceClient, type Transport } from "@boyd/bus";
import {
  ActServiceDefinition,
  DecideServiceDefinition,
  MemoryServiceDefinition,
  ObserveServiceDefinition,
  OrientServiceDefinition,
  type Event,
} from "@boyd/proto";

/**
 * What a cycle talks to: the five services, an event sink and a clock. The
 * cycle is written against these typed clients only, so it runs the same
 * over NATS and in one process.
 */
export interface CyclePorts {
  readonly observe: ServiceClient<typeof ObserveServiceDefinition>;
  readonly orient: ServiceClient<typeof OrientServiceDefinition>;
  readonly decide: ServiceClient<typeof DecideServiceDefinition>;
  readonly act: ServiceClient<typeof ActServiceDefinition>;
  readonly memory: ServiceClient<typeof MemoryServiceDefinition>;
  /** Publishes one event of an agent (kind is the dotted subject form). */
  readonly emit: (agentId: string, kind: string, event: Event) => Promise<void>;
  readonly now: () => number;
}

/** Typed clients for every service on a transport. */
export function servicePorts(transport: Transport, emit: CyclePorts["emit"], now: () => number = Date.now): CyclePorts {
  return {
    observe: createClient(transport, ObserveServiceDefinition),
    orient: createClient(transport, OrientServiceDefinition),
    decide: createClient(transport, DecideServiceDefinition),
    act: createClient(transport, ActServiceDefinition),
    memory: createClient(transport, MemoryServiceDefinition),
    emit,
    now,
  };
}
