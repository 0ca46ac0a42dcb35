import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DirectoryLockedError, LOCK_FILE, lockDirectory, type LockOwner } from "../src/index.js";

let dir: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "boyd-lock-"));
});
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** A child process holding the lock of `dir`, once it says so. */
async function holder(lockDir: string): Promise<ChildProcess> {
  const script = fileURLToPath(new URL("./fixtures/hold-lock.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script, lockDir], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (b: Buffer) => (stderr += b.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (b: Buffer) => b.toString().includes("LOCKED") && resolve());
    child.once("exit", (code) => reject(new Error(`holder exited (${code}): ${stderr}`)));
  });
  return child;
}

const refusal = (p: Promise<unknown>): Promise<DirectoryLockedError> =>
  p.then(
    () => {
      throw new Error("the lock was granted");
    },
    (err: unknown) => {
      expect(err).toBeInstanceOf(DirectoryLockedError);
      return err as DirectoryLockedError;
    },
  );

const lockFile = (): string => join(dir, LOCK_FILE);
const writtenOwner = (): LockOwner => JSON.parse(readFileSync(lockFile(), "utf8")) as LockOwner;

/** A pid no process has now: a child that has exited. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ["-e", "0"]);
  return done.pid!;
}

describe("lockDirectory", () => {
  it("a second lock of one directory in the same process is refused until the first is released", async () => {
    const first = await lockDirectory(dir, "the first store");
    const err = await refusal(lockDirectory(dir, "the second store"));
    expect(err.code).toBe("FAILED_PRECONDITION");
    expect(err.message).toContain(dir);
    expect(err.message).toContain(`process ${process.pid}`);
    expect(err.message).toContain("already has it open");
    await first.release();
    expect(existsSync(lockFile())).toBe(false);
    const again = await lockDirectory(dir, "the second store");
    await again.release();
  });

  it("two locks taken at once: exactly one is granted", async () => {
    const results = await Promise.allSettled([lockDirectory(dir, "a"), lockDirectory(dir, "b"), lockDirectory(dir, "c")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await Promise.all(results.map((r) => (r.status === "fulfilled" ? r.value.release() : undefined)));
  });

  it("another live process's lock is refused, naming its pid, when it started and what to do; after it is killed -9 the next lock is granted at once", async () => {
    const child = await holder(dir);
    const err = await refusal(lockDirectory(dir, "the memory store"));
    expect(err.owner?.pid).toBe(child.pid);
    expect(err.message).toContain(`cannot open the memory store in ${dir}`);
    expect(err.message).toContain(`process ${child.pid}`);
    expect(err.message).toMatch(/started \d{4}-\d\d-\d\dT/);
    expect(err.message).toContain("another --data-dir");
    expect(err.message).toContain(`delete ${lockFile()}`);

    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    expect(existsSync(lockFile())).toBe(true); // a crash leaves the file
    const started = Date.now();
    const lock = await lockDirectory(dir, "the memory store");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(writtenOwner().pid).toBe(process.pid);
    await lock.release();
  });

  it("a stale lock whose pid runs no process is taken over", async () => {
    const lock = await lockDirectory(dir, "x");
    const stale = { ...writtenOwner(), pid: deadPid(), nonce: "stale" };
    await lock.release();
    writeFileSync(lockFile(), JSON.stringify(stale));
    const taken = await lockDirectory(dir, "y");
    expect(writtenOwner()).toMatchObject({ pid: process.pid, what: "y" });
    await taken.release();
    expect(readdirSync(dir)).toEqual([]); // nothing left aside
  });

  it("a stale lock taken over by twelve at once is granted to exactly one, every time, and the file names that one", async () => {
    // Setting the dead holder's file aside, as before, let a third taker publish meanwhile: two holders in a few rounds of these.
    const stale = { ...(await leftRecord()), pid: deadPid(), nonce: "stale" };
    const doubled: string[] = [];
    for (let round = 0; round < 400; round++) {
      const roundDir = mkdtempSync(join(tmpdir(), "boyd-lock-race-"));
      try {
        writeFileSync(join(roundDir, LOCK_FILE), JSON.stringify(stale));
        const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => lockDirectory(roundDir, `taker ${i}`)));
        const granted = results.flatMap((r, i) => (r.status === "fulfilled" ? [`taker ${i}`] : []));
        const holder = (JSON.parse(readFileSync(join(roundDir, LOCK_FILE), "utf8")) as LockOwner).what;
        if (granted.length !== 1 || granted[0] !== holder) doubled.push(`round ${round}: granted to ${granted.join(", ") || "none"}, file names ${holder}`);
        const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as Error] : []));
        expect(refused.every((err) => err instanceof DirectoryLockedError && /already has it open/.test(err.message)), refused.map((e) => e.message).join("; ")).toBe(true);
        expect(readdirSync(roundDir)).toEqual([LOCK_FILE]);
      } finally {
        rmSync(roundDir, { recursive: true, force: true });
      }
    }
    expect(doubled).toEqual([]);
  }, 60_000);

  /** A record as this process writes it when it holds a lock. */
  async function leftRecord(): Promise<LockOwner> {
    const lock = await lockDirectory(dir, "x");
    const record = writtenOwner();
    await lock.release();
    return record;
  }

  /** Leaves the record this process writes as holder, with `changes`, as if a holder had left it. */
  async function leftByThisProcess(changes: Record<string, string>): Promise<void> {
    const lock = await lockDirectory(dir, "x");
    const before = writtenOwner();
    await lock.release();
    writeFileSync(lockFile(), JSON.stringify({ ...before, ...changes }));
  }

  /** Locks the directory and checks the record left there (named by its nonce) was taken over. */
  async function takenOver(nonce: string): Promise<void> {
    const taken = await lockDirectory(dir, "y");
    expect(writtenOwner().nonce).not.toBe(nonce);
    await taken.release();
  }

  it("a lock written before a reboot (another boot id) is taken over, though its pid runs now", async () => {
    // This very process's pid: alive, and not ours to refuse, only because the boot id differs.
    await leftByThisProcess({ bootId: "00000000-0000-0000-0000-000000000000", nonce: "old-boot" });
    await takenOver("old-boot");
  });

  it("a lock of a process whose pid was reused (another start time) is taken over", async () => {
    await leftByThisProcess({ procStart: "1", nonce: "reused" });
    await takenOver("reused");
  });

  it("the same record with the holder's true start time and boot id is refused (the checks above are what let them in)", async () => {
    await leftByThisProcess({ nonce: "live" });
    await refusal(lockDirectory(dir, "y"));
  });

  it("a lock held on another host is refused, naming the host", async () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: 1, host: `not-${hostname()}`, started: "2026-01-01T00:00:00.000Z", acquired: "2026-01-01T00:00:00.000Z", what: "w", nonce: "n" }));
    const err = await refusal(lockDirectory(dir, "y"));
    expect(err.message).toContain(`on host not-${hostname()}`);
  });

  it("an unreadable lock file is refused, not taken", async () => {
    writeFileSync(lockFile(), "garbage");
    const err = await refusal(lockDirectory(dir, "y"));
    expect(err.message).toContain(`delete ${lockFile()}`);
    expect(readFileSync(lockFile(), "utf8")).toBe("garbage");
  });

  it("temporary and set-aside files left by a process killed while taking the lock are removed; a live process's are left", async () => {
    const dead = deadPid();
    const leftovers = [`${LOCK_FILE}.${dead}.a.tmp`, `${LOCK_FILE}.stale.${dead}.b`];
    const live = `${LOCK_FILE}.1.c.tmp`; // pid 1 runs
    for (const name of [...leftovers, live]) writeFileSync(join(dir, name), "x");
    const lock = await lockDirectory(dir, "y");
    expect(readdirSync(dir).sort()).toEqual([LOCK_FILE, live].sort());
    await lock.release();
  });

  it("release leaves a lock that is no longer its own", async () => {
    const lock = await lockDirectory(dir, "x");
    const other = { ...writtenOwner(), nonce: "someone else" };
    writeFileSync(lockFile(), JSON.stringify(other));
    await lock.release();
    expect(writtenOwner().nonce).toBe("someone else");
  });
});
