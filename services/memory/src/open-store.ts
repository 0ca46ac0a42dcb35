import type { NatsConnection } from "@nats-io/transport-node";
import type { MemoryConfig } from "./config.js";
import { openFileStore, type FileStoreOptions } from "./store/files.js";
import { openKvStore } from "./store/jetstream-kv.js";
import type { MemoryStore } from "./store/port.js";

/** Opens the store the configuration names; the kv store needs a NATS connection. */
export async function openStore(
  config: Pick<MemoryConfig, "store" | "dataDir" | "kvBucket" | "kvReplicas"> & Partial<Pick<MemoryConfig, "sync">>,
  connection?: NatsConnection,
  options: Pick<FileStoreOptions, "onTornTail"> = {},
): Promise<MemoryStore> {
  if (config.store === "kv") {
    if (!connection) throw new Error("the kv store needs a NATS connection");
    return openKvStore({ connection, bucket: config.kvBucket, replicas: config.kvReplicas });
  }
  return openFileStore({ dir: config.dataDir, ...(config.sync ? { sync: config.sync } : {}), ...options });
}
