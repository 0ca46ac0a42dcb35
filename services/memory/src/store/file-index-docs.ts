import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { LogName, StoredIndexDoc } from "./port.js";

/**
 * The files adapter's index documents (recall snapshots): one file per log
 * beside the agent's write-ahead log (`recall-<log>.idx`), not inside it,
 * so the log a restart replays does not carry them and a process reads
 * one only when it needs it. Replaced by an atomic rename; not synced: a
 * lost or torn one is derived data, refused by its checksum or missing,
 * and the log is read instead.
 */
export function indexDocFile(agentDir: string, log: LogName): string {
  return join(agentDir, `recall-${log}.idx`);
}

/** The index document in `file`, or undefined when there is none. */
export async function readIndexDoc(file: string): Promise<StoredIndexDoc | undefined> {
  try {
    const [value, info] = await Promise.all([readFile(file), stat(file, { bigint: true })]);
    // Each write renames a new file into place: its change time names the write.
    return { value, revision: Number(info.ctimeNs % 2n ** 52n) || 1 };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/** Replaces the index document in `file` (written aside, then renamed over it). */
export async function writeIndexDoc(file: string, value: Uint8Array): Promise<void> {
  const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(temp, value);
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
