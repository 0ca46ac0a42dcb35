import { JetStreamApiCodes, JetStreamApiError } from "@nats-io/jetstream";

/** A KV write checked against a revision that is no longer the key's. */
export function wrongSequence(err: unknown): boolean {
  return err instanceof JetStreamApiError && (err.code === JetStreamApiCodes.StreamWrongLastSequence || err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown);
}
