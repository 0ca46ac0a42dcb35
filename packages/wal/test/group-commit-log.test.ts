import { mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, writeFileSync, existsSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { frameOf, GroupCommitLog, WalError } from "../src/index.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "boyd-wal-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const text = (payloads: Buffer[]): string[] => payloads.map((p) => p.toString("utf8"));

/** How many descriptors this process holds open on `path` (Linux: /proc/self/fd). */
function openDescriptors(path: string): number {
  let n = 0;
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === path) n++;
    } catch {
      // closed while listing
    }
  }
  return n;
}

describe("GroupCommitLog", () => {
  it("open - an absent log is not created until the first append, which creates its directories", async () => {
    const path = join(dir, "a", "b", "log");
    const { log, payloads } = await GroupCommitLog.open(path);
    expect(payloads).toEqual([]);
    expect(existsSync(join(dir, "a"))).toBe(false);
    await log.append([Buffer.from("one")]);
    await log.close();
    expect(text((await GroupCommitLog.open(path)).payloads)).toEqual(["one"]);
  });

  it("group commit - concurrent appends share syncs, each acknowledged after its record is durable and applied in order", async () => {
    const path = join(dir, "log");
    const { log } = await GroupCommitLog.open(path);
    const applied: number[] = [];
    const acks: number[] = [];
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        log.append([Buffer.from(`r${i}`)], () => applied.push(i)).then(() => {
          // When an append is acknowledged, its own record is on disk (and applied).
          expect(applied).toContain(i);
          acks.push(i);
        }),
      ),
    );
    expect(applied).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(acks).toHaveLength(200);
    expect(log.stats.appends).toBe(200);
    // Issued together, they go out in very few batches rather than one sync each.
    expect(log.stats.syncs).toBeLessThanOrEqual(3);
    await log.close();
    expect(text((await GroupCommitLog.open(path)).payloads)).toEqual(Array.from({ length: 200 }, (_, i) => `r${i}`));
  });

  it("back-to-back appends each wait for their own sync", async () => {
    const { log } = await GroupCommitLog.open(join(dir, "log"));
    for (let i = 0; i < 5; i++) await log.append([Buffer.from(`r${i}`)]);
    expect(log.stats.syncs).toBe(5);
    await log.close();
  });

  it("lazy appends (sync: false) are acknowledged once written; the next synced append covers them with one sync", async () => {
    const path = join(dir, "log");
    const { log } = await GroupCommitLog.open(path, { lazySyncMs: 60_000 });
    for (let i = 0; i < 5; i++) await log.append([Buffer.from(`lazy${i}`)], undefined, { sync: false });
    expect(log.stats).toMatchObject({ appends: 5, writes: 5, syncs: 0 });
    // Written, so a process killed now keeps them: a reader of the file sees them.
    expect(text((await GroupCommitLog.open(path)).payloads)).toHaveLength(5);
    await log.append([Buffer.from("commit")]);
    expect(log.stats).toMatchObject({ appends: 6, writes: 6, syncs: 1 });
    await log.close();
    expect(log.stats.syncs).toBe(1); // nothing left to sync at close
  });

  it("a pipelined append is acknowledged once written, its sync runs behind it, and every later append waits for that sync", async () => {
    const path = join(dir, "log");
    const { log } = await GroupCommitLog.open(path, { lazySyncMs: 60_000 });
    await log.append([Buffer.from("opens the file")]);
    expect(log.stats.syncs).toBe(1);
    await log.append([Buffer.from("commit 1")], undefined, { sync: "pipelined" });
    // Acknowledged before its sync: written, so a process killed now keeps it.
    expect(log.stats.syncs).toBe(1);
    expect(text((await GroupCommitLog.open(path)).payloads)).toEqual(["opens the file", "commit 1"]);
    // The next append, lazy or not, is acknowledged only once the sync covering commit 1 is done.
    await log.append([Buffer.from("next cycle")], undefined, { sync: false });
    expect(log.stats.syncs).toBe(2);
    // Commits one after another: each is acknowledged once the sync of the one before is done, so at most the latest is unsynced.
    await log.append([Buffer.from("commit 2")], undefined, { sync: "pipelined" });
    expect(log.stats.syncs).toBe(2);
    await log.append([Buffer.from("commit 3")], undefined, { sync: "pipelined" });
    // Queued behind commit 2's sync, commit 3 went out in that batch and was acknowledged after it.
    expect(log.stats.syncs).toBe(3);
    await log.close();
    expect(log.stats.syncs).toBe(3);
    expect(text((await GroupCommitLog.open(path)).payloads)).toEqual(["opens the file", "commit 1", "next cycle", "commit 2", "commit 3"]);
  });

  it("a pipelined sync that fails poisons the log: the next append reports it", async () => {
    const { log } = await GroupCommitLog.open(join(dir, "log"), { lazySyncMs: 60_000 });
    await log.append([Buffer.from("opens the file")]);
    const handle = (log as unknown as { handle: { datasync(): Promise<void> } }).handle;
    handle.datasync = () => Promise.reject(new Error("EIO: input/output error"));
    await log.append([Buffer.from("commit")], undefined, { sync: "pipelined" });
    await expect(log.append([Buffer.from("next")], undefined, { sync: false })).rejects.toMatchObject({ code: "UNAVAILABLE", message: expect.stringContaining("EIO") });
    await log.close();
  });

  it("a lazy append to an idle log is written and applied within the call, behind anything queued before it", async () => {
    const path = join(dir, "log");
    const { log } = await GroupCommitLog.open(path, { lazySyncMs: 60_000 });
    await log.append([Buffer.from("opens the file")], undefined, { sync: false });
    const applied: string[] = [];
    const lazy = log.append([Buffer.from("now")], () => applied.push("now"), { sync: false });
    // No turn of the event loop yet: the record is in the file and applied already.
    expect(applied).toEqual(["now"]);
    expect(text((await GroupCommitLog.open(path)).payloads)).toEqual(["opens the file", "now"]);
    await lazy;
    // Behind a queued synced append, a lazy one waits its turn: the file keeps the order of the appends.
    const synced = log.append([Buffer.from("synced")], () => applied.push("synced"));
    const after = log.append([Buffer.from("after")], () => applied.push("after"), { sync: false });
    expect(applied).toEqual(["now"]);
    await Promise.all([synced, after]);
    expect(applied).toEqual(["now", "synced", "after"]);
    await log.close();
    expect(text((await GroupCommitLog.open(path)).payloads)).toEqual(["opens the file", "now", "synced", "after"]);
  });

  it("lazy appends are synced within lazySyncMs when no synced append follows, and at close", async () => {
    const { log } = await GroupCommitLog.open(join(dir, "log"), { lazySyncMs: 20 });
    await log.append([Buffer.from("lazy")], undefined, { sync: false });
    expect(log.stats.syncs).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(log.stats.syncs).toBe(1);
    const { log: other } = await GroupCommitLog.open(join(dir, "other"), { lazySyncMs: 60_000 });
    await other.append([Buffer.from("lazy")], undefined, { sync: false });
    await other.close();
    expect(other.stats.syncs).toBe(1);
    await log.close();
  });

  it("torn tail - a half-written last record is cut off and reported; appends then follow the last whole record", async () => {
    const path = join(dir, "log");
    const { log } = await GroupCommitLog.open(path);
    await log.append([Buffer.from("kept")]);
    await log.close();
    appendFileSync(path, frameOf(Buffer.from("lost")).subarray(0, 9));
    const reopened = await GroupCommitLog.open(path);
    expect(text(reopened.payloads)).toEqual(["kept"]);
    expect(reopened.tornTail).toEqual({ offset: 12, discardedBytes: 9 });
    expect(statSync(path).size).toBe(12);
    await reopened.log.append([Buffer.from("next")]);
    await reopened.log.close();
    expect(text((await GroupCommitLog.open(path)).payloads)).toEqual(["kept", "next"]);
  });

  it("corruption - a bad record with data after it is DATA_LOSS naming the file and byte, never dropped silently", async () => {
    const path = join(dir, "log");
    const { log } = await GroupCommitLog.open(path);
    await log.append([Buffer.from("first"), Buffer.from("second")]);
    await log.close();
    const bytes = readFileSync(path);
    bytes[9] = bytes[9]! ^ 0xff;
    writeFileSync(path, bytes);
    const err = await GroupCommitLog.open(path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WalError);
    expect((err as WalError).code).toBe("DATA_LOSS");
    expect((err as WalError).message).toContain(`${path}: record at byte 0 fails its checksum`);
  });

  it("rewrite - the snapshot sees every earlier append applied, replaces the file, and later appends follow it", async () => {
    const path = join(dir, "log");
    const { log } = await GroupCommitLog.open(path);
    const state = new Map<string, string>();
    const put = (k: string, v: string) => log.append([Buffer.from(`${k}=${v}`)], () => state.set(k, v));
    const writes = [put("a", "1"), put("a", "2"), put("b", "1")];
    const rewrite = log.rewrite(() => [...state].map(([k, v]) => Buffer.from(`${k}=${v}`)));
    writes.push(put("c", "1"));
    await Promise.all([...writes, rewrite]);
    expect(log.stats.rewrites).toBe(1);
    await log.close();
    expect(text((await GroupCommitLog.open(path)).payloads)).toEqual(["a=2", "b=1", "c=1"]);
  });

  it("a failed write poisons the log: that append and every later one fail as UNAVAILABLE", async () => {
    const { log } = await GroupCommitLog.open(join(dir, "file", "log"));
    writeFileSync(join(dir, "file"), "not a directory");
    const first = await log.append([Buffer.from("x")]).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(WalError);
    expect((first as WalError).code).toBe("UNAVAILABLE");
    expect((first as WalError).message).toContain(join(dir, "file", "log"));
    rmSync(join(dir, "file"));
    await expect(log.append([Buffer.from("y")])).rejects.toThrow(/takes no more writes until reopened/);
  });

  it("a busy log keeps its file open between batches; an idle one closes it after idleCloseMs, and a rewrite moves to the new file", async () => {
    const path = join(dir, "log");
    const { log } = await GroupCommitLog.open(path, { idleCloseMs: 50 });
    for (let i = 0; i < 5; i++) await log.append([Buffer.from(`r${i}`)], undefined, { sync: i === 4 });
    expect(openDescriptors(path)).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(openDescriptors(path)).toBe(0);
    await log.append([Buffer.from("again")]);
    await log.rewrite(() => [Buffer.from("snap")]);
    await log.append([Buffer.from("after")]);
    expect(openDescriptors(path)).toBe(1);
    await log.close();
    expect(openDescriptors(path)).toBe(0);
    expect(text((await GroupCommitLog.open(path)).payloads)).toEqual(["snap", "after"]);
  });

  it("a closed log refuses appends", async () => {
    const { log } = await GroupCommitLog.open(join(dir, "log"));
    await log.close();
    await expect(log.append([Buffer.from("x")])).rejects.toThrow(/is closed/);
  });
});
