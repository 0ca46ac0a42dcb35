import { type ApprovalRequest, type UserQuestionAction, dangerLevelToJSON } from "@boyd/proto";
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

/** The question when the agent asks the person something (user_interact): the answer goes back as the approval's comment. */
function questionOf(request: ApprovalRequest): UserQuestionAction | undefined {
  const detail = request.subject?.$case === "action" ? request.subject.value.detail : undefined;
  return detail?.$case === "userQuestion" ? detail.value : undefined;
}

function ApprovalCard({ request }: { request: ApprovalRequest }) {
  const busy = useSignal(false);
  const question = questionOf(request);
  const reply = useSignal(question?.options[0] ?? "");
  const answer = async (approved: boolean) => {
    busy.value = true;
    const reason = question && approved ? reply.value.trim() : approved ? "approved in the console" : "denied in the console";
    await answerApproval(selectedAgentId.value, request.id, approved, reason);
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
      {question && (
        <label>
          Your answer{question.options.length > 0 && ` (${visibleText(question.options.join(", "))})`}
          <input name="answer" value={reply.value} onInput={(e) => (reply.value = e.currentTarget.value)} />
        </label>
      )}
      <div class="buttons">
        <button type="button" class="approve" disabled={busy.value || (question !== undefined && reply.value.trim() === "")} onClick={() => void answer(true)}>
          {question ? "Answer" : "Approve"}
        </button>
        <button type="button" class="deny" disabled={busy.value} onClick={() => void answer(false)}>
          Deny
        </button>
      </div>
    </article>
  );
}
