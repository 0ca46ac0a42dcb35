import { join } from "node:path";
import { GroupCommitLog, openUnderLock, withWalErrors, type DirectoryLock, type LogStats, type TornTail } from "@boyd/wal";
import { compare, type EdgeFilter, type EdgeQuery, type GraphBackend, type GraphCounts, type NodeEdges } from "../backend.js";
import { GraphError } from "../errors.js";
import { tripleKey, type GraphSymbol, type Triple, type TriplePattern } from "../model.js";
import { MemoryGraph } from "./memory-graph.js";

/** Options of {@link openEmbeddedBackend}. */
export interface EmbeddedOptions {
  /** Directory holding `graph.log`; in memory only when absent. */
  dir?: string;
  /** Compact (in the background) when the log holds more than this many records since the last compaction. @default 10000 */
  compactAfterRecords?: number;
  /** Told when a background compaction fails (the log stays whole and is compacted again later). */
  onBackgroundError?: (err: unknown) => void;
}

/** What opening an embedded store found. */
export interface OpenReport {
  /** Records replayed from the log. */
  readonly records: number;
  /** A torn last record, cut off (it was never acknowledged). */
  readonly tornTail?: TornTail;
}

// One log record per acknowledged write.
type Op =
  | { op: "sym"; symbols: GraphSymbol[] }
  | { op: "add"; triples: Triple[] }
  | { op: "del"; keys: string[] }
  | { op: "clear" };

// Snapshot records hold at most this many items, keeping each frame small.
const SNAPSHOT_CHUNK = 5_000;

/**
 * Opens the embedded backend: in-process indexes, durable on local disk as
 * a checksummed append-only log (`@boyd/wal`) that is compacted into a
 * snapshot in the background from time to time. Every write is one record:
 * it is applied in memory only after an fdatasync covers it, so what a
 * caller saw acknowledged survives a crash; writes made at once share that
 * sync (group commit) and are applied in the order they were made. On disk
 * it holds the directory's lock (`@boyd/wal` lockDirectory) until closed:
 * an open while another live store, in this process or another, holds it
 * is refused (FAILED_PRECONDITION).
 */
export async function openEmbeddedBackend(options: EmbeddedOptions = {}): Promise<{ backend: EmbeddedBackend; report: OpenReport }> {
  const graph = new MemoryGraph();
  if (!options.dir) return { backend: new EmbeddedBackend(graph, undefined, undefined, options), report: { records: 0 } };
  const dir = options.dir;
  return graphCall(() => openUnderLock(dir, "the graph store", (lock) => openLocked(graph, dir, lock, options)));
}

async function openLocked(graph: MemoryGraph, dir: string, lock: DirectoryLock, options: EmbeddedOptions): Promise<{ backend: EmbeddedBackend; report: OpenReport }> {
  const { log, payloads, tornTail } = await graphCall(() => GroupCommitLog.open(join(dir, "graph.log")));
  payloads.forEach((payload, i) => {
    let op: Op;
    try {
      op = JSON.parse(payload.toString("utf8")) as Op;
    } catch (err) {
      throw new GraphError("DATA_LOSS", `${dir}/graph.log: record ${i} passes its checksum but is not valid JSON`, { cause: err });
    }
    apply(graph, op);
  });
  const backend = new EmbeddedBackend(graph, log, lock, options);
  return { backend, report: { records: payloads.length, ...(tornTail ? { tornTail } : {}) } };
}

/** The embedded {@link GraphBackend}. */
export class EmbeddedBackend implements GraphBackend {
  readonly name = "embedded";
  readonly soleWriter = true;
  private recordsSinceCompaction = 0;
  private compacting = false;
  private closed = false;
  // One process owns the files, so its own count of writes is the version.
  private writes = 0;

  constructor(
    private readonly graph: MemoryGraph,
    private readonly log: GroupCommitLog | undefined,
    private readonly dirLock: DirectoryLock | undefined,
    private readonly options: EmbeddedOptions,
  ) {}

  async upsertSymbols(symbols: readonly GraphSymbol[]): Promise<void> {
    await this.write({ op: "sym", symbols: [...symbols] });
  }

  async addTriples(triples: readonly Triple[]): Promise<void> {
    await this.write({ op: "add", triples: [...triples] });
  }

  async retractTriples(keys: readonly TriplePattern[]): Promise<number> {
    return this.write({ op: "del", keys: keys.map((k) => tripleKey(k as Required<TriplePattern>)) });
  }

  async clear(): Promise<void> {
    await this.write({ op: "clear" });
  }

  findTriples(pattern: TriplePattern, options: { limit: number; offset: number }): Promise<Triple[]> {
    return Promise.resolve(this.graph.find(pattern, options.limit, options.offset));
  }

  getSymbols(ids: readonly string[]): Promise<GraphSymbol[]> {
    return Promise.resolve(this.graph.getSymbols(ids));
  }

  symbolsByLabel(labels: readonly string[]): Promise<GraphSymbol[]> {
    return Promise.resolve(this.graph.symbolsByLabel(labels));
  }

  symbolsOfKind(kind: string, options: { limit: number }): Promise<GraphSymbol[]> {
    return Promise.resolve(this.graph.symbolsOfKind(kind, options.limit));
  }

  edgesOf(ids: readonly string[], query: EdgeQuery): Promise<Map<string, NodeEdges>> {
    const predicates = query.predicates ? new Set(query.predicates) : undefined;
    const result = new Map<string, NodeEdges>();
    for (const id of ids) result.set(id, this.graph.edgesOf(id, query, predicates));
    return Promise.resolve(result);
  }

  degrees(ids: readonly string[], filter: EdgeFilter): Promise<Map<string, number>> {
    const predicates = filter.predicates ? new Set(filter.predicates) : undefined;
    const result = new Map<string, number>();
    for (const id of ids) result.set(id, this.graph.degree(id, filter, predicates));
    return Promise.resolve(result);
  }

  counts(): Promise<GraphCounts> {
    return Promise.resolve(this.graph.counts());
  }

  version(): Promise<string> {
    return Promise.resolve(String(this.writes));
  }

  /** Rewrites the log as a snapshot of the state after every write made so far. */
  compact(): Promise<void> {
    if (!this.log) return Promise.resolve();
    return graphCall(() => this.log!.rewrite(() => this.snapshot()));
  }

  /** Appends and syncs the log took (zeros in memory): writes made at once share a sync. */
  get logStats(): Readonly<LogStats> {
    return this.log?.stats ?? { appends: 0, writes: 0, syncs: 0, rewrites: 0 };
  }

  /** Bytes in the log (0 in memory). */
  get logBytes(): number {
    return this.log?.bytes ?? 0;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.log?.close();
    } finally {
      await this.dirLock?.release();
    }
  }

  /** Logs the op, then applies it; resolves with what applying returned (retract: how many existed). */
  private async write(op: Op): Promise<number> {
    if (this.closed) throw new GraphError("FAILED_PRECONDITION", "the graph store is closed");
    if (!this.log) {
      this.writes++;
      return apply(this.graph, op);
    }
    let result = 0;
    // Applied right after the sync that covers it, in log order, before any later write or compaction.
    await graphCall(() => this.log!.append([Buffer.from(JSON.stringify(op), "utf8")], () => ((result = apply(this.graph, op)), this.writes++)));
    this.recordsSinceCompaction++;
    this.compactInBackground();
    return result;
  }

  private compactInBackground(): void {
    if (this.compacting || this.recordsSinceCompaction < (this.options.compactAfterRecords ?? 10_000)) return;
    this.compacting = true;
    this.recordsSinceCompaction = 0;
    this.compact()
      .catch((err: unknown) => this.options.onBackgroundError?.(err))
      .finally(() => (this.compacting = false));
  }

  private *snapshot(): Generator<Buffer> {
    yield* chunks([...this.graph.allSymbols()].sort((a, b) => compare(a.id, b.id)), (symbols) => ({ op: "sym", symbols }));
    yield* chunks([...this.graph.allTriples()], (triples) => ({ op: "add", triples }));
  }
}

function* chunks<T>(items: T[], toOp: (chunk: T[]) => Op): Generator<Buffer> {
  for (let i = 0; i < items.length; i += SNAPSHOT_CHUNK) {
    yield Buffer.from(JSON.stringify(toOp(items.slice(i, i + SNAPSHOT_CHUNK))), "utf8");
  }
}

/** Applies an op to the indexes; returns how many triples a retraction removed (0 otherwise). */
function apply(graph: MemoryGraph, op: Op): number {
  switch (op.op) {
    case "sym":
      graph.upsertSymbols(op.symbols);
      return 0;
    case "add":
      graph.addTriples(op.triples);
      return 0;
    case "del":
      return graph.retract(op.keys);
    case "clear":
      graph.clear();
      return 0;
  }
}

/** Runs a log call, turning its WalError into a GraphError with the same code. */
function graphCall<T>(call: () => Promise<T>): Promise<T> {
  return withWalErrors(call, (err) => new GraphError(err.code, err.message, { cause: err }));
}
