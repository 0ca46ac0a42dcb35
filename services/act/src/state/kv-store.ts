import { BusError } from "@boyd/bus";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { Kvm, type KV } from "@nats-io/kv";
import { PermissionViolationError, RequestError, type NatsConnection } from "@nats-io/transport-node";
import { assertKey, type RecordStore } from "./record-store.js";

/** Options of {@link openKvRecordStore}. */
export interface KvRecordStoreOptions {
  /** Bucket name. @default "boyd_act" */
  bucket?: string;
  /** Replicas of the bucket (3 in a production cluster). @default 1 */
  replicas?: number;
  /** Memory storage instead of files (tests). @default false */
  memory?: boolean;
}

// JetStream reports a failed compare-and-set as "wrong last sequence".
const WRONG_LAST_SEQUENCE = 10071;

/**
 * Records in a JetStream KV bucket, for distributed mode: every act replica
 * sees the same idempotency records and jobs, and `create`/`update` are
 * compare-and-set on the server, so two replicas cannot both claim a call.
 * Store keys use `/`; KV keys use `.` so prefixes can be listed with `>`.
 */
export async function openKvRecordStore(connection: NatsConnection, options: KvRecordStoreOptions = {}): Promise<RecordStore> {
  const kvm = new Kvm(jetstream(connection));
  const bucket = options.bucket ?? "boyd_act";
  const kv: KV = await kvm.create(bucket, {
    history: 1,
    replicas: options.replicas ?? 1,
    ...(options.memory ? { storage: "memory" as const } : {}),
  });
  const kvKey = (key: string) => {
    assertKey(key);
    return key.replaceAll("/", ".");
  };
  const jsm = await jetstreamManager(connection);
  const casFailed = (err: unknown) => (err as { code?: number; api_error?: { err_code?: number } }).api_error?.err_code === WRONG_LAST_SEQUENCE || /wrong last sequence/i.test(String((err as Error).message));

  return {
    async get(key) {
      const entry = await kv.get(kvKey(key)).catch((err: unknown) => Promise.reject(unavailable(err)));
      if (!entry || entry.operation !== "PUT") return undefined;
      return { value: entry.value, revision: entry.revision };
    },
    async create(key, value) {
      try {
        return await kv.create(kvKey(key), value);
      } catch (err) {
        if (casFailed(err)) throw new BusError("ALREADY_EXISTS", `record ${key} exists`, { cause: err });
        throw unavailable(err);
      }
    },
    async update(key, value, revision) {
      try {
        return await kv.update(kvKey(key), value, revision);
      } catch (err) {
        if (casFailed(err)) throw new BusError("ABORTED", `record ${key} is no longer at revision ${revision}`, { cause: err });
        throw unavailable(err);
      }
    },
    put: (key, value) => kv.put(kvKey(key), value).catch((err: unknown) => Promise.reject(unavailable(err))),
    // Gone from the stream, not a delete marker in its place: a forgotten
    // call's record (see CommittedCalls) must leave nothing that piles up.
    // A user whose NATS permissions predate that (no stream purge) still
    // deletes, leaving the marker.
    delete: async (key) => {
      try {
        await jsm.streams.purge(`KV_${bucket}`, { filter: `$KV.${bucket}.${kvKey(key)}`, keep: 0 });
      } catch (err) {
        if (!refusedByPermissions(err)) throw unavailable(err);
        await kv.delete(kvKey(key)).catch((e: unknown) => Promise.reject(unavailable(e)));
      }
    },
    async keys(prefix) {
      const found: string[] = [];
      try {
        for await (const k of await kv.keys(`${kvKey(prefix)}.>`)) found.push(k.replaceAll(".", "/"));
      } catch (err) {
        throw unavailable(err);
      }
      return found;
    },
    async close() {},
  };
}

function refusedByPermissions(err: unknown): boolean {
  return err instanceof RequestError && err.cause instanceof PermissionViolationError;
}

// Anything but a failed compare-and-set is NATS or JetStream being away or
// slow (a timeout, no responders, a closed connection): UNAVAILABLE, which
// callers retry, not a bare error the bus would answer as INTERNAL.
function unavailable(err: unknown): BusError {
  return err instanceof BusError ? err : new BusError("UNAVAILABLE", `JetStream KV: ${(err as Error).message}`, { cause: err });
}
