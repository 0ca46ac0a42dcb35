import type { Stats } from "node:fs";
import { type FileHandle, lstat, opendir, rmdir, unlink } from "node:fs/promises";
import { errnoCode, fsError } from "./path-rules.js";
import { DIR_FLAGS, closeQuietly, fdPath, openInside } from "./workspace-fd.js";

/**
 * Tree walks anchored on directory descriptors. Each level is opened
 * through its parent's descriptor (`/proc/self/fd/<dirfd>/<name>`) with
 * O_DIRECTORY|O_NOFOLLOW and verified, so a walk never follows a symlink and
 * a directory swapped for one mid-walk is refused, not entered.
 */

/** What a walk is confined to. */
export interface WalkScope {
  /** The workspace's real root. */
  readonly root: string;
}

/** An entry met by a walk. */
export interface WalkEntry {
  /** Workspace-relative path, as the caller named the walked directory plus the entry's name. */
  readonly path: string;
  readonly name: string;
  /** The directory holding the entry (open during the visit). */
  readonly dir: FileHandle;
  /** `lstat` of the entry: symlinks are reported, never followed. */
  readonly stat: Stats;
  /** 1 for entries directly in the walked directory. */
  readonly depth: number;
}

/** Called for each entry; returns false to stop the whole walk. */
export type Visitor = (entry: WalkEntry) => Promise<boolean>;

/** Joins a workspace-relative prefix ("" for the root) and a name. */
export function joinRel(prefix: string, name: string): string {
  return prefix === "" ? name : `${prefix}/${name}`;
}

/**
 * Reads at most `limit` names of an open directory, sorted. Bounded so a
 * directory with a million entries costs no more than the caps allow.
 */
export async function readNames(dir: FileHandle, limit: number): Promise<{ names: string[]; more: boolean }> {
  const names: string[] = [];
  let more = false;
  const handle = await opendir(fdPath(dir));
  try {
    for await (const entry of handle) {
      if (names.length >= limit) {
        more = true;
        break;
      }
      names.push(entry.name);
    }
  } finally {
    await handle.close().catch(() => undefined);
  }
  return { names: names.sort(), more };
}

/**
 * Depth-first walk under an open, verified directory. Entries below
 * `maxDepth` are visited but not descended into; subdirectories that vanish
 * or turn into symlinks mid-walk are skipped. Returns false when the visitor
 * stopped it or `limit` names were reached in one directory.
 */
export async function walkTree(scope: WalkScope, dir: FileHandle, prefix: string, depth: number, maxDepth: number, limit: number, visit: Visitor): Promise<boolean> {
  const { names, more } = await readNames(dir, limit);
  for (const name of names) {
    let stat: Stats;
    try {
      stat = await lstat(fdPath(dir, name));
    } catch {
      continue; // removed since the directory was read
    }
    const path = joinRel(prefix, name);
    if (!(await visit({ path, name, dir, stat, depth }))) return false;
    if (!stat.isDirectory() || depth >= maxDepth) continue;
    let child: FileHandle;
    try {
      child = await openInside(fdPath(dir, name), DIR_FLAGS, scope.root, path, "list");
    } catch {
      continue; // vanished, or swapped for a symlink: not ours to enter
    }
    try {
      if (!(await walkTree(scope, child, path, depth + 1, maxDepth, limit, visit))) return false;
    } finally {
      await closeQuietly(child);
    }
  }
  return !more;
}

/**
 * Removes `name` (a directory) from the open directory `parent` with
 * everything under it, one descriptor-anchored step at a time; returns how
 * many entries were removed. A path-based `fs.rm` would re-resolve every
 * path from the top and could be steered through a swapped symlink.
 */
export async function removeTree(scope: WalkScope, parent: FileHandle, name: string, shown: string): Promise<number> {
  let removed = 0;
  const child = await openInside(fdPath(parent, name), DIR_FLAGS, scope.root, shown, "delete");
  try {
    for (;;) {
      const { names } = await readNames(child, 1000);
      if (names.length === 0) break;
      const before = removed;
      for (const entry of names) {
        const entryPath = fdPath(child, entry);
        let stat: Stats;
        try {
          stat = await lstat(entryPath);
        } catch (err) {
          if (errnoCode(err) === "ENOENT") continue;
          throw fsError(err, joinRel(shown, entry), "delete");
        }
        try {
          if (stat.isDirectory()) removed += await removeTree(scope, child, entry, joinRel(shown, entry));
          else {
            await unlink(entryPath);
            removed++;
          }
        } catch (err) {
          if (errnoCode(err) !== "ENOENT") throw fsError(err, joinRel(shown, entry), "delete");
        }
      }
      // Nothing went this pass (entries vanish as we look): let rmdir report what is left.
      if (removed === before) break;
    }
  } finally {
    await closeQuietly(child);
  }
  try {
    await rmdir(fdPath(parent, name));
  } catch (err) {
    throw fsError(err, shown, "delete");
  }
  return removed + 1;
}
