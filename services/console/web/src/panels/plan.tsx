import { type PlanStep, planStatusToJSON, stepStatusToJSON } from "@boyd/proto";
import { computed } from "@preact/signals";
import { goals, view } from "../store.js";
import { enumLabel, visibleText } from "../model/text.js";

const plan = computed(() => view.value?.plan);
const backtracks = computed(() => view.value?.backtracks ?? []);

/** What a step does, without repeating its tool's name (descriptions often start with it). */
function stepText(step: PlanStep): string {
  const text = step.description || step.rationale;
  return text.startsWith(step.toolName) ? text.slice(step.toolName.length).trim() : text;
}

/** The current plan's steps with their status, and the plans abandoned on the way (backtracks). */
export function PlanPanel() {
  const current = plan.value;
  const goal = current ? goals.value.get(current.goalId) : undefined;
  return (
    <section class="panel plan" aria-labelledby="plan-title">
      <h2 id="plan-title">Plan</h2>
      {!current && <p class="muted">No plan yet.</p>}
      {current && (
        <>
          <p>
            <span class="badge">{enumLabel(planStatusToJSON(current.status), "PLAN_STATUS_")}</span> attempt {current.attempt}
            {current.strategy && ` · ${visibleText(current.strategy)}`}
            {goal && <span class="muted"> · for {visibleText(goal.description)}</span>}
          </p>
          <ol class="steps">
            {current.steps.map((step) => (
              <li key={step.index} data-step-status={enumLabel(stepStatusToJSON(step.status), "STEP_STATUS_")}>
                <span class="badge">{enumLabel(stepStatusToJSON(step.status), "STEP_STATUS_")}</span> <code>{visibleText(step.toolName)}</code> {visibleText(stepText(step))}
                {step.dependsOn.length > 0 && <span class="muted"> after {step.dependsOn.join(", ")}</span>}
                {step.canFail && <span class="muted"> (may fail)</span>}
                {step.statusReason && <div class="muted">{visibleText(step.statusReason)}</div>}
              </li>
            ))}
          </ol>
          {current.failureReason && <p class="warning">{visibleText(current.failureReason)}</p>}
        </>
      )}
      {backtracks.value.length > 0 && (
        <>
          <h3>Backtracks</h3>
          <ul class="backtracks">
            {backtracks.value.map((b, i) => (
              <li key={i}>
                cycle {b.cycle}: attempt {b.attempt} {enumLabel(b.change, "PLAN_CHANGE_KIND_")}
                {b.reason && ` (${visibleText(b.reason)})`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
