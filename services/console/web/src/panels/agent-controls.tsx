import { AgentState, agentStateToJSON } from "@boyd/proto";
import { useSignal } from "@preact/signals";
import { pause, selectedAgent, start } from "../store.js";
import { enumLabel, visibleText } from "../model/text.js";

/** The selected agent's state with start, pause and resume (start on a paused agent resumes it). */
export function AgentControls() {
  const agent = selectedAgent.value;
  const busy = useSignal(false);
  if (!agent) return null;
  const run = (action: (id: string) => Promise<void>) => async () => {
    busy.value = true;
    await action(agent.agentId);
    busy.value = false;
  };
  const running = agent.state === AgentState.RUNNING || agent.state === AgentState.AWAITING_APPROVAL;
  const paused = agent.state === AgentState.PAUSED;
  return (
    <div class="controls">
      <h2>{visibleText(agent.name || agent.agentId)}</h2>
      <span class="badge" data-agent-state={agentStateToJSON(agent.state)}>
        {enumLabel(agentStateToJSON(agent.state), "AGENT_STATE_")}
      </span>
      <button type="button" data-action="start" disabled={busy.value || running || paused} onClick={() => void run(start)()}>
        Start
      </button>
      <button type="button" data-action="pause" disabled={busy.value || !running} onClick={() => void run(pause)()}>
        Pause
      </button>
      <button type="button" data-action="resume" disabled={busy.value || !paused} onClick={() => void run(start)()}>
        Resume
      </button>
    </div>
  );
}
