import { useSignal } from "@preact/signals";
import { createAgent } from "../store.js";

/**
 * Creates an agent: an id (AgentService makes one when it is left empty)
 * and its first goal, with optional success criteria. The agent is created
 * idle and selected; its Start button runs it.
 */
export function CreateAgentForm() {
  const agentId = useSignal("");
  const description = useSignal("");
  const criteria = useSignal("");
  const busy = useSignal(false);
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    busy.value = true;
    const goal = { description: description.value.trim(), successCriteria: criteria.value.trim(), priority: 100, parentId: "", blockedBy: [] };
    const ok = await createAgent(agentId.value.trim(), goal.description ? [goal] : []);
    busy.value = false;
    if (ok) {
      agentId.value = "";
      description.value = "";
      criteria.value = "";
    }
  };
  return (
    <form class="create-agent" onSubmit={(e) => void submit(e)}>
      <h3>New agent</h3>
      <label>
        Id
        <input name="agent-id" maxLength={64} title="1-64 letters, digits, _ and - (empty: one is made)" value={agentId.value} onInput={(e) => (agentId.value = e.currentTarget.value)} placeholder="mars" />
      </label>
      <label>
        First goal
        <input name="goal" maxLength={2000} value={description.value} onInput={(e) => (description.value = e.currentTarget.value)} placeholder="Find the moons that orbit Mars" />
      </label>
      <label>
        Success criteria
        <input name="goal-criteria" maxLength={2000} value={criteria.value} onInput={(e) => (criteria.value = e.currentTarget.value)} placeholder="phobos, deimos" />
      </label>
      <button type="submit" disabled={busy.value}>
        Create agent
      </button>
    </form>
  );
}
