import { adjustmentKindToJSON } from "@boyd/proto";
import { computed } from "@preact/signals";
import { view } from "../store.js";
import { enumLabel, visibleText } from "../model/text.js";

const reflections = computed(() => view.value?.reflections ?? []);

/** What each reflection found and the adjustments it made, newest first. */
export function Reflections() {
  const list = [...reflections.value].reverse();
  return (
    <section class="panel reflections" aria-labelledby="reflections-title">
      <h2 id="reflections-title">Reflections</h2>
      {list.length === 0 && <p class="muted">None yet.</p>}
      {list.map((r) => (
        <article key={Number(r.cycle)} class="reflection">
          <strong>cycle {Number(r.cycle)}</strong> {visibleText(r.summary)}
          <ul>
            {r.adjustments.map((a, i) => (
              <li key={i}>
                {enumLabel(adjustmentKindToJSON(a.kind), "ADJUSTMENT_KIND_")}
                {a.applied ? "" : " (suggested)"}: {visibleText(a.description)}
              </li>
            ))}
          </ul>
        </article>
      ))}
    </section>
  );
}
