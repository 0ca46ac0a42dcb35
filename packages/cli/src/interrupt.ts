/** What a command says and does on Ctrl-C. */
export interface InterruptOptions {
  /** Said on the first Ctrl-C (after `boyd: `). */
  readonly stopping?: string;
  /** Said on the second, just before the process exits 130. */
  readonly quitting?: string;
  /** Called on the first Ctrl-C: asks the work to stop at its next safe point (e.g. pause an agent). */
  readonly onStop?: () => void;
}

/**
 * Ctrl-C while a command works: the first asks it to stop at the next safe
 * point (`requested`), with a line saying so; a second one exits at once
 * (130, as a shell reports SIGINT), for when there is no safe point soon.
 */
export class Interrupt {
  requested = false;
  private readonly onSignal = (): void => {
    if (this.requested) {
      console.error(`\nboyd: ${this.options.quitting ?? "quitting now"}`);
      process.exit(130);
    }
    this.requested = true;
    console.error(`\nboyd: ${this.options.stopping ?? "stopping at the next safe point"} (Ctrl-C again to quit now)`);
    this.options.onStop?.();
  };

  constructor(private readonly options: InterruptOptions = {}) {
    process.on("SIGINT", this.onSignal);
  }

  /** Back to the default: Ctrl-C ends the process. */
  release(): void {
    process.off("SIGINT", this.onSignal);
  }
}
