import { BusError } from "@boyd/bus";

/**
 * The lexical rules of a workspace path, checked before the file system is
 * touched. A path is a string relative to the workspace root:
 *
 * - it must not be empty (`"."` names the root), contain a NUL byte, or be
 *   longer than {@link MAX_PATH_LENGTH} characters (INVALID_ARGUMENT);
 * - it must not be absolute (PERMISSION_DENIED): a leading `/` would name the
 *   host's tree, not the workspace's;
 * - `.` and empty segments (`a//b`) are dropped, and `..` is applied
 *   lexically, like `path.posix.normalize`: `a/link/..` is `a`, whatever
 *   `link` points to. A `..` that would climb above the root is refused
 *   (PERMISSION_DENIED, "escapes the workspace") even when a later segment
 *   would come back in, so `sub/../../ws/x` is refused too.
 *
 * Everything else (symlinks, the real location of the opened file) is the
 * resolver's and the opener's business.
 */
export const MAX_PATH_LENGTH = 4096;

/** How many characters of a path an error message quotes. */
const QUOTE_LIMIT = 200;

/**
 * Quotes a path for an error message: JSON escaping makes NUL and control
 * characters visible, and long paths are cut so a message stays readable.
 */
export function quotePath(path: string): string {
  const cut = path.length > QUOTE_LIMIT ? `${path.slice(0, QUOTE_LIMIT)}...` : path;
  return JSON.stringify(cut);
}

/** Splits a workspace path into normalized segments; `[]` is the root. Throws a BusError naming the rule broken. */
export function pathSegments(path: string): string[] {
  if (typeof path !== "string" || path.length === 0) {
    throw new BusError("INVALID_ARGUMENT", `path "" is empty: give a path relative to the workspace root ("." for the root itself)`);
  }
  if (path.includes("\0")) throw new BusError("INVALID_ARGUMENT", `path ${quotePath(path)} contains a NUL byte`);
  if (path.length > MAX_PATH_LENGTH) {
    throw new BusError("INVALID_ARGUMENT", `path ${quotePath(path)} is ${path.length} characters long; the limit is ${MAX_PATH_LENGTH}`);
  }
  if (path.startsWith("/")) {
    throw new BusError("PERMISSION_DENIED", `path ${quotePath(path)} is absolute; paths are relative to the workspace root`);
  }
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) throw escapes(path);
      out.pop();
      continue;
    }
    out.push(part);
  }
  return out;
}

/** The error for a path that leaves the root, lexically or through a symlink. */
export function escapes(path: string, via?: string): BusError {
  const how = via === undefined ? "" : ` through symlink ${quotePath(via)}`;
  return new BusError("PERMISSION_DENIED", `path ${quotePath(path)} escapes the workspace${how}`);
}

/**
 * The error for a path that changed under us in a way that proves nothing
 * bad but leaves the operation undefined: ABORTED, which callers may retry.
 */
export function changed(path: string, cause?: unknown): BusError {
  return new BusError("ABORTED", `path ${quotePath(path)} changed while it was in use; try again`, { cause });
}

/** Whether the absolute path `p` is `root` or lies under it (both real paths, no trailing slash). */
export function isInside(root: string, p: string): boolean {
  return p === root || p.startsWith(`${root}/`);
}

/** The errno code of a Node file system error, if any. */
export function errnoCode(err: unknown): string | undefined {
  const code = err instanceof Error ? (err as NodeJS.ErrnoException).code : undefined;
  return typeof code === "string" ? code : undefined;
}

/** The error for a path the workspace does not have, named as the caller gave it. */
export function missing(path: string, cause?: unknown): BusError {
  return new BusError("NOT_FOUND", `path ${quotePath(path)} does not exist in the workspace`, { cause });
}

/**
 * Turns a file system failure into a BusError that names the path as the
 * caller gave it (never the host path, which would tell the agent where the
 * workspace lives). A BusError passes through unchanged.
 */
export function fsError(err: unknown, path: string, verb: string): BusError {
  if (err instanceof BusError) return err;
  const q = quotePath(path);
  switch (errnoCode(err)) {
    case "ENOENT":
      return missing(path, err);
    case "ENOTDIR":
      return new BusError("FAILED_PRECONDITION", `path ${q}: a parent is not a directory`, { cause: err });
    case "EISDIR":
      return new BusError("FAILED_PRECONDITION", `path ${q} is a directory`, { cause: err });
    case "ELOOP":
      // Resolution has already followed every symlink that stays inside, so
      // a symlink met while opening was put there after the check.
      return new BusError("PERMISSION_DENIED", `path ${q} became a symbolic link while in use; refused`, { cause: err });
    case "EEXIST":
      return new BusError("ALREADY_EXISTS", `path ${q} already exists`, { cause: err });
    case "ENOTEMPTY":
      return new BusError("FAILED_PRECONDITION", `directory ${q} is not empty (pass recursive to delete it and its contents)`, { cause: err });
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return new BusError("PERMISSION_DENIED", `cannot ${verb} ${q}: the system denied it`, { cause: err });
    case "ENOSPC":
    case "EDQUOT":
    case "EMFILE":
    case "ENFILE":
      return new BusError("RESOURCE_EXHAUSTED", `cannot ${verb} ${q}: out of space or file handles`, { cause: err });
    case "ENAMETOOLONG":
      return new BusError("INVALID_ARGUMENT", `path ${q} has a name that is too long`, { cause: err });
    default:
      return new BusError("INTERNAL", `cannot ${verb} ${q}`, { cause: err });
  }
}
