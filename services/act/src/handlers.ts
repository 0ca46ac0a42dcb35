import { BusError, type ServiceHandlers } from "@boyd/bus";
import type { ActServiceDefinition } from "@boyd/proto";
import { executeDecision, type ActDeps } from "./execute.js";

/**
 * The act service's handlers: Act runs one decision through the whole
 * pipeline (see {@link executeDecision}); ListTools returns the registry's
 * catalog; ResolveApproval hands an answer to whichever replica waits for
 * it. No transport in sight: the deps carry everything.
 */
export function createActHandlers(deps: ActDeps): ServiceHandlers<typeof ActServiceDefinition> {
  return {
    async act(request, context) {
      return { result: await executeDecision(request, deps, context.signal) };
    },
    async listTools() {
      return { tools: [...deps.registry.catalog()] };
    },
    async resolveApproval(request) {
      if (!request.decision) throw new BusError("INVALID_ARGUMENT", "decision is required");
      return { request: await deps.approvals.resolve(request.decision) };
    },
  };
}
