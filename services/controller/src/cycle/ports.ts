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
import { withRememberedRules, type RememberedRules } from "./remembered-rules.js";

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
  /** The learned rules each agent's last Remember carried; without it every cycle lists them (tests). */
  readonly rememberedRules?: RememberedRules;
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

// Agents whose memory position a process keeps (one number each); an agent forgotten reads its store once.
const POSITIONS_KEPT = 100_000;

/**
 * The ports with memory reads bound to the agent's last write: each
 * Remember's memory_position is kept per agent and sent as after_position
 * with the agent's later Recall, ListRules and Remember, and as
 * memory_position with its Observe (which hands it to memory's Recall). A
 * memory replica that has followed its store that far answers from its
 * cache (over NATS, no KV get per document or log); one that has not, or a
 * store without positions (files), reads as before.
 */
export function withMemoryPositions(ports: CyclePorts): CyclePorts {
  const positions = new Map<string, number>();
  const after = (agentId: string | undefined): number => positions.get(agentId ?? "") ?? 0;
  const saw = (agentId: string, position: number): void => {
    if (position <= after(agentId)) return;
    positions.delete(agentId); // re-inserted: the map's order is use order
    positions.set(agentId, position);
    if (positions.size > POSITIONS_KEPT) positions.delete(positions.keys().next().value!);
  };
  // A position the caller set is kept.
  const bound = <R extends { agentId?: string | undefined; afterPosition?: number | undefined }>(request: R): R => ({ ...request, afterPosition: request.afterPosition || after(request.agentId) });
  const memory: CyclePorts["memory"] = {
    ...ports.memory,
    remember: async (request, options) => {
      const response = await ports.memory.remember(bound(request), options);
      if (request.agentId) saw(request.agentId, response.memoryPosition);
      return response;
    },
    recall: (request, options) => ports.memory.recall(bound(request), options),
    listRules: (request, options) => ports.memory.listRules(bound(request), options),
  };
  const observe: CyclePorts["observe"] = {
    ...ports.observe,
    observe: (request, options) => ports.observe.observe({ ...request, memoryPosition: request.memoryPosition || after(request.agentId) }, options),
  };
  return { ...ports, memory, observe };
}

/**
 * Typed clients for every service on a transport, memory reads bound to
 * each agent's last write (withMemoryPositions), the learned rules taken
 * from each Remember (withRememberedRules).
 */
export function servicePorts(transport: Transport, emit: CyclePorts["emit"], now: () => number = Date.now): CyclePorts {
  return withRememberedRules(withMemoryPositions({
    observe: createClient(transport, ObserveServiceDefinition),
    orient: createClient(transport, OrientServiceDefinition),
    decide: createClient(transport, DecideServiceDefinition),
    act: createClient(transport, ActServiceDefinition),
    memory: createClient(transport, MemoryServiceDefinition),
    emit,
    now,
  }));
}
