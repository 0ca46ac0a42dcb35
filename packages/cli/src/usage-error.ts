/**
 * A mistake in how the command was called (a missing file, flags that do
 * not fit together): `main` prints it and exits 2, as commander does for a
 * bad flag in the commands that opt in.
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
  /** The process exit code for usage mistakes. */
  readonly exitCode = 2;
}
