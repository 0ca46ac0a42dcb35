import { type ApprovalRequest, dangerLevelToJSON } from "@boyd/proto";
import { useSignal } from "@preact/signals";
import { answerApproval, approvals, selectedAgentId } from "../store.js";
import { enumLabel, visibleText } from "../model/text.js";

/**
 * Actions waiting for a person, with what they would do. Everything the
 * agent wrote (preview, reasoning, consequences) is rendered as text
 * children, which Preact sets as text nodes: never as HTML.
 */
export function Approvals() {
  const pending = [...approvals.value.values()];
  return (
    <section class="panel approvals" aria-labelledby="approvals-title">
      <h2 id="approvals-title">Approvals {pending.length > 0 && <span class="badge attention">{pending.length} pending</span>}</h2>
      {pending.length === 0 && <p class="muted">Nothing waits for you.</p>}
      {pending.map((r) => (
        <ApprovalCard key={r.id} request={r} />
      ))}
    </section>
  );
}

function ApprovalCard({ request }: { request: ApprovalRequest }) {
  const busy = useSignal(false);
  const answer = async (approved: boolean) => {
    busy.value = true;
    await answerApproval(selectedAgentId.value, request.id, approved, approved ? "approved in the console" : "denied in the console");
    busy.value = false;
  };
  const deadline = Number(request.deadlineUnixMs);
  return (
    <article class="approval" data-approval={request.id}>
      <header>
        <code>{visibleText(request.toolName)}</code> <span class="badge">{enumLabel(dangerLevelToJSON(request.danger), "DANGER_LEVEL_")}</span>
        <span class="muted"> cycle {Number(request.cycle)}</span>
        {deadline > 0 && <span class="muted"> · answer by {new Date(deadline).toLocaleTimeString()}</span>}
      </header>
      {request.reason && <p>{visibleText(request.reason)}</p>}
      {request.preview && <pre class="preview">{visibleText(request.preview)}</pre>}
      {request.agentReasoning && <p class="muted">why: {visibleText(request.agentReasoning)}</p>}
      {request.consequences && <p class="muted">consequences: {visibleText(request.consequences)}</p>}
      <p class="muted">{request.reversible ? "reversible" : "not reversible"}</p>
      <div class="buttons">
        <button type="button" class="approve" disabled={busy.value} onClick={() => void answer(true)}>
          Approve
        </button>
        <button type="button" class="deny" disabled={busy.value} onClick={() => void answer(false)}>
          Deny
        </button>
      </div>
    </article>
  );
}
