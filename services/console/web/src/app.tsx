import { notice, selectedAgentId, session, signOut } from "./store.js";
import { AddGoalForm } from "./panels/add-goal-form.js";
import { AgentControls } from "./panels/agent-controls.js";
import { AgentList } from "./panels/agent-list.js";
import { Approvals } from "./panels/approvals.js";
import { ConnectionIndicator } from "./panels/connection-indicator.js";
import { CreateAgentForm } from "./panels/create-agent-form.js";
import { EventLog } from "./panels/event-log.js";
import { Goals } from "./panels/goals.js";
import { KnowledgeGraph } from "./panels/knowledge-graph.js";
import { LoginForm } from "./panels/login-form.js";
import { PlanPanel } from "./panels/plan.js";
import { Reflections } from "./panels/reflections.js";
import { Timeline } from "./panels/timeline.js";

/** The console: the login form when the server wants a token, else the agents and the selected one's panels. */
export function App() {
  const s = session.value;
  const signedOut = s !== undefined && s.authRequired && !s.authenticated;
  return (
    <>
      <header class="top">
        <h1>Boyd console</h1>
        {!signedOut && (
          <div class="top-right">
            <ConnectionIndicator />
            {s?.authRequired && (
              <button type="button" class="small" data-action="sign-out" onClick={() => void signOut()}>
                Sign out
              </button>
            )}
          </div>
        )}
      </header>
      {notice.value && (
        <p class="notice" role="alert">
          {notice.value}
        </p>
      )}
      {signedOut ? <LoginForm /> : <Dashboard />}
    </>
  );
}

function Dashboard() {
  return (
    <main class="dashboard">
      <aside class="side">
        <AgentList />
        <section class="panel" aria-label="new agent">
          <CreateAgentForm />
        </section>
        {selectedAgentId.value && (
          <section class="panel selected-agent" aria-label="selected agent">
            <AgentControls />
            <AddGoalForm />
          </section>
        )}
      </aside>
      <div class="main-column">
        <Approvals />
        <Timeline />
        <Goals />
      </div>
      <div class="main-column">
        <KnowledgeGraph />
        <PlanPanel />
        <Reflections />
        <EventLog />
      </div>
    </main>
  );
}
