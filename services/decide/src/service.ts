import { serveService, type ServiceBinding, type Transport } from "@boyd/bus";
import { DecideServiceDefinition } from "@boyd/proto";
import { createDecideHandlers, type DecideHandlerOptions } from "./handlers.js";

/** Serves the decide service on a transport (NATS or in-process). */
export function serveDecide(transport: Transport, options: DecideHandlerOptions = {}): Promise<ServiceBinding> {
  return serveService(transport, DecideServiceDefinition, createDecideHandlers(options));
}

// The act catalog cache is shared with the controller; it lives in @boyd/tools.
export { actCatalog, type ActCatalogOptions } from "@boyd/tools";
