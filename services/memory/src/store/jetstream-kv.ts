import { JetStreamApiCodes, JetStreamApiError } from "@nats-io/jetstream";
import { Kvm, type KV } from "@nats-io/kv";
import type { NatsConnection } from "@nats-io/transport-node";
import { MemoryStoreError } from "../errors.js";
import { decodeToken, encodeToken, type DocName, type LogName, type MemoryStore, type StoredDoc, type StoredRecord } from "./port.js";

/** Options of {@link openKvStore}. */
export interface KvStoreOptions {
  /** A connection to a JetStream-enabled NATS server (e.g. `NatsTransport.connection`). */
  connection: NatsConnection;
  /** Bucket name; created if missing. @default "boyd_memory" */
  bucket?: string;
  /** Stream replicas of a newly created bucket. @default 1 */
  replicas?: number;
}

// NATS's default max_payload; a value near it would be refused by the
// server with a less helpful message.
const MAX_VALUE_BYTES = 1024 * 1024 - 4096;

/**
 * Opens the distributed adapter on a JetStream KV bucket. Keys are
 * `<agent>.doc.<name>` and `<agent>.<log>.<record id>` (tokens encoded with
 * encodeToken). Documents use the key's revision for compare-and-set
 * (create when 0, update with the revision otherwise), so replicas of the
 * service serving one agent never clobber each other. Logs are read back
 * in revision order, i.e. the order records were added. Nothing is cached:
 * any replica may have written last.
 */
export async function openKvStore(options: KvStoreOptions): Promise<MemoryStore> {
  const bucket = options.bucket ?? "boyd_memory";
  const kv = await new Kvm(options.connection).create(bucket, { history: 1, replicas: options.replicas ?? 1 });
  return new KvStore(kv);
}

class KvStore implements MemoryStore {
  readonly name = "jetstream-kv";

  constructor(private readonly kv: KV) {}

  async getDoc(agentId: string, doc: DocName): Promise<StoredDoc | undefined> {
    const entry = await unavailable(() => this.kv.get(`${encodeToken(agentId)}.doc.${doc}`), "read", doc);
    if (!entry || entry.operation !== "PUT") return undefined;
    return { value: entry.value, revision: entry.revision };
  }

  async putDoc(agentId: string, doc: DocName, value: Uint8Array, expectedRevision: number): Promise<number> {
    tooLarge(value, `${doc} of ${agentId}`);
    const key = `${encodeToken(agentId)}.doc.${doc}`;
    try {
      return expectedRevision === 0 ? await this.kv.create(key, value) : await this.kv.update(key, value, expectedRevision);
    } catch (err) {
      if (wrongSequence(err)) throw new MemoryStoreError("ABORTED", `${doc} of ${agentId} is no longer at revision ${expectedRevision}`, { cause: err });
      throw new MemoryStoreError("UNAVAILABLE", `cannot write ${doc} of ${agentId}: ${(err as Error).message}`, { cause: err });
    }
  }

  async addRecords(agentId: string, log: LogName, records: readonly StoredRecord[]): Promise<boolean[]> {
    const prefix = `${encodeToken(agentId)}.${log}.`;
    const added: boolean[] = [];
    // One at a time: the revision order is the order records read back in.
    for (const r of records) {
      tooLarge(r.value, `${log} record ${r.id}`);
      try {
        await this.kv.create(prefix + encodeToken(r.id), r.value);
        added.push(true);
      } catch (err) {
        if (!wrongSequence(err)) throw new MemoryStoreError("UNAVAILABLE", `cannot add to ${log} of ${agentId}: ${(err as Error).message}`, { cause: err });
        added.push(false);
      }
    }
    return added;
  }

  async readRecords(agentId: string, log: LogName): Promise<StoredRecord[]> {
    const prefix = `${encodeToken(agentId)}.${log}.`;
    return unavailable(
      async () => {
        const keys: string[] = [];
        for await (const k of await this.kv.keys(`${prefix}>`)) keys.push(k);
        const entries = await Promise.all(keys.map((k) => this.kv.get(k)));
        return entries
          .filter((e) => e !== null && e.operation === "PUT")
          .sort((a, b) => a!.revision - b!.revision)
          .map((e) => ({ id: decodeToken(e!.key.slice(prefix.length)), value: e!.value }));
      },
      "read",
      log,
    );
  }

  async removeRecords(agentId: string, log: LogName, ids: readonly string[]): Promise<void> {
    const prefix = `${encodeToken(agentId)}.${log}.`;
    await unavailable(() => Promise.all(ids.map((id) => this.kv.purge(prefix + encodeToken(id)))), "remove from", log);
  }

  async close(): Promise<void> {
    // The connection belongs to the caller.
  }
}

function wrongSequence(err: unknown): boolean {
  return err instanceof JetStreamApiError && (err.code === JetStreamApiCodes.StreamWrongLastSequence || err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown);
}

function tooLarge(value: Uint8Array, what: string): void {
  if (value.length > MAX_VALUE_BYTES) throw new MemoryStoreError("RESOURCE_EXHAUSTED", `${what} is ${value.length} bytes; the KV store takes at most ${MAX_VALUE_BYTES}`);
}

async function unavailable<T>(work: () => Promise<T>, verb: string, what: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof MemoryStoreError) throw err;
    throw new MemoryStoreError("UNAVAILABLE", `cannot ${verb} ${what}: ${(err as Error).message}`, { cause: err });
  }
}
