import { type Goal, goalStatusToJSON } from "@boyd/proto";
import { goals, progress } from "../store.js";
import type { ProgressPoint } from "../model/agent-view.js";
import { enumLabel, formatNumber, visibleText } from "../model/text.js";
import { ProgressChart } from "./progress-chart.js";
import { ProofView } from "./proof-view.js";

const NO_POINTS: readonly ProgressPoint[] = [];

/** Goals, highest priority first, with status, answers and their proofs, and the progress signals over cycles. */
export function Goals() {
  const list = [...goals.value.values()].sort((a, b) => b.priority - a.priority || a.createdAtUnixMs - b.createdAtUnixMs);
  const series = progress.value;
  return (
    <section class="panel goals" aria-labelledby="goals-title">
      <h2 id="goals-title">Goals</h2>
      {list.length === 0 && <p class="muted">No goals.</p>}
      {list.map((goal) => (
        <GoalCard key={goal.symbolId} goal={goal} points={series.get(goal.symbolId) ?? NO_POINTS} />
      ))}
    </section>
  );
}

function GoalCard({ goal, points }: { goal: Goal; points: readonly ProgressPoint[] }) {
  const status = enumLabel(goalStatusToJSON(goal.status), "GOAL_STATUS_");
  const answers = goal.answers?.answers ?? [];
  return (
    <article class="goal" data-goal={goal.symbolId} data-status={status}>
      <header>
        <span class={`badge status-${status}`}>{status}</span>
        <span class="goal-description">{visibleText(goal.description)}</span>
        <span class="muted">priority {goal.priority}</span>
      </header>
      {goal.successCriteria && <p class="muted">criteria: {visibleText(goal.successCriteria)}</p>}
      {goal.statusReason && <p class="muted">{visibleText(goal.statusReason)}</p>}
      {answers.length > 0 && (
        <div class="answers">
          <strong>answer:</strong> {visibleText(answers.map((a) => a.label || a.symbolId).join(", "))}
          {answers.map((a) => (
            <ProofView key={a.symbolId} proof={a.proof} />
          ))}
        </div>
      )}
      {answers.length === 0 && goal.proof && (
        <div class="answers">
          <strong>proof:</strong>
          <ProofView proof={goal.proof} />
        </div>
      )}
      {goal.progress && (
        <p class="muted signals">
          error {formatNumber(goal.progress.error)} · reward {formatNumber(goal.progress.reward)}
        </p>
      )}
      {points.length > 0 && <ProgressChart points={points} />}
    </article>
  );
}
