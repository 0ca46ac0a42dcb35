import { serveService, type ServiceBinding, type Transport } from "@boyd/bus";
import type { GraphStore } from "@boyd/graph";
import { OrientServiceDefinition } from "@boyd/proto";
import { createOrientHandlers, type OrientHandlerOptions } from "./handlers.js";

/** Serves the orient service on a transport (NATS or in-process). */
export function serveOrient(transport: Transport, store: GraphStore, options: OrientHandlerOptions = {}): Promise<ServiceBinding> {
  return serveService(transport, OrientServiceDefinition, createOrientHandlers(store, options));
}
