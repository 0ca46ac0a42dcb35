import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { link, open, readdir, readFile, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { ensureDir } from "./dirs.js";
import { WalError } from "./errors.js";

/**
 * The lock file a store's directory holds while the store is open. Named
 * with a dot, which no store's own entries have (memory's agent
 * directories are encoded ids: letters, digits, `_`, `-`, `=`), so no agent
 * id can collide with it.
 */
export const LOCK_FILE = "boyd.lock";

/** Who holds a directory: what its lock file says. */
export interface LockOwner {
  /** Process id of the holder. */
  readonly pid: number;
  /** Host the holder runs on (a pid means nothing on another host). */
  readonly host: string;
  /** Linux boot id when the lock was taken: a different one now means the holder died in a reboot. */
  readonly bootId?: string;
  /** Linux start time of the holder (/proc/<pid>/stat field 22, clock ticks since boot): tells a reused pid from the holder. */
  readonly procStart?: string;
  /** When the holder process started (ISO 8601), for people. */
  readonly started: string;
  /** When it took the lock (ISO 8601). */
  readonly acquired: string;
  /** What holds it ("the memory store"). */
  readonly what: string;
  /** Unique to this taking of the lock: tells our file from a newer holder's. */
  readonly nonce: string;
}

/** An exclusive lock on a directory, held until released. */
export interface DirectoryLock {
  readonly dir: string;
  /** The lock file. */
  readonly file: string;
  /**
   * Deletes the lock file, if it is still this lock's. Idempotent. A test
   * simulating a crash may call it instead of closing the store: a real
   * crash leaves the file, which the next open takes over.
   */
  release(): Promise<void>;
}

/**
 * Another live process (or this one) holds the directory. FAILED_PRECONDITION:
 * retrying will not help until the holder stops.
 */
export class DirectoryLockedError extends WalError {
  constructor(
    readonly dir: string,
    readonly owner: LockOwner | undefined,
    message: string,
  ) {
    super("FAILED_PRECONDITION", message);
  }
}

// A lock whose holder died is taken over at once; these bound the retries when others race for it too.
const MAX_ATTEMPTS = 5;
// Takers of one stale lock that each died halfway before the next one gets it.
const MAX_TAKEOVER_ROUNDS = 16;
// How long a taker waits, each time, while another live process takes a stale lock over (it takes a
// millisecond or so, a synced write included), and how long in all before giving up.
const TAKEOVER_WAIT_MS = 5;
const TAKEOVER_PATIENCE_MS = 5_000;

/**
 * Takes the exclusive lock of `dir` (created if missing) for `what` ("the
 * memory store"): `<dir>/boyd.lock`, a small file naming this process. Refused
 * with a {@link DirectoryLockedError} while a live process, this one
 * included, holds it: two write-ahead logs appended by two owners
 * interleave their records and compact over each other. A lock whose holder
 * is dead (killed, crashed, or the machine rebooted: the pid is not
 * running, or runs a different process, or the boot id changed) is taken
 * over without waiting.
 *
 * Why not proper-lockfile: it tells a dead holder only by the lock's mtime
 * going stale (10 s by default), so every restart after a kill -9 would
 * wait, and an event-loop stall longer than that lets a second process in
 * while the first still writes. A pid file answers at once, and a stall
 * changes nothing. It cannot tell about a holder on another host (a shared
 * network disk): that is refused, with the host named.
 */
export async function lockDirectory(dir: string, what: string): Promise<DirectoryLock> {
  const abs = resolve(dir);
  await ensureDir(abs);
  const file = join(abs, LOCK_FILE);
  const mine = ownerRecord(what);
  const body = `${JSON.stringify(mine)}\n`;
  const patience = Date.now() + TAKEOVER_PATIENCE_MS;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (await publish(abs, file, body)) {
      await removeLeftovers(abs);
      return heldLock(abs, file, body);
    }
    const seen = await readLock(file);
    if (seen === undefined) continue; // released meanwhile: try again
    const owner = parseOwner(seen);
    if (!owner) throw new DirectoryLockedError(abs, undefined, `cannot open ${what} in ${abs}: ${file} names no owner this version can read. If no boyd process uses ${abs}, delete ${file}.`);
    const state = ownerState(owner);
    if (state !== "dead") throw refusal(abs, file, what, owner, state);
    // Another process is taking it over: not an attempt of ours, until patience runs out.
    if ((await takeOverStale(abs, file, seen, body)) === "busy" && Date.now() < patience) {
      await new Promise((r) => setTimeout(r, TAKEOVER_WAIT_MS));
      attempt--;
    }
  }
  throw new DirectoryLockedError(abs, undefined, `cannot open ${what} in ${abs}: others keep taking ${file} (${MAX_ATTEMPTS} attempts). Stop the other processes using ${abs}.`);
}

/**
 * Opens a store in `dir` under the directory's lock (see lockDirectory): the
 * lock is taken first and let go again if `open` fails, so a failed open
 * leaves the directory free. On success the store holds the lock and
 * releases it when it closes.
 */
export async function openUnderLock<T>(dir: string, what: string, open: (lock: DirectoryLock) => Promise<T>): Promise<T> {
  const lock = await lockDirectory(dir, what);
  try {
    return await open(lock);
  } catch (err) {
    await lock.release();
    throw err;
  }
}

/**
 * Creates the lock file whole, or finds it taken: written and synced under a
 * name of our own, then hard-linked as the lock file, which fails if one
 * exists. Nobody ever reads a half-written lock (an O_EXCL create would show an empty
 * file to a racing reader until written, which it could not tell from a
 * holder that died before writing).
 */
async function publish(dir: string, file: string, body: string): Promise<boolean> {
  const temp = join(dir, `${LOCK_FILE}.${process.pid}.${randomUUID()}.tmp`);
  const handle = await open(temp, "wx");
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  } finally {
    await unlink(temp).catch(() => {});
  }
}

/**
 * Removes the lock file `seen` of a dead holder, so the caller may publish
 * its own; "busy" when another live process is doing so. Only the process
 * that creates the takeover token for `seen` (`<lock>.takeover.<digest of
 * seen>.<round>`, made as the lock is, by an exclusive link) may remove it,
 * and it removes it only if the file still reads `seen`. Every record
 * carries a fresh nonce, so `seen` is never written again: a lock published
 * since, by the token's holder or anyone, is not `seen` and stays. A token
 * whose holder died halfway passes the right to the next round's. Tokens
 * are deleted by the next holder of the lock (see removeLeftovers): by then
 * the record they name is gone for good. (Renaming the dead holder's file
 * aside, as before, let a third process publish while it was aside: one
 * run in a few hundred of eight takers at once granted the lock twice.)
 */
async function takeOverStale(dir: string, file: string, seen: string, body: string): Promise<"removed" | "busy"> {
  const digest = createHash("sha256").update(seen).digest("hex").slice(0, 16);
  for (let round = 0; round < MAX_TAKEOVER_ROUNDS; round++) {
    const token = `${file}.takeover.${digest}.${round}`;
    if (await publish(dir, token, body)) {
      if ((await readLock(file)) === seen) await unlink(file).catch(ignoreMissing);
      // Late: `seen` went before this token was made (its taker cleared the tokens), so nothing relies on it.
      else await unlink(token).catch(ignoreMissing);
      return "removed";
    }
    const taker = parseOwner((await readLock(token)) ?? "");
    // Gone: the lock was taken and its leftovers cleared; the caller looks again.
    if (!taker) return "busy";
    if (ownerState(taker) !== "dead") return "busy";
  }
  throw new WalError("UNAVAILABLE", `cannot take over ${file}: ${MAX_TAKEOVER_ROUNDS} processes died taking it over; delete ${file} and ${file}.takeover.* if no boyd process uses ${dir}`);
}

function ignoreMissing(err: unknown): void {
  if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
}

/**
 * Deletes what taking the lock leaves behind, once this process holds it:
 * every takeover token (the records they name are gone for good), and the
 * temporary files of processes killed while taking it (named with a pid
 * that no longer runs; a live process's may be in use right now). Older
 * versions set a dead holder's file aside under `<lock>.stale.<pid>.*`.
 */
async function removeLeftovers(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    const pid = LEFTOVER.exec(name)?.[1];
    const gone = name.startsWith(`${LOCK_FILE}.takeover.`) || (pid !== undefined && Number(pid) !== process.pid && !pidRuns(Number(pid)));
    if (gone) await unlink(join(dir, name)).catch(() => {});
  }
}

// `<LOCK_FILE>.<pid>.<uuid>.tmp` (publish) and, from older versions, `<LOCK_FILE>.stale.<pid>.<uuid>`.
const LEFTOVER = /^boyd\.lock\.(?:stale\.)?(\d+)\./;

function heldLock(dir: string, file: string, body: string): DirectoryLock {
  let released: Promise<void> | undefined;
  return {
    dir,
    file,
    release() {
      released ??= (async () => {
        // Only our own file: if it was taken over (deleted by hand and taken by another), that one is not ours to delete.
        if ((await readLock(file)) === body) await unlink(file).catch(() => {});
      })();
      return released;
    },
  };
}

async function readLock(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const o = JSON.parse(text) as Partial<LockOwner>;
    return Number.isInteger(o.pid) && typeof o.host === "string" && typeof o.nonce === "string" ? (o as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

function ownerRecord(what: string): LockOwner {
  const bootId = readBootId();
  const procStart = readProcStart(process.pid);
  return {
    pid: process.pid,
    host: hostname(),
    ...(bootId ? { bootId } : {}),
    ...(procStart ? { procStart } : {}),
    started: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    acquired: new Date().toISOString(),
    what,
    nonce: randomUUID(),
  };
}

/** "self": this process holds it; "alive": another live process; "remote": on another host, unknown; "dead". */
function ownerState(owner: LockOwner): "self" | "alive" | "remote" | "dead" {
  if (owner.host !== hostname()) return "remote";
  const bootId = readBootId();
  if (owner.bootId && bootId && owner.bootId !== bootId) return "dead";
  if (!pidRuns(owner.pid)) return "dead";
  // The pid runs; on Linux, is it still the holder or a later process given the same pid?
  const procStart = readProcStart(owner.pid);
  if (owner.procStart && procStart && owner.procStart !== procStart) return "dead";
  return owner.pid === process.pid ? "self" : "alive";
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readBootId(): string | undefined {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat; the fields are counted after the command name, which may hold spaces and parentheses. */
function readProcStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function refusal(dir: string, file: string, what: string, owner: LockOwner, state: "self" | "alive" | "remote"): DirectoryLockedError {
  const holder = `${owner.what || "a store"} of process ${owner.pid}${state === "remote" ? ` on host ${owner.host}` : ""} (started ${owner.started}, holding it since ${owner.acquired})`;
  const advice =
    state === "self"
      ? `This process already has it open: close that first (two logs appended to one file corrupt it).`
      : `Stop that process, or use another --data-dir; if no such process runs${state === "remote" ? ` on ${owner.host}` : ""}, delete ${file}.`;
  return new DirectoryLockedError(dir, owner, `cannot open ${what} in ${dir}: it is in use by ${holder}. ${advice}`);
}
