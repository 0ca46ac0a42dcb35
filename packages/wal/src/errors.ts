/**
 * A failure of a write-ahead log. `code` is a gRPC status code name, so a
 * store can pass it on unchanged: DATA_LOSS (a record in the middle of the
 * file fails its checksum) or UNAVAILABLE (the disk refused a read, write or
 * sync; after a failed write or sync the log refuses every later append,
 * since what reached the disk is no longer known), or FAILED_PRECONDITION
 * (another live process holds the directory: DirectoryLockedError).
 */
export class WalError extends Error {
  override readonly name = "WalError";

  constructor(
    readonly code: "DATA_LOSS" | "UNAVAILABLE" | "FAILED_PRECONDITION",
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Runs a log call, turning a WalError into the store's own error with the
 * same code and message (the cause kept), so each store speaks its own
 * error type without a copy of this wrapper.
 */
export async function withWalErrors<T>(call: () => Promise<T>, asStoreError: (err: WalError) => Error): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof WalError) throw asStoreError(err);
    throw err;
  }
}
