import { agentStateToJSON } from "@boyd/proto";
import { agents, selectAgent, selectedAgentId } from "../store.js";
import { enumLabel, visibleText } from "../model/text.js";

/** Every agent with its state and counts; a click follows it. */
export function AgentList() {
  const list = agents.value;
  return (
    <section class="panel agents" aria-labelledby="agents-title">
      <h2 id="agents-title">Agents</h2>
      {list.length === 0 && <p class="muted">No agents yet.</p>}
      <ul class="agent-list">
        {list.map((a) => (
          <li key={a.agentId}>
            <button type="button" class={a.agentId === selectedAgentId.value ? "agent selected" : "agent"} data-agent={a.agentId} onClick={() => selectAgent(a.agentId)}>
              <span class="agent-name">{visibleText(a.name || a.agentId)}</span>
              <span class={`badge state-${enumLabel(agentStateToJSON(a.state), "AGENT_STATE_").replaceAll(" ", "-")}`}>{enumLabel(agentStateToJSON(a.state), "AGENT_STATE_")}</span>
              <span class="muted">
                cycle {Number(a.cycleCount)} · {a.activeGoals} active · {a.completedGoals} done{a.failedGoals > 0 ? ` · ${a.failedGoals} failed` : ""}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
