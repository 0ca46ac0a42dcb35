import { computed } from "@preact/signals";
import { view } from "../store.js";

const recent = computed(() => view.value?.recent ?? []);
const SHOWN = 30;

/** The newest events by sequence: what arrived, once each. */
export function EventLog() {
  const rows = recent.value.slice(-SHOWN).reverse();
  return (
    <section class="panel events" aria-labelledby="events-title">
      <h2 id="events-title">
        Events <span class="muted">({view.value?.eventCount ?? 0})</span>
      </h2>
      <ol class="event-log" data-event-count={view.value?.eventCount ?? 0}>
        {rows.map((e) => (
          <li key={e.sequence} data-seq={e.sequence}>
            <span class="muted">#{e.sequence}</span> cycle {e.cycle} {e.kind}
          </li>
        ))}
      </ol>
    </section>
  );
}
