import { createClient, type ServiceClient, type Transport } from "@boyd/bus";
import {
  ActServiceDefinition,
  DecideServiceDefinition,
  MemoryServiceDefinition,
  ObserveServiceDefinition,
  OrientServiceDefinition,
  type Event,
} from "@boyd/proto";
import type { EventSequence } from "./event-sequence.js";

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
  /** Numbers each agent's events; without it events are numbered by cycle (tests). */
  readonly sequence?: EventSequence;
}

/** Numbers reserved for the events one act call may publish: an approval and a question, each requested and resolved. */
export const ACT_EVENT_RESERVE = 4;

/**
 * The ports with events numbered by `sequence`, act's approval events
 * included: every act call carries a block of numbers reserved for the
 * events it may publish, so they fall in the agent's one sequence.
 */
export function withEventSequence(ports: CyclePorts, sequence: EventSequence): CyclePorts {
  const act: CyclePorts["act"] = {
    ...ports.act,
    act: async (request, options) => {
      const agentId = request.agentId ?? "";
      const reserved = agentId ? { eventSequenceBase: await sequence.reserve(agentId, ACT_EVENT_RESERVE), eventSequenceCount: ACT_EVENT_RESERVE } : {};
      return ports.act.act({ ...request, ...reserved }, options);
    },
  };
  return { ...ports, act, sequence };
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
