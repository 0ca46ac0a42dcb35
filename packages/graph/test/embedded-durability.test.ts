import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GraphError, GraphStore, openEmbeddedBackend, type EmbeddedBackend } from "../src/index.js";

describe("embedded graph store - durability", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-graph-durable-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function open(options: { compactAfterRecords?: number } = {}): Promise<{ store: GraphStore; report: Awaited<ReturnType<typeof openEmbeddedBackend>>["report"] }> {
    const { backend, report } = await openEmbeddedBackend({ dir, ...options });
    return { store: new GraphStore(backend, { now: () => 1 }), report };
  }

  async function dump(store: GraphStore): Promise<string[]> {
    const out: string[] = [];
    for await (const t of store.exportTriples()) out.push(`${t.subject} ${t.predicate} ${t.object} ${t.confidence}`);
    return out;
  }

  it("reopen - restores exactly what was acknowledged: symbols, triples, replacements and retractions", async () => {
    const { store } = await open();
    await store.upsertSymbols([{ id: "sun", label: "Sol", kind: "star" }]);
    await store.addTriples([
      { subject: "earth", predicate: "orbits", object: "sun", confidence: 0.9 },
      { subject: "moon", predicate: "orbits", object: "earth", confidence: 0.8 },
    ]);
    await store.addTriples([{ subject: "earth", predicate: "orbits", object: "sun", confidence: 1 }]);
    await store.retractTriples([{ subject: "moon", predicate: "orbits", object: "earth" }]);
    const before = await dump(store);
    await store.close();
    const { store: again, report } = await open();
    expect(report.tornTail).toBeUndefined();
    expect(await dump(again)).toEqual(before);
    expect(before).toEqual(["earth orbits sun 1"]);
    expect(await again.symbols(["sun"])).toEqual([{ id: "sun", label: "Sol", kind: "star" }]);
    await again.close();
  });

  it("torn tail - a half-written last record is reported, cut off, and the store goes on", async () => {
    const { store } = await open();
    await store.addTriples([{ subject: "a", predicate: "p", object: "b" }]);
    await store.close();
    const log = join(dir, "graph.log");
    const good = statSync(log).size;
    // A header promising 100 bytes, then only 5: a write cut short by a crash.
    const header = Buffer.alloc(8);
    header.writeUInt32LE(100, 0);
    appendFileSync(log, Buffer.concat([header, Buffer.from("{\"op\"")]));
    const { store: reopened, report } = await open();
    expect(report.tornTail).toEqual({ offset: good, discardedBytes: 13 });
    expect(statSync(log).size).toBe(good);
    expect(await dump(reopened)).toEqual(["a p b 1"]);
    await reopened.addTriples([{ subject: "c", predicate: "p", object: "d" }]);
    await reopened.close();
    const { store: third, report: clean } = await open();
    expect(clean.tornTail).toBeUndefined();
    expect(await dump(third)).toEqual(["a p b 1", "c p d 1"]);
    await third.close();
  });

  it("corruption - a bad record with data after it is refused as DATA_LOSS, never silently dropped", async () => {
    const { store } = await open();
    await store.addTriples([{ subject: "a", predicate: "p", object: "b" }]);
    await store.addTriples([{ subject: "c", predicate: "p", object: "d" }]);
    await store.close();
    const log = join(dir, "graph.log");
    const bytes = readFileSync(log);
    bytes[10] = bytes[10]! ^ 0xff; // flip a payload byte of the first record
    writeFileSync(log, bytes);
    const err = await openEmbeddedBackend({ dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GraphError);
    expect((err as GraphError).code).toBe("DATA_LOSS");
    expect((err as GraphError).message).toMatch(/graph\.log: record at byte 0 fails its checksum/);
    // The refused open let go of the directory: the next open reads the same bad record, not a lock.
    expect(await openEmbeddedBackend({ dir }).catch((e: unknown) => (e as GraphError).code)).toBe("DATA_LOSS");
  });

  it("one store per directory: a second open is refused (FAILED_PRECONDITION, naming the directory) until the first closes", async () => {
    const { store } = await open();
    await store.addTriples([{ subject: "a", predicate: "p", object: "b" }]);
    const err = await openEmbeddedBackend({ dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GraphError);
    expect((err as GraphError).code).toBe("FAILED_PRECONDITION");
    expect((err as GraphError).message).toContain(`cannot open the graph store in ${dir}`);
    await store.addTriples([{ subject: "c", predicate: "p", object: "d" }]);
    await store.close();
    const { store: reopened } = await open();
    expect(await dump(reopened)).toEqual(["a p b 1", "c p d 1"]);
    await reopened.close();
  });

  it("group commit - writes made at once share syncs, are applied in the order made, and all survive a reopen", async () => {
    const { store } = await open();
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.addTriples([{ subject: `s${i}`, predicate: "p", object: "o" }, { subject: "last", predicate: "p", object: "o", confidence: (i + 1) / 50 }])));
    const { appends, syncs } = (store.backend as EmbeddedBackend).logStats;
    expect(appends).toBe(50);
    expect(syncs).toBeLessThanOrEqual(5);
    const before = await dump(store);
    expect(before).toContain("last p o 1"); // the last write made wins
    await store.close();
    const { store: reopened } = await open();
    expect(await dump(reopened)).toEqual(before);
    expect(before).toHaveLength(51);
    await reopened.close();
  });

  it("compaction - the log is rewritten as a snapshot, smaller, with the same content", async () => {
    const { store } = await open({ compactAfterRecords: 1_000_000 });
    for (let i = 0; i < 50; i++) await store.addTriples([{ subject: "s", predicate: "p", object: "o", confidence: (i + 1) / 50 }]);
    const before = statSync(join(dir, "graph.log")).size;
    await (store.backend as EmbeddedBackend).compact();
    const after = statSync(join(dir, "graph.log")).size;
    expect(after).toBeLessThan(before / 10);
    await store.close();
    const { store: reopened } = await open();
    expect(await dump(reopened)).toEqual(["s p o 1"]);
    await reopened.close();
  });

  it("crash - kill -9 during ingest keeps every acknowledged batch", async () => {
    const writer = fileURLToPath(new URL("./fixtures/crash-writer.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", writer, dir, "300"], { stdio: ["ignore", "pipe", "pipe"] });
    let acked = -1;
    let stderr = "";
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (b: Buffer) => {
        for (const m of b.toString().matchAll(/ACK (\d+)/g)) acked = Math.max(acked, Number(m[1]));
        // Past several compactions (every 25 records), then pull the plug.
        if (acked >= 60 && child.exitCode === null) {
          child.kill("SIGKILL");
          resolve();
        }
      });
      child.once("exit", (code) => (acked >= 60 ? resolve() : reject(new Error(`writer exited early (${code}): ${stderr}`))));
    });
    await new Promise((r) => child.once("exit", r));
    const { store, report } = await open();
    const counts = await store.counts();
    // Every acknowledged batch is there; at most the one in flight is extra.
    for (let b = 0; b <= acked; b++) {
      expect(await store.query({ subject: `b${b}` }, { limit: 1000 })).toHaveLength(300);
    }
    expect(counts.triples === (acked + 1) * 300 || counts.triples === (acked + 2) * 300).toBe(true);
    expect(report.records).toBeGreaterThan(0);
    await store.close();
  });
});
