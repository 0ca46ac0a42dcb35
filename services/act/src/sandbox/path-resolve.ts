import { BusError } from "@boyd/bus";
import type { Stats } from "node:fs";
import { lstat, readlink } from "node:fs/promises";
import { dirname } from "node:path";
import { changed, errnoCode, escapes, fsError, isInside, missing, quotePath } from "./path-rules.js";

/** Symlinks followed while resolving one path before it counts as a loop (Linux's own limit). */
export const MAX_SYMLINK_HOPS = 40;

/** Where a workspace path leads, as seen at the time of the check. */
export interface ResolvedPath {
  /** Real absolute path with no symlink in it at check time (for a missing path, where it would be). */
  readonly real: string;
  /** `lstat` of `real`; undefined when nothing is there. */
  readonly stat: Stats | undefined;
  /** Real path of the deepest directory that exists on the way (`real`'s parent or `real` itself when it exists). */
  readonly existing: string;
  /** Segments below `existing` that do not exist yet; empty when the path exists. */
  readonly missing: readonly string[];
}

/**
 * Resolves normalized segments under `root` one component at a time, the
 * way the kernel would, but refusing instead of following when a step would
 * leave the root. The rules:
 *
 * - a symlink is followed only when its whole resolution stays inside the
 *   root at every step: a relative target is walked from the link's
 *   directory with `..` applied physically, and never above the root; an
 *   absolute target must begin with the root's real path. Anything else is
 *   PERMISSION_DENIED ("escapes the workspace through symlink ...") even if
 *   it would come back in, and even if the target does not exist;
 * - more than {@link MAX_SYMLINK_HOPS} hops is a loop (FAILED_PRECONDITION);
 * - with `followLast: false` the final component is not followed (delete
 *   removes a link, not its target).
 *
 * This is only the check. Every caller then opens with O_NOFOLLOW and
 * verifies the opened descriptor's real path, so a swap after this returns
 * is caught at the use.
 */
export async function resolveInside(root: string, segments: readonly string[], shown: string, options: { followLast: boolean }): Promise<ResolvedPath> {
  let cur = root;
  let curStat: Stats | undefined;
  const queue = [...segments];
  let hops = 0;
  let via: string | undefined;
  while (queue.length > 0) {
    const seg = queue.shift()!;
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      // Only a symlink target can bring a `..` here: the caller's own were applied lexically.
      if (cur === root) throw escapes(shown, via);
      cur = dirname(cur);
      curStat = undefined;
      continue;
    }
    const next = `${cur}/${seg}`;
    let st: Stats;
    try {
      st = await lstat(next);
    } catch (err) {
      if (errnoCode(err) !== "ENOENT") throw fsError(err, shown, "resolve");
      const rest = queue.filter((s) => s !== "" && s !== ".");
      // The kernel cannot walk `..` out of a missing directory either.
      if (rest.includes("..")) throw missing(shown);
      return { real: [next, ...rest].join("/"), stat: undefined, existing: cur, missing: [seg, ...rest] };
    }
    const more = queue.some((s) => s !== "" && s !== ".");
    if (st.isSymbolicLink() && (more || options.followLast)) {
      if (++hops > MAX_SYMLINK_HOPS) {
        throw new BusError("FAILED_PRECONDITION", `path ${quotePath(shown)}: too many levels of symbolic links (a symlink loop?)`);
      }
      via = next.slice(root.length + 1);
      let target: string;
      try {
        target = await readlink(next);
      } catch (err) {
        // EINVAL: no longer a symlink; ENOENT: gone. Either way it moved under us.
        const code = errnoCode(err);
        throw code === "EINVAL" || code === "ENOENT" ? changed(shown, err) : fsError(err, shown, "resolve");
      }
      if (target.startsWith("/")) {
        if (!isInside(root, target)) throw escapes(shown, via);
        cur = root;
        curStat = undefined;
        queue.unshift(...target.slice(root.length).split("/"));
      } else {
        queue.unshift(...target.split("/"));
      }
      continue;
    }
    if (more && !st.isDirectory()) {
      throw new BusError("FAILED_PRECONDITION", `path ${quotePath(shown)}: ${quotePath(next.slice(root.length + 1))} is not a directory`);
    }
    cur = next;
    curStat = st;
  }
  if (curStat === undefined) {
    try {
      curStat = await lstat(cur);
    } catch (err) {
      throw fsError(err, shown, "resolve");
    }
  }
  return { real: cur, stat: curStat, existing: cur, missing: [] };
}
