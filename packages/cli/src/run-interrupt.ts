import type { AgentConnection } from "./agent-connection.js";
import { Interrupt } from "./interrupt.js";
import { warn } from "./output.js";

/**
 * Ctrl-C during a run (`agent run`, `agent resume`, a REPL run): the first
 * asks the agent to pause after its current cycle (AgentService.PauseAgent,
 * so a run on a deployment stops there too, saved), the second quits at
 * once, saying what becomes of the cycle in flight.
 */
export class RunInterrupt {
  readonly #interrupt: Interrupt;

  constructor(
    private readonly conn: AgentConnection,
    private readonly agentId: string,
    resumeCommand: string,
  ) {
    const inFlight =
      conn.transport.kind === "nats"
        ? "the cycle in flight may still finish on the server"
        : "the cycle in flight is lost (this process ran it); the stored agent keeps every cycle before it";
    this.#interrupt = new Interrupt({
      stopping: `pausing agent ${agentId} after its current cycle`,
      quitting: `quitting now; ${inFlight}. Carry on with: ${resumeCommand}`,
      onStop: () => this.pause(),
    });
  }

  /** Whether Ctrl-C was pressed. */
  get requested(): boolean {
    return this.#interrupt.requested;
  }

  /**
   * A cycle started after Ctrl-C: the pause may have reached the
   * controller before the run held the agent (nothing to stop then), so
   * it is asked again; a pause of a pausing run changes nothing.
   */
  cycleStarted(): void {
    if (this.requested) this.pause();
  }

  release(): void {
    this.#interrupt.release();
  }

  private pause(): void {
    this.conn.agents.pauseAgent({ agentId: this.agentId }, { timeoutMs: 10_000 }).catch((err: unknown) => {
      warn(`could not ask agent ${this.agentId} to pause (${err instanceof Error ? err.message : String(err)}); Ctrl-C again to quit now`);
    });
  }
}
