// A replica's first recall of an agent loads its recall snapshot and the
// changes after it; what it ranks must be exactly what a full read of the
// log ranks (rankFacts / rankEpisodes over every record, as recall did
// before snapshots), on seeded random histories with additions, removals
// and re-additions written by two replicas at once, each writing snapshots
// in the background; and a snapshot that is damaged, of another encoder or
// unfollowable is not used. Both stores: the files store (two replicas in
// one process, and the store reopened as by a restart) and JetStream KV
// (two replicas on their own connections over one bucket).
import { EpisodicEntry, Fact } from "@boyd/proto";
import { Prng, TextEncoder, type EncoderOptions } from "@boyd/vsa";
import { afterAll, describe, expect, it } from "vitest";
import { rankEpisodes, rankFacts, stemsOf } from "../src/recall.js";
import { RecallIndexes, type RankedLog, type RecallIndexOptions } from "../src/recall-indexes.js";
import { RecordVectors } from "../src/record-vectors.js";
import { Repository } from "../src/state.js";
import { openFileStore, type MemoryStore } from "../src/index.js";
import type { LogPosition } from "../src/store/port.js";
import { tempDir } from "./fixtures/harness.js";
import { useNatsReplicas } from "./fixtures/replicas.js";

const nats = useNatsReplicas();
const NOW = 1_700_000_000_000;
const WORDS = ["crater", "moon", "far", "side", "orbit", "mars", "phobos", "salary", "engineer", "bread", "oven", "comet", "earth", "river", "delta", "ocean"];
const SYMBOLS = ["topic:moon", "topic:mars", "goal:g1", "goal:g2", "kg_query", "preference"];
const QUERIES: { text: string; symbols: string[] }[] = [
  { text: "crater on the far side of the moon", symbols: [] },
  { text: "mars orbit phobos", symbols: ["topic:mars"] },
  { text: "", symbols: ["goal:g1", "preference"] },
  { text: "bread oven salary", symbols: ["kg_query"] },
];
// Small thresholds, so a history of a few hundred changes writes many snapshots.
const SNAPSHOTS = { minChanges: 4, maxChanges: 16, write: true };

/** Stores of one durable state: `open` gives another replica's (KV: a new connection; files: the one store, files being one process's). */
interface Mode {
  open(): Promise<MemoryStore>;
  /** Files: the store closed and opened again, as by a restart (KV: another replica). */
  restart(): Promise<MemoryStore>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

let buckets = 0;
const modes: [string, () => Promise<Mode>][] = [
  [
    "files",
    async () => {
      const { dir, remove } = tempDir();
      let store = await openFileStore({ dir });
      cleanups.push(async () => {
        await store.close();
        remove();
      });
      return {
        open: () => Promise.resolve(store),
        restart: async () => {
          await store.close();
          return (store = await openFileStore({ dir }));
        },
      };
    },
  ],
  [
    "JetStream KV",
    async () => {
      const bucket = `recall_snapshot_${process.pid}_${buckets++}`;
      return { open: () => nats.kvStore(bucket), restart: () => nats.kvStore(bucket) };
    },
  ],
];

/** A replica's recall side: its repository and indexes over a store, with what it was told about snapshots and the positions it read changes from. */
function replica(store: MemoryStore, options: RecallIndexOptions = {}, encoder: EncoderOptions = {}) {
  const problems: string[] = [];
  const since: (LogPosition | undefined)[] = [];
  const watched: MemoryStore = Object.assign(Object.create(store) as MemoryStore, {
    readChangesSince: (agentId: string, log: Parameters<MemoryStore["readChangesSince"]>[1], at: LogPosition | undefined) => {
      since.push(at);
      return store.readChangesSince(agentId, log, at);
    },
  });
  const vectors = new RecordVectors(new TextEncoder(encoder));
  const repo = new Repository(watched, vectors);
  const indexes = new RecallIndexes(repo, vectors, { snapshots: SNAPSHOTS, onSnapshotProblem: (p) => problems.push(p.what), ...options });
  return { repo, indexes, vectors, problems, since };
}
type Replica = ReturnType<typeof replica>;

/** A seeded history of one agent's episodes and facts. */
class History {
  private readonly rng: Prng;
  private next = 0;
  /** Ids live in each log, and removed ones (to add again). */
  readonly live = { episodes: new Set<string>(), facts: new Set<string>() };
  private readonly gone = { episodes: [] as string[], facts: [] as string[] };

  constructor(
    seed: number,
    readonly agentId: string,
  ) {
    this.rng = new Prng(seed);
  }

  private pick<T>(list: readonly T[]): T {
    return list[this.rng.nextU32() % list.length]!;
  }

  private text(): string {
    return Array.from({ length: 3 + (this.rng.nextU32() % 6) }, () => this.pick(WORDS)).join(" ");
  }

  private symbols(): string[] {
    return Array.from({ length: this.rng.nextU32() % 3 }, () => this.pick(SYMBOLS));
  }

  /** Few distinct timestamps, so ties fall back on time, then id. */
  private time(): number {
    return NOW - (this.rng.nextU32() % 5) * 86_400_000;
  }

  log(): RankedLog {
    return this.rng.nextU32() % 2 ? "facts" : "episodes";
  }

  chance(percent: number): boolean {
    return this.rng.nextU32() % 100 < percent;
  }

  /** One step: adds (some ids removed before come back, with new content) or removes, through `r`. */
  async step(r: Replica): Promise<void> {
    const log = this.log();
    if (this.chance(25) && this.live[log].size > 3) {
      const ids = [...this.live[log]];
      const removed = Array.from({ length: 1 + (this.rng.nextU32() % 3) }, () => this.pick(ids));
      removed.forEach((id) => this.live[log].delete(id));
      this.gone[log].push(...removed);
      return r.repo.remove(this.agentId, log, [...new Set(removed)]);
    }
    const ids = Array.from({ length: 1 + (this.rng.nextU32() % 4) }, () => (this.gone[log].length && this.chance(20) ? this.gone[log].shift()! : `${log}:${this.next++}`));
    const fresh = [...new Set(ids)].filter((id) => !this.live[log].has(id));
    fresh.forEach((id) => this.live[log].add(id));
    if (log === "facts") {
      await r.repo.add(this.agentId, "facts", fresh.map((id) => ({ id, record: Fact.fromPartial({ id, agentId: this.agentId, content: this.text(), tags: this.symbols(), createdAtUnixMs: this.time() }) })));
    } else {
      const record = (id: string) => EpisodicEntry.fromPartial({ symbolId: id, summary: this.text(), learnings: this.symbols(), goalId: this.chance(50) ? "goal:g1" : "", timestampUnixMs: this.time() });
      await r.repo.add(this.agentId, "episodes", fresh.map((id) => ({ id, record: record(id) })));
    }
  }
}

/** What the replica's index of `log` ranks for each query (topK 5 and 40), and its records oldest first. */
async function recalled(r: Replica, agentId: string, log: RankedLog) {
  const index = await r.indexes.synced(agentId, log);
  const ranked = QUERIES.flatMap(({ text, symbols }) =>
    [5, 40].map((topK) => {
      const stems = stemsOf(text);
      return index.rank({ stems, vector: stems.size ? r.vectors.encoder.encode(text) : undefined, symbols: new Set(symbols), topK, now: NOW, key: JSON.stringify([text, ...symbols]) });
    }),
  );
  return { ranked, order: index.oldest(index.size) };
}

/** The same from a full read of the log, ranked as recall ranked before indexes and snapshots. */
async function fullRead(r: Replica, agentId: string, log: RankedLog) {
  const records = await r.repo.readWithIds(agentId, log);
  const ranked = QUERIES.flatMap(({ text, symbols }) =>
    [5, 40].map((topK) => {
      const query = { text, symbols, topK, now: NOW };
      return log === "facts" ? rankFacts(r.vectors.encoder, records.map((x) => x.record as Fact), query) : rankEpisodes(r.vectors.encoder, records.map((x) => x.record as EpisodicEntry), query);
    }),
  );
  return { ranked, order: records.map((x) => x.id) };
}

describe.each(modes)("recall snapshots (%s)", (_name, setup) => {
  it("a cold replica loads the snapshot and the changes after it, and ranks as a full read, through a history written by two replicas at once", async () => {
    const mode = await setup();
    for (const seed of [0x5eed, 0xc01d]) {
      const history = new History(seed, `agent-${seed}`);
      const a = replica(await mode.open());
      const b = replica(await mode.open());
      let loadedFromSnapshot = 0;
      for (let step = 1; step <= 160; step++) {
        // Both replicas write at once, and now and then recall (syncing, and writing snapshots in the background).
        const [log1, log2] = [history.log(), history.log()];
        await Promise.all([
          history.step(a),
          history.step(b),
          history.chance(40) ? a.indexes.synced(history.agentId, log1) : undefined,
          history.chance(40) ? b.indexes.synced(history.agentId, log2) : undefined,
        ]);
        if (step % 40 !== 0) continue;
        // A replica that never read the agent: its first sync loads the latest snapshot (stale by the steps since).
        await Promise.all([a.indexes.snapshotsWritten(), b.indexes.snapshotsWritten()]);
        if (history.chance(50)) await history.step(a);
        const cold = replica(await mode.open());
        const truth = replica(await mode.open());
        for (const log of ["episodes", "facts"] as const) {
          expect(await recalled(cold, history.agentId, log)).toEqual(await fullRead(truth, history.agentId, log));
          expect((await recalled(a, history.agentId, log)).ranked).toEqual((await fullRead(truth, history.agentId, log)).ranked);
        }
        expect(cold.problems).toEqual([]);
        if (cold.since[0] !== undefined) loadedFromSnapshot++;
      }
      // Every checkpoint had a snapshot to load (many were written: the thresholds are small).
      expect(loadedFromSnapshot).toBe(4);
      const restarted = replica(await mode.restart());
      for (const log of ["episodes", "facts"] as const) expect(await recalled(restarted, history.agentId, log)).toEqual(await fullRead(restarted, history.agentId, log));
      expect(restarted.since[0]).toBeDefined();
      expect(restarted.problems).toEqual([]);
    }
  }, 60_000);

  it("a damaged snapshot, one of another encoder, and one whose position the store cannot follow are not used: recall reads the log and ranks the same", async () => {
    const mode = await setup();
    const history = new History(0xbad, "damaged");
    const writer = replica(await mode.open());
    for (let i = 0; i < 40; i++) await history.step(writer);
    for (const log of ["episodes", "facts"] as const) await writer.indexes.synced(history.agentId, log);
    await writer.indexes.snapshotsWritten();
    const store = await mode.open();
    const snapshot = (await store.getIndexDoc(history.agentId, "facts"))!;
    expect(snapshot).toBeDefined();

    // A byte flipped in the stored snapshot.
    const flipped = Uint8Array.from(snapshot.value);
    flipped[flipped.length - 5]! ^= 1;
    await store.putIndexDoc(history.agentId, "facts", flipped);
    const damaged = replica(await mode.open());
    expect(await recalled(damaged, history.agentId, "facts")).toEqual(await fullRead(damaged, history.agentId, "facts"));
    expect(damaged.problems).toEqual(["recall snapshot not used: checksum mismatch"]);
    expect(damaged.since).toEqual([undefined]);
    // Having read the log whole, it writes a good snapshot again.
    await damaged.indexes.snapshotsWritten();

    // A whole snapshot whose position this store did not issue (another store's, or from before a compaction): the log is read whole.
    const { decodeSnapshot, encodeSnapshot } = await import("../src/recall-snapshot.js");
    const loaded = decodeSnapshot(snapshot.value, { log: "facts", encoder: writer.vectors.encoder.fingerprint });
    if (typeof loaded === "string") throw new Error(loaded);
    await store.putIndexDoc(history.agentId, "facts", encodeSnapshot({ log: "facts", encoder: writer.vectors.encoder.fingerprint }, "elsewhere:7", loaded.records.slice(1)));
    const foreign = replica(await mode.open());
    expect(await recalled(foreign, history.agentId, "facts")).toEqual(await fullRead(foreign, history.agentId, "facts"));
    expect(foreign.since).toEqual(["elsewhere:7"]);
    await foreign.indexes.snapshotsWritten();

    // Another encoder's settings (or ENCODING_VERSION): its vectors and stems are not this one's.
    const other = replica(await mode.open(), {}, { ngramSize: 4 });
    expect(await recalled(other, history.agentId, "facts")).toEqual(await fullRead(other, history.agentId, "facts"));
    expect(other.problems).toEqual([expect.stringMatching(/^recall snapshot not used: made by encoder v\d+-/)]);
    expect(other.since).toEqual([undefined]);
    await other.indexes.snapshotsWritten();
  }, 30_000);
});

describe("recall snapshots by default", () => {
  // The store's default: KV writes them; the files store, which loads every record when it opens an agent, writes none.
  it.each([
    ["files", false],
    ["JetStream KV", true],
  ] as const)("%s: written by default = %s", async (name, written) => {
    const mode = await modes.find(([n]) => n === name)![1]();
    const history = new History(0xdef, "defaults");
    const writer = replica(await mode.open(), { snapshots: { minChanges: 4, maxChanges: 16 } });
    for (let i = 0; i < 40; i++) await history.step(writer);
    for (const log of ["episodes", "facts"] as const) await writer.indexes.synced(history.agentId, log);
    await writer.indexes.snapshotsWritten();
    const docs = await Promise.all((["episodes", "facts"] as const).map((log) => mode.open().then((s) => s.getIndexDoc(history.agentId, log))));
    expect(docs.map((d) => d !== undefined)).toEqual([written, written]);
  }, 30_000);
});

describe("recall snapshots in a JetStream KV bucket", () => {
  it("a replaced snapshot's chunks are removed; a head whose chunks are gone (replaced while read) reads as none, and recall reads the log", async () => {
    const bucket = `recall_snapshot_kv_${process.pid}`;
    const store = await nats.kvStore(bucket);
    const raw = await nats.rawKv(bucket);
    const big = (fill: number) => new Uint8Array(2_200_000).fill(fill);
    await store.putIndexDoc("kvagent", "facts", big(1));
    await store.putIndexDoc("kvagent", "facts", big(2));
    const live: string[] = [];
    for await (const key of await raw.keys("kvagent.idxc.>")) live.push(key);
    const head = JSON.parse(new TextDecoder().decode((await raw.get("kvagent.idx.facts"))!.value)) as { id: string; chunks: number };
    expect(head.chunks).toBe(3);
    expect(live.sort()).toEqual([0, 1, 2].map((n) => `kvagent.idxc.facts.${head.id}.${n}`));

    const history = new History(0x1ce, "kvagent");
    const writer = replica(store, { snapshots: { minChanges: Infinity, maxChanges: Infinity } });
    for (let i = 0; i < 30; i++) await history.step(writer);
    await raw.purge(`kvagent.idxc.facts.${head.id}.1`);
    expect(await store.getIndexDoc("kvagent", "facts")).toBeUndefined();
    const cold = replica(await nats.kvStore(bucket));
    expect(await recalled(cold, history.agentId, "facts")).toEqual(await fullRead(cold, history.agentId, "facts"));
    expect(cold.since).toEqual([undefined]);
  }, 30_000);
});
