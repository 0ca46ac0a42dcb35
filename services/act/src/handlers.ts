import { BusError, type ServiceHandlers } from "@boyd/bus";
import { ActionOutcome, type ActionResult, type ActServiceDefinition } from "@boyd/proto";
import { recordToolDenial, recordToolExecution } from "@boyd/telemetry";
import { executeDecision, type ActDeps } from "./execute.js";
import type { ToolRegistry } from "./registry.js";

/**
 * The act service's handlers: Act runs one decision through the whole
 * pipeline (see {@link executeDecision}); ListTools returns the registry's
 * catalog; ResolveApproval hands an answer to whichever replica waits for
 * it. No transport in sight: the deps carry everything.
 */
export function createActHandlers(deps: ActDeps): ServiceHandlers<typeof ActServiceDefinition> {
  return {
    async act(request, context) {
      const result = await executeDecision(request, deps, context.signal);
      countOutcome(result, deps.registry);
      return { result };
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

// Refusals by who refused; an approval nobody answered counts as one too.
const DENIAL_REASONS: Partial<Record<ActionOutcome, Parameters<typeof recordToolDenial>[1]>> = {
  [ActionOutcome.DENIED_BY_POLICY]: "policy",
  [ActionOutcome.VETOED]: "shadow_veto",
  [ActionOutcome.DENIED_BY_USER]: "user",
  [ActionOutcome.APPROVAL_EXPIRED]: "approval_expired",
};

/**
 * Counts a handled decision by tool and outcome, and refusals by reason.
 * A name the registry does not know counts as "unknown": callers choose
 * tool names, and labels must stay bounded by the catalog.
 */
function countOutcome(result: ActionResult, registry: ToolRegistry): void {
  const tool = registry.get(result.toolName) ? result.toolName : "unknown";
  recordToolExecution(tool, (ActionOutcome[result.outcome] ?? "UNRECOGNIZED").toLowerCase());
  const reason = DENIAL_REASONS[result.outcome];
  if (reason) recordToolDenial(tool, reason);
}
