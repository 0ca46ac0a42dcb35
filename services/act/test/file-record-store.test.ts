// Act's embedded state: records in memory, made durable by one
// group-committed write-ahead log, with compare-and-set per key, migration
// of the older one-file-per-key layout, and background compaction.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LOCK_FILE } from "@boyd/wal";
import { openFileRecordStore } from "../src/index.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "boyd-act-records-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (text: string) => new Uint8Array(Buffer.from(text));

/** A record file of the legacy layout: 8-byte big-endian revision, then the value. */
function legacyRecord(path: string, revision: number, value: string): void {
  mkdirSync(join(dir, ...path.split("/").slice(0, -1)), { recursive: true });
  const header = Buffer.alloc(8);
  header.writeBigUInt64BE(BigInt(revision));
  writeFileSync(join(dir, ...path.split("/")) + ".rec", Buffer.concat([header, Buffer.from(value)]));
}

describe("act file record store", () => {
  it("compare-and-set per key, kept across a reopen in one log file", async () => {
    const store = await openFileRecordStore(dir);
    expect(await store.create("calls/a1/1-0", bytes("running"))).toBe(1);
    await expect(store.create("calls/a1/1-0", bytes("again"))).rejects.toMatchObject({ code: "ALREADY_EXISTS" });
    await expect(store.update("calls/a1/1-0", bytes("done"), 7)).rejects.toMatchObject({ code: "ABORTED" });
    expect(await store.update("calls/a1/1-0", bytes("done"), 1)).toBe(2);
    expect(await store.create("calls/a1/2-0", bytes("released"))).toBe(1);
    await store.delete("calls/a1/2-0");
    expect(await store.put("jobs/a1/j1", bytes("job"))).toBe(1);
    await store.close();
    expect(readdirSync(dir)).toEqual(["records.wal"]);
    const reopened = await openFileRecordStore(dir);
    expect(await reopened.get("calls/a1/1-0")).toEqual({ revision: 2, value: bytes("done") });
    expect(await reopened.get("calls/a1/2-0")).toBeUndefined();
    expect(await reopened.keys("calls/a1")).toEqual(["calls/a1/1-0"]);
    expect(await reopened.keys("jobs")).toEqual(["jobs/a1/j1"]);
    await expect(reopened.get("../escape")).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    await reopened.close();
  });

  it("one store per directory: a second open is refused (FAILED_PRECONDITION, naming the directory) until the first closes", async () => {
    const store = await openFileRecordStore(dir);
    await store.put("jobs/a1/j1", bytes("first"));
    const err = await openFileRecordStore(dir).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "FAILED_PRECONDITION" });
    expect((err as Error).message).toContain(`cannot open act's record store in ${dir}`);
    expect(await store.put("jobs/a1/j1", bytes("still mine"))).toBe(2);
    await store.close();
    const reopened = await openFileRecordStore(dir);
    expect(await reopened.get("jobs/a1/j1")).toEqual({ revision: 2, value: bytes("still mine") });
    await reopened.close();
  });

  it("concurrent claims of one key: exactly one wins", async () => {
    const store = await openFileRecordStore(dir);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => store.create("calls/a1/5-0", bytes("mine"))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await store.close();
  });

  it("migration - record files of the older layout are read into the log once, then removed", async () => {
    legacyRecord("calls/a1/run-r1/3-0", 2, '{"state":"done"}');
    legacyRecord("jobs/a1/j1", 1, '{"cron":"* * * * *"}');
    const store = await openFileRecordStore(dir);
    expect(await store.get("calls/a1/run-r1/3-0")).toEqual({ revision: 2, value: bytes('{"state":"done"}') });
    expect(await store.keys("jobs/a1")).toEqual(["jobs/a1/j1"]);
    // The legacy files are gone; the open store holds the directory's lock.
    expect(readdirSync(dir).sort()).toEqual([LOCK_FILE, "records.wal"]);
    await store.close();
    const reopened = await openFileRecordStore(dir);
    expect(await reopened.update("calls/a1/run-r1/3-0", bytes("again"), 2)).toBe(3);
    await reopened.close();
  });

  it("compaction - replaced records are dropped by a background rewrite, nothing acknowledged lost", async () => {
    const store = await openFileRecordStore(dir);
    const big = (i: number) => bytes(`${i}:`.padEnd(100_000, "x"));
    for (let i = 0; i < 40; i++) await store.put("jobs/a1/j1", big(i));
    await store.close();
    expect(statSync(join(dir, "records.wal")).size).toBeLessThan(2_000_000);
    const reopened = await openFileRecordStore(dir);
    expect(await reopened.get("jobs/a1/j1")).toEqual({ revision: 40, value: big(39) });
    expect(existsSync(join(dir, "records.wal.rewrite"))).toBe(false);
    await reopened.close();
  });
});
