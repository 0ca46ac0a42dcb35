/**
 * Ctrl-C while a command works: the first asks it to stop at the next safe
 * point (`requested`), with a line saying so; a second one exits at once
 * (130, as a shell reports SIGINT), for when there is no safe point soon.
 */
export class Interrupt {
  requested = false;
  private readonly onSignal = (): void => {
    if (this.requested) process.exit(130);
    this.requested = true;
    process.stderr.write("\nboyd: stopping at the next safe point (Ctrl-C again to quit now)\n");
  };

  constructor() {
    process.on("SIGINT", this.onSignal);
  }

  /** Back to the default: Ctrl-C ends the process. */
  release(): void {
    process.off("SIGINT", this.onSignal);
  }
}
