// The embedded (files) adapter beyond the conformance suite: the
// write-ahead log's on-disk behaviour, the migration of the legacy
// one-file-per-document layout, and background compaction.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { frameOf, parseFrames } from "@boyd/wal";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileStore } from "../src/index.js";
import { tempDir } from "./fixtures/harness.js";

let dir: string;
let remove: () => void;
beforeEach(() => ({ dir, remove } = tempDir()));
afterEach(() => remove());

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const text = (value: Uint8Array | undefined) => (value ? Buffer.from(value).toString() : undefined);

/** A document in the legacy layout: magic, revision, crc32 over revision and value, value. */
function legacyDoc(revision: number, value: string): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x424d4431, 0);
  header.writeUInt32LE(revision, 4);
  header.writeUInt32LE(crc32(header.subarray(4, 8), crc32(Buffer.from(value))), 8);
  return Buffer.concat([header, Buffer.from(value)]);
}

/** A record frame in the legacy layout: op, id length, id, value. */
function legacyRecord(op: 1 | 2, id: string, value = ""): Buffer {
  const head = Buffer.alloc(3);
  head[0] = op;
  head.writeUInt16LE(Buffer.byteLength(id), 1);
  return frameOf(Buffer.concat([head, Buffer.from(id), Buffer.from(value)]));
}

describe("files store", () => {
  it("one append-only log per agent: no file for an agent only read, documents appended rather than replaced", async () => {
    const store = await openFileStore({ dir });
    expect(await store.getDoc("reader", "session")).toBeUndefined();
    await store.putDoc("a1", "session", bytes("v1"), 0);
    await store.putDoc("a1", "session", bytes("v2"), 1);
    await store.addRecords("a1", "facts", [{ id: "f1", value: bytes("one") }]);
    await store.close();
    expect(readdirSync(dir)).toEqual(["a1"]);
    expect(readdirSync(join(dir, "a1"))).toEqual(["memory.wal"]);
    const reopened = await openFileStore({ dir });
    expect(await reopened.getDoc("a1", "session")).toEqual({ value: bytes("v2"), revision: 2 });
    expect(await reopened.readRecords("a1", "facts")).toEqual([{ id: "f1", value: bytes("one") }]);
    await reopened.close();
  });

  it("a new log starts with its epoch, written as a removal of an id no record has, so a version from before epochs still reads the log", async () => {
    const store = await openFileStore({ dir });
    await store.addRecords("a1", "facts", [{ id: "f1", value: bytes("one") }]);
    await store.close();
    const [first, second] = parseFrames(readFileSync(join(dir, "a1", "memory.wal")), "memory.wal").payloads;
    // op 2 (removal), name "episodes", then an id starting with NUL: no record of the service has one.
    expect([first![0], first!.subarray(2, 2 + first![1]!).toString("latin1"), first![2 + first![1]! + 2]]).toEqual([2, "episodes", 0]);
    expect(second![0]).toBe(1);
    const reopened = await openFileStore({ dir });
    expect(await reopened.readRecords("a1", "episodes")).toEqual([]);
    expect(await reopened.readRecords("a1", "facts")).toEqual([{ id: "f1", value: bytes("one") }]);
    await reopened.close();
  });

  it("torn tail - a half-written last record of an agent's log is reported, cut off, and the agent goes on", async () => {
    const store = await openFileStore({ dir });
    await store.addRecords("a1", "facts", [{ id: "f1", value: bytes("one") }]);
    await store.close();
    const wal = join(dir, "a1", "memory.wal");
    const whole = statSync(wal).size;
    appendFileSync(wal, frameOf(Buffer.from("a record cut short by a crash")).subarray(0, 20));
    const torn: [string, number][] = [];
    const reopened = await openFileStore({ dir, onTornTail: (file, discarded) => torn.push([file, discarded]) });
    expect((await reopened.readRecords("a1", "facts")).map((r) => r.id)).toEqual(["f1"]);
    expect(torn).toEqual([[wal, 20]]);
    expect(statSync(wal).size).toBe(whole);
    await reopened.addRecords("a1", "facts", [{ id: "f2", value: bytes("two") }]);
    await reopened.close();
    const third = await openFileStore({ dir });
    expect((await third.readRecords("a1", "facts")).map((r) => r.id)).toEqual(["f1", "f2"]);
    await third.close();
  });

  it("migration - the legacy layout (session.doc, wm.doc, *.log) is read once into the log and its files removed", async () => {
    const agentDir = join(dir, "old");
    mkdirSync(agentDir);
    writeFileSync(join(agentDir, "session.doc"), legacyDoc(7, "session at 7"));
    writeFileSync(join(agentDir, "wm.doc"), legacyDoc(3, "wm at 3"));
    writeFileSync(join(agentDir, "facts.log"), Buffer.concat([legacyRecord(1, "f1", "one"), legacyRecord(1, "f2", "two"), legacyRecord(2, "f1")]));
    writeFileSync(join(agentDir, "provenance.log"), legacyRecord(1, "p1", "prov"));
    const store = await openFileStore({ dir });
    expect(await store.getDoc("old", "session")).toEqual({ value: bytes("session at 7"), revision: 7 });
    expect(await store.getDoc("old", "wm")).toEqual({ value: bytes("wm at 3"), revision: 3 });
    expect(await store.readRecords("old", "facts")).toEqual([{ id: "f2", value: bytes("two") }]);
    expect(readdirSync(agentDir)).toEqual(["memory.wal"]);
    // The next write goes on from the migrated revision.
    expect(await store.putDoc("old", "session", bytes("session at 8"), 7)).toBe(8);
    await store.close();
    const reopened = await openFileStore({ dir });
    expect(text((await reopened.getDoc("old", "session"))?.value)).toBe("session at 8");
    expect((await reopened.readRecords("old", "provenance")).map((r) => r.id)).toEqual(["p1"]);
    await reopened.close();
  });

  it("migration - legacy files left by a migration that crashed before removing them lose to the log", async () => {
    const store = await openFileStore({ dir });
    await store.putDoc("a1", "session", bytes("new"), 0);
    await store.close();
    writeFileSync(join(dir, "a1", "session.doc"), legacyDoc(9, "stale"));
    const reopened = await openFileStore({ dir });
    expect(await reopened.getDoc("a1", "session")).toEqual({ value: bytes("new"), revision: 1 });
    expect(existsSync(join(dir, "a1", "session.doc"))).toBe(false);
    await reopened.close();
  });

  it("compaction - replaced documents are dropped by a background rewrite, and nothing acknowledged is lost", async () => {
    const store = await openFileStore({ dir });
    const big = (i: number) => bytes(`${i}:`.padEnd(100_000, "x"));
    await store.addRecords("a1", "episodes", [{ id: "e1", value: bytes("kept") }]);
    for (let revision = 0; revision < 40; revision++) await store.putDoc("a1", "session", big(revision), revision);
    await store.close(); // waits for the compaction queued behind the writes
    // 40 documents of 100 kB were written; compaction keeps about one live copy plus what came after it.
    expect(statSync(join(dir, "a1", "memory.wal")).size).toBeLessThan(2_000_000);
    const reopened = await openFileStore({ dir });
    expect(await reopened.getDoc("a1", "session")).toEqual({ value: big(39), revision: 40 });
    expect(await reopened.readRecords("a1", "episodes")).toEqual([{ id: "e1", value: bytes("kept") }]);
    await reopened.close();
  });

  it("compaction - starts a new numbering of the logs' changes: positions from before it are read whole after a restart, positions after it are followed", async () => {
    const store = await openFileStore({ dir });
    await store.addRecords("a1", "facts", [{ id: "f1", value: bytes("one") }, { id: "f2", value: bytes("two") }, { id: "f3", value: bytes("three") }]);
    const before = await store.readChangesSince("a1", "facts", undefined);
    await store.removeRecords("a1", "facts", ["f2"]);
    await store.putIndexDoc("a1", "facts", bytes("index from before"));
    // Dead bytes over the live ones plus 1 MiB: a compaction is queued behind these writes.
    for (let revision = 0; revision < 25; revision++) await store.putDoc("a1", "session", bytes(`${revision}:`.padEnd(100_000, "x")), revision);
    await store.close();
    const reopened = await openFileStore({ dir });
    // The index document stays beside the log; the position it stores is read whole like this one.
    expect(text((await reopened.getIndexDoc("a1", "facts"))?.value)).toBe("index from before");
    const compacted = await reopened.readChangesSince("a1", "facts", undefined);
    await reopened.addRecords("a1", "facts", [{ id: "f4", value: bytes("four") }, { id: "f5", value: bytes("five") }]);
    // The removal of f2 is gone from the compacted log, and as many changes followed: a reader at the old position must read the log whole, not miss them.
    const stale = await reopened.readChangesSince("a1", "facts", before.position);
    expect(stale.reset).toBe(true);
    expect(stale.upserts.map((r) => r.id)).toEqual(["f1", "f3", "f4", "f5"]);
    const after = await reopened.readChangesSince("a1", "facts", compacted.position);
    expect(after).toMatchObject({ reset: false, removed: [] });
    expect(after.upserts.map((r) => r.id)).toEqual(["f4", "f5"]);
    await reopened.close();
    // Replaying the compacted log numbers the changes as they were numbered before the restart.
    const again = await openFileStore({ dir });
    expect(await again.readChangesSince("a1", "facts", after.position)).toMatchObject({ reset: false, upserts: [], removed: [] });
    expect((await again.readChangesSince("a1", "facts", compacted.position)).upserts.map((r) => r.id)).toEqual(["f4", "f5"]);
    await again.close();
  });

  it("compaction while the process runs: a position issued after it is followed in this process and after a restart alike", async () => {
    const store = await openFileStore({ dir });
    await store.addRecords("a1", "episodes", [{ id: "e1", value: bytes("one") }, { id: "e2", value: bytes("two") }]);
    for (let revision = 0; revision < 25; revision++) await store.putDoc("a1", "session", bytes(`${revision}:`.padEnd(100_000, "x")), revision);
    // Wait for the background compaction: the file shrinks.
    for (let i = 0; i < 200 && statSync(join(dir, "a1", "memory.wal")).size > 1_500_000; i++) await new Promise((r) => setTimeout(r, 10));
    expect(statSync(join(dir, "a1", "memory.wal")).size).toBeLessThan(1_500_000);
    await store.addRecords("a1", "episodes", [{ id: "e3", value: bytes("three") }]);
    const live = await store.readChangesSince("a1", "episodes", undefined);
    await store.removeRecords("a1", "episodes", ["e1"]);
    const here = await store.readChangesSince("a1", "episodes", live.position);
    await store.close();
    const reopened = await openFileStore({ dir });
    const there = await reopened.readChangesSince("a1", "episodes", live.position);
    expect(there).toEqual({ ...here, position: there.position });
    expect(there.removed).toEqual(["e1"]);
    expect(there.position).toBe(here.position);
    await reopened.close();
  });

  // Every agent a process opened stayed in memory with all its records
  // (tens of KB a cycle) until the process ended.
  describe("agents held at once (maxOpenAgents)", () => {
    it("past the bound the least recently used agent is released and read again from its log when next used", async () => {
      const store = await openFileStore({ dir, maxOpenAgents: 2 });
      await store.putDoc("a1", "session", bytes("s1"), 0);
      await store.addRecords("a1", "facts", [{ id: "f1", value: bytes("one") }]); // not synced when written
      await store.putDoc("a2", "session", bytes("s2"), 0);
      await store.getDoc("a1", "session"); // a1 is now the most recently used: a2 goes first
      await store.putDoc("a3", "session", bytes("s3"), 0);
      // Both directories removed behind the store's back: a1, still held, answers from memory;
      // a2, released, is read from disk again and found empty.
      rmSync(join(dir, "a1"), { recursive: true });
      rmSync(join(dir, "a2"), { recursive: true });
      expect(text((await store.getDoc("a1", "session"))?.value)).toBe("s1");
      expect(await store.readRecords("a1", "facts")).toEqual([{ id: "f1", value: bytes("one") }]);
      expect(await store.getDoc("a2", "session")).toBeUndefined();
      await store.close();
      // A released agent comes back whole.
      const again = await openFileStore({ dir, maxOpenAgents: 1 });
      await again.putDoc("a3", "session", bytes("s3b"), 1);
      await again.addRecords("a3", "facts", [{ id: "g1", value: bytes("lazy") }]);
      expect(await again.getDoc("x", "session")).toBeUndefined(); // releases a3
      expect(text((await again.getDoc("a3", "session"))?.value)).toBe("s3b");
      expect(await again.readRecords("a3", "facts")).toEqual([{ id: "g1", value: bytes("lazy") }]);
      await again.close();
    });

    it("a released agent's unsynced writes are synced and read back, and an agent is never released while a call uses it", async () => {
      const store = await openFileStore({ dir, maxOpenAgents: 1 });
      // Two agents written at once, each write releasing the other: every write lands and stays.
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          store.addRecords(i % 2 ? "a1" : "a2", "facts", [{ id: `f${i}`, value: bytes(`fact ${i}`) }]).then((added) => expect(added).toEqual([true])),
        ),
      );
      const ids = async (s: typeof store, agentId: string) => (await s.readRecords(agentId, "facts")).map((r) => r.id);
      const odd = Array.from({ length: 20 }, (_, k) => `f${2 * k + 1}`);
      const even = Array.from({ length: 20 }, (_, k) => `f${2 * k}`);
      expect(await ids(store, "a1")).toEqual(odd);
      expect(await ids(store, "a2")).toEqual(even);
      await store.close();
      const reopened = await openFileStore({ dir });
      expect(await ids(reopened, "a1")).toEqual(odd);
      expect(await ids(reopened, "a2")).toEqual(even);
      await reopened.close();
    });
  });
});
