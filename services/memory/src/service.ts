import { serveService, type ServiceBinding, type Transport } from "@boyd/bus";
import { MemoryServiceDefinition } from "@boyd/proto";
import { createMemoryHandlers, type MemoryHandlerOptions } from "./handlers.js";
import type { MemoryStore } from "./store/port.js";

/** Serves the memory service on a transport (NATS or in-process). */
export function serveMemory(transport: Transport, store: MemoryStore, options: MemoryHandlerOptions = {}): Promise<ServiceBinding> {
  return serveService(transport, MemoryServiceDefinition, createMemoryHandlers(store, options));
}
