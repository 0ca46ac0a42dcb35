import { cycles } from "../store.js";
import type { CycleRow } from "../model/agent-view.js";
import { enumLabel, visibleText } from "../model/text.js";

/** The phases in loop order, each with its colour class in app.css. */
export const PHASES = ["observe", "orient", "plan", "decide", "act", "record", "reflect", "persist"] as const;
const SHOWN = 40;

/** The newest cycles as stacked bars: each phase's share of the cycle's time, scaled to the slowest cycle shown. */
export function Timeline() {
  const rows = cycles.value.slice(-SHOWN).reverse();
  const longest = Math.max(1, ...rows.map(totalMs));
  return (
    <section class="panel timeline" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Cycles</h2>
      <div class="legend">
        {PHASES.map((p) => (
          <span key={p} class={`swatch phase-${p}`}>
            {p}
          </span>
        ))}
      </div>
      {rows.length === 0 && <p class="muted">No cycles yet.</p>}
      <ol class="cycles">
        {rows.map((row) => (
          <CycleBar key={row.cycle} row={row} longest={longest} />
        ))}
      </ol>
    </section>
  );
}

function totalMs(row: CycleRow): number {
  return Math.max(row.durationMs, Object.values(row.phaseMs).reduce((a, b) => a + b, 0));
}

function CycleBar({ row, longest }: { row: CycleRow; longest: number }) {
  const title = PHASES.filter((p) => row.phaseMs[p] !== undefined)
    .map((p) => `${p} ${row.phaseMs[p]} ms`)
    .join(", ");
  return (
    <li class="cycle" data-cycle={row.cycle} data-finished={row.finished}>
      <span class="cycle-number">#{row.cycle}</span>
      {/* Widths go through the CSSOM (Preact sets style objects property by property), which CSP's style-src allows. */}
      <span class="bar" title={title}>
        {PHASES.map((p) => {
          const ms = row.phaseMs[p] ?? 0;
          return ms > 0 ? <span key={p} class={`segment phase-${p}`} style={{ width: `${(100 * ms) / longest}%` }} /> : null;
        })}
      </span>
      <span class="cycle-info">
        {row.finished ? `${totalMs(row)} ms` : "running"} {row.toolName && <code>{visibleText(row.toolName)}</code>} {row.outcome && enumLabel(row.outcome, "ACTION_OUTCOME_")}
        {row.stopReason && <span class="badge">{enumLabel(row.stopReason, "STOP_REASON_")}</span>}
        {row.warnings.length > 0 && (
          <span class="badge attention" title={visibleText(row.warnings.join("\n"))}>
            {row.warnings.length} warning{row.warnings.length > 1 ? "s" : ""}
          </span>
        )}
      </span>
    </li>
  );
}
