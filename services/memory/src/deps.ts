import type { TextEncoder } from "@boyd/vsa";
import type { KeyedMutex } from "./agent-lock.js";
import type { GraphLink } from "./graph-link.js";
import type { GraphWrites } from "./graph-writes.js";
import type { Repository } from "./state.js";

/** Where the service reports what it does not fail a request for (pino fits). */
export interface MemoryLog {
  warn(fields: object, message: string): void;
}

/** What the handler helpers share. */
export interface Deps {
  repo: Repository;
  /** Serializes writes per agent inside this process. */
  lock: KeyedMutex;
  graph: GraphLink | undefined;
  /** Graph writes not waited for (see storeFacts' linkInBackground), which graph reads wait for. */
  graphWrites: GraphWrites;
  encoder: TextEncoder;
  now: () => number;
  log: MemoryLog;
  /** A fresh unique id with a prefix, e.g. "prov:lq3k2-9f1c0a2b". */
  newId: (prefix: string) => string;
}
