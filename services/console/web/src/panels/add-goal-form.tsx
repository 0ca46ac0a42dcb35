import { useSignal } from "@preact/signals";
import { addGoal, selectedAgentId } from "../store.js";

/** Adds a goal to the selected agent: what to find, optional success criteria, and a priority (0-255). */
export function AddGoalForm() {
  const description = useSignal("");
  const criteria = useSignal("");
  const priority = useSignal("100");
  const busy = useSignal(false);
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    busy.value = true;
    const ok = await addGoal(selectedAgentId.value, {
      description: description.value.trim(),
      successCriteria: criteria.value.trim(),
      priority: Number(priority.value),
      parentId: "",
      blockedBy: [],
    });
    busy.value = false;
    if (ok) {
      description.value = "";
      criteria.value = "";
    }
  };
  return (
    <form class="add-goal" onSubmit={(e) => void submit(e)}>
      <h3>Add a goal</h3>
      <label>
        Description
        <input name="description" required maxLength={2000} value={description.value} onInput={(e) => (description.value = e.currentTarget.value)} placeholder="Find the moons that orbit Mars" />
      </label>
      <label>
        Success criteria
        <input name="criteria" maxLength={2000} value={criteria.value} onInput={(e) => (criteria.value = e.currentTarget.value)} placeholder="phobos, deimos" />
      </label>
      <label>
        Priority
        <input name="priority" type="number" min={0} max={255} required value={priority.value} onInput={(e) => (priority.value = e.currentTarget.value)} />
      </label>
      <button type="submit" disabled={busy.value || !selectedAgentId.value}>
        Add goal
      </button>
    </form>
  );
}
