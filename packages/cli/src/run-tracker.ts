import { ActionOutcome, GoalChangeKind, type ActionResult, type CycleFinished, type Decision, type Event, type Goal, type GoalChanged, type ReflectionReport } from "@boyd/proto";

/** One finished cycle as the run's events told it. */
export interface CycleSummary {
  readonly cycle: number;
  /** Goal worked on (the decision's). */
  readonly goalId: string;
  readonly decision: Decision | undefined;
  readonly result: ActionResult | undefined;
  /** Goal changes of the cycle other than progress samples. */
  readonly changes: readonly GoalChanged[];
  /** The cycle's reflection, when it reflected. */
  readonly reflection?: ReflectionReport | undefined;
  readonly finished: CycleFinished;
}

interface OpenCycle {
  decision?: Decision | undefined;
  result?: ActionResult | undefined;
  reflection?: ReflectionReport | undefined;
  changes: GoalChanged[];
}

/**
 * Folds an agent's events into per-cycle summaries and run totals: the
 * goals as last seen, facts derived and asserted by tools, time per phase.
 * Pure bookkeeping; printing is the caller's.
 */
export class RunTracker {
  /** Goals as last seen (from responses and goal.changed), by id. */
  readonly goals = new Map<string, Goal>();
  readonly cycles: CycleSummary[] = [];
  /** Goals this run touched: given, created, changed or worked on. */
  readonly touched = new Set<string>();
  /** Facts written by infer_rules. */
  derivedFacts = 0;
  /** Facts added by kg_mutate. */
  assertedFacts = 0;
  /** Cycles started in this run. */
  started = 0;
  readonly #open = new Map<number, OpenCycle>();

  /** Records goals known before the run (e.g. from CreateAgent). */
  know(goals: readonly Goal[], touched = false): void {
    for (const g of goals) {
      this.goals.set(g.symbolId, g);
      if (touched) this.touched.add(g.symbolId);
    }
  }

  /** Takes one event; returns the cycle's summary when it was the cycle's last. */
  take(event: Event): CycleSummary | undefined {
    const kind = event.kind;
    if (!kind) return undefined;
    const cycle = Number(event.cycle);
    const open = (): OpenCycle => {
      let p = this.#open.get(cycle);
      if (!p) this.#open.set(cycle, (p = { changes: [] }));
      return p;
    };
    switch (kind.$case) {
      case "cycleStarted":
        this.started++;
        open();
        return undefined;
      case "decided":
        open().decision = kind.value.decision;
        if (kind.value.decision?.goalId) this.touched.add(kind.value.decision.goalId);
        return undefined;
      case "acted":
        open().result = kind.value.result;
        this.#countFacts(kind.value.result);
        return undefined;
      case "reflected":
        open().reflection = kind.value.report;
        return undefined;
      case "goalChanged": {
        const c = kind.value;
        if (!c.goal) return undefined;
        this.goals.set(c.goal.symbolId, c.goal);
        if (c.change === GoalChangeKind.PROGRESS) return undefined;
        this.touched.add(c.goal.symbolId);
        // Between cycles (a goal added, say) there is no cycle to tell it in.
        this.#open.get(cycle)?.changes.push(c);
        return undefined;
      }
      case "cycleFinished": {
        const p = this.#open.get(cycle) ?? { changes: [] };
        this.#open.delete(cycle);
        // A cycle that decided nothing (a plan rejected, say) is still about the goal it changed.
        const goalId = p.decision?.goalId || p.changes[0]?.goal?.symbolId || "";
        const summary: CycleSummary = { cycle, goalId, decision: p.decision, result: p.result, changes: p.changes, reflection: p.reflection, finished: kind.value };
        this.cycles.push(summary);
        return summary;
      }
      default:
        return undefined;
    }
  }

  /** Time per phase summed over the run's cycles, ms. */
  phaseTotals(): Record<string, number> {
    const totals: Record<string, number> = {};
    for (const c of this.cycles) for (const [phase, ms] of Object.entries(c.finished.phaseMs)) totals[phase] = (totals[phase] ?? 0) + Number(ms);
    return totals;
  }

  #countFacts(result: ActionResult | undefined): void {
    if (!result?.output?.success || result.outcome !== ActionOutcome.EXECUTED || !result.output.dataJson) return;
    let data: { derived?: unknown; added?: unknown };
    try {
      data = JSON.parse(result.output.dataJson) as typeof data;
    } catch {
      return;
    }
    if (result.toolName === "infer_rules") this.derivedFacts += Number(data.derived) || 0;
    if (result.toolName === "kg_mutate") this.assertedFacts += Number(data.added) || 0;
  }
}
