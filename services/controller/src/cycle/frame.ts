import { inSpan, type SpanHandle } from "@boyd/telemetry";
import type { SessionState, ToolDescriptor } from "@boyd/proto";
import { forRun, resolveAgentConfig, type ResolvedAgentConfig } from "./agent-config.js";
import { Narrator } from "./narrator.js";
import type { CyclePorts } from "./ports.js";
import type { RetryPolicy } from "./recovery.js";

/** Options of one cycle. */
export interface CycleOptions {
  /** The act service's catalog (budgets, psyche evolution, decide's candidates). */
  readonly catalog: readonly ToolDescriptor[];
  /** Time allowed to each service call of a phase, ms. @default 30000 */
  readonly phaseTimeoutMs?: number;
  /** W3C trace id shared by the cycle's events. @default the cycle's own trace */
  readonly traceId?: string;
  /** Cycles left in the current run (1 = this is the run's last). */
  readonly cyclesLeftInRun?: number;
  /** Cycles the whole run may take: an iteration budget nobody set grows to it. */
  readonly runCycles?: number;
}

/** The phases, in order; each is timed for the report and traced as a span. */
export const PHASES = ["observe", "orient", "plan", "decide", "act", "record", "reflect", "persist"] as const;
export type Phase = (typeof PHASES)[number];

// One attribute object per phase, made once: spans of every cycle share them.
const PHASE_ATTRIBUTES: Readonly<Record<string, { "boyd.phase": string }>> = Object.fromEntries(PHASES.map((p) => [p, { "boyd.phase": p }]));

/**
 * What every phase of one cycle shares: who and which cycle, the resolved
 * configuration, the services, the narrator of its events, the warnings
 * and phase timings the report carries, and the retry policy of a call.
 */
export class CycleFrame {
  readonly started: number;
  readonly cfg: ResolvedAgentConfig;
  readonly agentId: string;
  readonly cycle: number;
  readonly warnings: string[] = [];
  readonly phaseMs: Record<string, number> = {};
  readonly narrator: Narrator;
  private readonly phaseTimeout: number;

  constructor(
    readonly ports: CyclePorts,
    readonly options: CycleOptions,
    state: SessionState,
    span: SpanHandle,
  ) {
    this.started = ports.now();
    this.cfg = forRun(resolveAgentConfig(state.config), options.runCycles);
    this.agentId = state.agentId;
    this.cycle = Number(state.cycleCount) + 1;
    this.phaseTimeout = options.phaseTimeoutMs ?? 30_000;
    // Pipelined: the cycle goes on while its events are acknowledged; runCycle settles them.
    this.narrator = new Narrator(ports, this.agentId, this.cycle, options.traceId ?? span.traceId, (m) => this.warnings.push(m), 0, true);
  }

  /** Runs one phase's work, timed and inside its span. */
  timed<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
    return inSpan(
      phase,
      async () => {
        const t = this.ports.now();
        try {
          return await work();
        } finally {
          this.phaseMs[phase] = (this.phaseMs[phase] ?? 0) + (this.ports.now() - t);
        }
      },
      PHASE_ATTRIBUTES[phase],
    );
  }

  /** Runs work inside a phase's span without timing it again. */
  traced<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
    return inSpan(phase, work, PHASE_ATTRIBUTES[phase]);
  }

  /** Three attempts fit in a phase: one lost with a killed service, one to its replacement, one spare. */
  policy(): RetryPolicy {
    return { deadline: this.ports.now() + this.phaseTimeout, attemptMs: this.phaseTimeout / 3, onRetry: (m) => this.warnings.push(m) };
  }

  warn(message: string): void {
    this.warnings.push(message);
  }
}
