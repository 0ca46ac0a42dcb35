import { BusError } from "@boyd/bus";
import { randomBytes } from "node:crypto";
import type { Stats } from "node:fs";
import { type FileHandle, lstat, mkdir, open, readlink, realpath, rename, rmdir, unlink } from "node:fs/promises";
import { basename, dirname, resolve as resolvePath } from "node:path";
import { createTwoFilesPatch } from "diff";
import { type ResolvedPath, resolveInside } from "./path-resolve.js";
import { errnoCode, fsError, missing, pathSegments, quotePath } from "./path-rules.js";
import {
  DIR_FLAGS,
  O_CREAT,
  O_EXCL,
  O_NOFOLLOW,
  O_WRONLY,
  READ_FLAGS,
  closeQuietly,
  decodeText,
  fdPath,
  looksBinary,
  openInside,
  readHead,
  verifyHandle,
} from "./workspace-fd.js";
import { type WorkspaceLimits, type WorkspaceOperation, type WorkspaceOptions, type WorkspaceOwner, type WorkspaceTestHooks, parseWorkspaceOptions } from "./workspace-options.js";
import { type SearchResult, type SearchStart, searchWorkspace } from "./workspace-search.js";
import { type WalkScope, removeTree, walkTree } from "./workspace-walk.js";

export type { WorkspaceLimits, WorkspaceOperation, WorkspaceOptions, WorkspaceOwner, WorkspaceTestHooks } from "./workspace-options.js";
export { WORKSPACE_DEFAULTS } from "./workspace-options.js";
export type { SearchMatch, SearchResult } from "./workspace-search.js";

/** The kind of a workspace entry; symlinks are reported as such, never followed by list or search. */
export type EntryType = "file" | "dir" | "symlink" | "other";

/** One entry of a listing. */
export interface WorkspaceEntry {
  /** Workspace-relative path (under the listed path as the caller named it). */
  readonly path: string;
  readonly type: EntryType;
  /** Size in bytes (of the link itself for a symlink). */
  readonly size: number;
}

/** What a read returned. */
export interface ReadResult {
  /** The text (UTF-8); empty for a binary file. */
  readonly content: string;
  /** Bytes read. */
  readonly bytes: number;
  /** The file's size. */
  readonly size: number;
  /** Whether the file is larger than the read cap. */
  readonly truncated: boolean;
  /** Whether the file looks binary (a NUL byte near its start); its content is then not returned. */
  readonly binary: boolean;
}

/** What a write did. */
export interface WriteResult {
  readonly bytes: number;
  /** True when the file did not exist before. */
  readonly created: boolean;
}

/** What a write would do. */
export interface WritePreview {
  /** Unified diff of the change, cut to the preview cap. */
  readonly diff: string;
  readonly creates: boolean;
  readonly sizeBytes: number;
}

/** A listing. */
export interface ListResult {
  readonly entries: WorkspaceEntry[];
  readonly truncated: boolean;
}

/** What a delete removed. */
export interface DeleteResult {
  readonly type: EntryType;
  /** Entries removed, the named one included. */
  readonly removed: number;
}

function entryType(st: Stats): EntryType {
  return st.isFile() ? "file" : st.isDirectory() ? "dir" : st.isSymbolicLink() ? "symlink" : "other";
}

/**
 * A directory the agent's file operations are confined to.
 *
 * Path rules (see path-rules.ts and path-resolve.ts): paths are relative
 * to the root; empty paths, NUL bytes and over-long paths are
 * INVALID_ARGUMENT; absolute paths and any `..` that climbs above the root
 * are PERMISSION_DENIED; `..` is applied lexically; symlinks are followed
 * only while every step of their resolution stays inside the root, anything
 * else (including dangling links that point out) is PERMISSION_DENIED, and
 * more than 40 hops is a loop (FAILED_PRECONDITION).
 *
 * Check and use: resolution is only the check. Every use opens with
 * O_NOFOLLOW (so a last component swapped for a symlink fails) and verifies
 * the opened descriptor's real path through /proc/self/fd before a byte
 * moves (so a parent swapped for a symlink is caught). Creating, renaming
 * and removing happen through an open, verified parent directory
 * descriptor (`/proc/self/fd/<dirfd>/<name>`, the equivalent of the *at()
 * calls), so a parent swapped after the check cannot redirect them.
 *
 * Errors are BusErrors whose messages name the path as the caller gave it,
 * never the host path.
 */
export class Workspace {
  private readonly scope: WalkScope;

  private constructor(
    /** The root's real absolute path. */
    readonly root: string,
    /** The caps in force. */
    readonly limits: WorkspaceLimits,
    private readonly owner: WorkspaceOwner | undefined,
    private readonly hooks: WorkspaceTestHooks | undefined,
  ) {
    this.scope = { root };
  }

  /**
   * Opens (creating if missing) the workspace at `root` and keeps its real
   * path. Fails closed when open descriptors cannot be verified through
   * /proc/self/fd, since the TOCTOU defence depends on it.
   */
  static async open(root: string, options: WorkspaceOptions = {}): Promise<Workspace> {
    const limits = parseWorkspaceOptions(options);
    if (root.length === 0 || root.includes("\0")) throw new BusError("INVALID_ARGUMENT", "workspace root must be a non-empty path");
    const abs = resolvePath(root);
    let real: string;
    try {
      await mkdir(abs, { recursive: true, mode: 0o755 });
      real = await realpath(abs);
    } catch (err) {
      throw new BusError("FAILED_PRECONDITION", `cannot create the workspace root ${abs}: ${errnoCode(err) ?? String(err)}`, { cause: err });
    }
    if (real === "/") throw new BusError("INVALID_ARGUMENT", "refusing / as a workspace root");
    let handle: FileHandle | undefined;
    try {
      handle = await open(real, DIR_FLAGS);
      if ((await readlink(fdPath(handle))) !== real) throw new Error("descriptor path differs from the root's real path");
      if (options.owner !== undefined) await handle.chown(options.owner.uid, options.owner.gid);
    } catch (err) {
      throw new BusError("FAILED_PRECONDITION", `workspace root ${real} cannot be opened and verified through /proc/self/fd: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    } finally {
      await closeQuietly(handle);
    }
    return new Workspace(real, limits, options.owner, options.testHooks);
  }

  /** What `path` is (following symlinks that stay inside), or undefined when nothing is there. Throws as the other methods do for a refused path. */
  async stat(path: string): Promise<WorkspaceEntry | undefined> {
    const segments = pathSegments(path);
    const r = await resolveInside(this.root, segments, path, { followLast: true });
    return r.stat === undefined ? undefined : { path: segments.join("/") || ".", type: entryType(r.stat), size: r.stat.size };
  }

  /** Reads a text file, up to `maxReadBytes`; a larger file is reported truncated. */
  async read(path: string): Promise<ReadResult> {
    const r = await this.existing("read", path);
    if (r.stat.isDirectory()) throw new BusError("FAILED_PRECONDITION", `path ${quotePath(path)} is a directory (list it instead)`);
    const head = await this.readVerified(r.real, path, this.limits.maxReadBytes);
    const binary = looksBinary(head.bytes);
    return { content: binary ? "" : decodeText(head.bytes, head.truncated), bytes: head.bytes.length, size: head.size, truncated: head.truncated, binary };
  }

  /**
   * Replaces (or creates) a file with `content`, atomically: the bytes go to
   * a fresh temporary name in the same directory (O_CREAT|O_EXCL|O_NOFOLLOW
   * through the verified directory descriptor), are fsynced, and are renamed
   * over the target within that directory. This suits the TOCTOU guarantees
   * better than writing in place: rename never follows a symlink at the
   * target (one swapped in is replaced, its target untouched), and a target
   * hard-linked to a file elsewhere is replaced rather than modified. The
   * cost: a replaced file gets a new inode (its permission bits are kept; its
   * owner becomes `owner`, or the service's user).
   */
  async write(path: string, content: string | Uint8Array, options: { createParents?: boolean } = {}): Promise<WriteResult> {
    const bytes = this.checkSize(path, content);
    const segments = pathSegments(path);
    if (segments.length === 0) throw new BusError("FAILED_PRECONDITION", `path ${quotePath(path)} is the workspace root, a directory`);
    const r = await resolveInside(this.root, segments, path, { followLast: true });
    if (r.stat?.isDirectory()) throw new BusError("FAILED_PRECONDITION", `path ${quotePath(path)} is a directory`);
    const parents = r.stat === undefined ? r.missing.slice(0, -1) : [];
    if (parents.length > 0 && options.createParents !== true) {
      throw new BusError("NOT_FOUND", `parent directory of ${quotePath(path)} does not exist (pass create_parents to create it)`);
    }
    await this.hooks?.afterResolve?.("write", path, r.real);
    let dir = await openInside(r.stat === undefined ? r.existing : dirname(r.real), DIR_FLAGS, this.root, path, "write");
    try {
      for (const name of parents) dir = await this.mkdirAt(dir, name, path);
      return { bytes: bytes.length, created: await this.replaceAt(dir, basename(r.real), bytes, path) };
    } finally {
      await closeQuietly(dir);
    }
  }

  /**
   * What `write(path, content)` would do, without changing anything: a
   * unified diff against the current file (cut to `maxPreviewBytes`) and
   * whether the file would be created. Refuses what write would refuse.
   */
  async preview(path: string, content: string): Promise<WritePreview> {
    const sizeBytes = this.checkSize(path, content).length;
    const segments = pathSegments(path);
    if (segments.length === 0) throw new BusError("FAILED_PRECONDITION", `path ${quotePath(path)} is the workspace root, a directory`);
    const shown = segments.join("/");
    const r = await resolveInside(this.root, segments, path, { followLast: true });
    if (r.stat?.isDirectory()) throw new BusError("FAILED_PRECONDITION", `path ${quotePath(path)} is a directory`);
    let diff: string;
    if (r.stat === undefined) {
      diff = createTwoFilesPatch("/dev/null", `b/${shown}`, "", content, undefined, undefined, { context: 3 });
    } else {
      await this.hooks?.afterResolve?.("preview", path, r.real);
      const head = await this.readVerified(r.real, path, this.limits.maxWriteBytes);
      const old = head.truncated || looksBinary(head.bytes) ? undefined : decodeText(head.bytes, false);
      // A diff of two large texts can be slow (Myers is O(N·D)); the timeout gives up rather than stall assess.
      const patch = old === undefined ? undefined : createTwoFilesPatch(`a/${shown}`, `b/${shown}`, old, content, undefined, undefined, { context: 3, timeout: 500 });
      diff = patch ?? `--- a/${shown}\n+++ b/${shown}\n(existing file is ${head.size} bytes${old === undefined ? ", binary or too large" : ""}; diff omitted: the whole file is replaced)\n`;
    }
    return { diff: this.capPreview(diff), creates: r.stat === undefined, sizeBytes };
  }

  /**
   * Lists a directory, never following symlinks; names are sorted within
   * each directory and parents come before their contents. With
   * `recursive`, descends `maxDepth` levels (1: the directory's own entries
   * only), at most the workspace's `maxDepth`; stops at `maxListEntries`.
   */
  async list(path: string, options: { recursive?: boolean; maxDepth?: number } = {}): Promise<ListResult> {
    const { r, segments } = await this.directoryAt("list", path);
    const maxDepth = options.recursive === true ? Math.max(1, Math.min(options.maxDepth ?? this.limits.maxDepth, this.limits.maxDepth)) : 1;
    const entries: WorkspaceEntry[] = [];
    let truncated = false;
    const dir = await openInside(r.real, DIR_FLAGS, this.root, path, "list");
    try {
      const complete = await walkTree(this.scope, dir, segments.join("/"), 1, maxDepth, this.limits.maxListEntries + 1, (entry) => {
        if (entries.length >= this.limits.maxListEntries) {
          truncated = true;
          return Promise.resolve(false);
        }
        entries.push({ path: entry.path, type: entryType(entry.stat), size: entry.stat.isDirectory() ? 0 : entry.stat.size });
        return Promise.resolve(true);
      });
      if (!complete) truncated = true;
    } finally {
      await closeQuietly(dir);
    }
    return { entries, truncated };
  }

  /**
   * Searches text files under `path` (a directory or one file) for a
   * substring, or a regex when `regex` is set; `glob` filters files by
   * workspace-relative path. Symlinks are never followed, binary files and
   * files over `maxSearchFileBytes` are skipped, and results, files read
   * and time per file are capped.
   */
  async search(path: string, query: string, options: { regex?: boolean; glob?: string; signal?: AbortSignal } = {}): Promise<SearchResult> {
    const segments = pathSegments(path);
    const r = await resolveInside(this.root, segments, path, { followLast: true });
    if (r.stat === undefined) throw missing(path);
    await this.hooks?.afterResolve?.("search", path, r.real);
    const isDir = r.stat.isDirectory();
    const handle = await openInside(r.real, isDir ? DIR_FLAGS : READ_FLAGS, this.root, path, "search");
    try {
      const start: SearchStart = { kind: isDir ? "dir" : "file", handle, path: segments.join("/") };
      return await searchWorkspace(this.scope, start, { query, regex: options.regex === true, glob: options.glob, signal: options.signal }, this.limits);
    } finally {
      await closeQuietly(handle);
    }
  }

  /**
   * Deletes a file, a symlink (the link, never its target) or, with
   * `recursive`, a directory tree. The root itself is refused, and so is a
   * path that resolves outside the workspace (a symlink pointing out is not
   * deleted either: every operand must resolve inside).
   */
  async delete(path: string, options: { recursive?: boolean } = {}): Promise<DeleteResult> {
    const segments = pathSegments(path);
    if (segments.length === 0) throw new BusError("PERMISSION_DENIED", `path ${quotePath(path)} is the workspace root, which cannot be deleted`);
    const r = await resolveInside(this.root, segments, path, { followLast: false });
    if (r.stat === undefined) throw missing(path);
    if (r.stat.isSymbolicLink()) await resolveInside(this.root, segments, path, { followLast: true });
    await this.hooks?.afterResolve?.("delete", path, r.real);
    const dir = await openInside(dirname(r.real), DIR_FLAGS, this.root, path, "delete");
    try {
      const name = basename(r.real);
      const target = fdPath(dir, name);
      let st: Stats;
      try {
        st = await lstat(target);
      } catch (err) {
        throw fsError(err, path, "delete");
      }
      let removed = 1;
      try {
        if (!st.isDirectory()) await unlink(target);
        else if (options.recursive === true) removed = await removeTree(this.scope, dir, name, path);
        else await rmdir(target);
      } catch (err) {
        throw fsError(err, path, "delete");
      }
      await dir.sync().catch(() => undefined);
      return { type: entryType(st), removed };
    } finally {
      await closeQuietly(dir);
    }
  }

  /**
   * The real absolute path of an existing directory inside the workspace
   * (the shell tool's cwd). PERMISSION_DENIED when it escapes, NOT_FOUND
   * when missing, FAILED_PRECONDITION when not a directory. The path is
   * verified through an open descriptor, but the caller uses it by name
   * later, so this guards against mistakes, not against a concurrent swap.
   */
  async directory(path: string): Promise<string> {
    const { r } = await this.directoryAt("directory", path);
    const dir = await openInside(r.real, DIR_FLAGS, this.root, path, "open");
    try {
      return await verifyHandle(dir, this.root, path);
    } finally {
      await closeQuietly(dir);
    }
  }

  private async existing(operation: WorkspaceOperation, path: string): Promise<ResolvedPath & { stat: Stats }> {
    const r = await resolveInside(this.root, pathSegments(path), path, { followLast: true });
    if (r.stat === undefined) throw missing(path);
    await this.hooks?.afterResolve?.(operation, path, r.real);
    return { ...r, stat: r.stat };
  }

  private async directoryAt(operation: WorkspaceOperation, path: string): Promise<{ r: ResolvedPath; segments: string[] }> {
    const segments = pathSegments(path);
    const r = await this.existing(operation, path);
    if (!r.stat.isDirectory()) throw new BusError("FAILED_PRECONDITION", `path ${quotePath(path)} is not a directory`);
    return { r, segments };
  }

  /** Opens `real` for reading with O_NOFOLLOW, verifies where it leads and that it is a regular file, then reads its head. */
  private async readVerified(real: string, path: string, cap: number): Promise<Awaited<ReturnType<typeof readHead>>> {
    const handle = await openInside(real, READ_FLAGS, this.root, path, "read");
    try {
      const st = await handle.stat();
      if (st.isDirectory()) throw new BusError("FAILED_PRECONDITION", `path ${quotePath(path)} is a directory (list it instead)`);
      if (!st.isFile()) throw new BusError("FAILED_PRECONDITION", `path ${quotePath(path)} is not a regular file`);
      return await readHead(handle, cap);
    } finally {
      await closeQuietly(handle);
    }
  }

  private checkSize(path: string, content: string | Uint8Array): Buffer {
    const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    if (bytes.length > this.limits.maxWriteBytes) {
      throw new BusError("INVALID_ARGUMENT", `content for ${quotePath(path)} is ${bytes.length} bytes; the write limit is ${this.limits.maxWriteBytes} bytes`);
    }
    return bytes;
  }

  private capPreview(diff: string): string {
    const cap = this.limits.maxPreviewBytes;
    if (Buffer.byteLength(diff) <= cap) return diff;
    const cut = decodeText(Buffer.from(diff).subarray(0, cap), true);
    const atLine = cut.lastIndexOf("\n");
    return `${atLine > 0 ? cut.slice(0, atLine + 1) : cut}... (diff cut at ${cap} bytes of ${Buffer.byteLength(diff)})\n`;
  }

  /** Makes (or enters) directory `name` under `dir`, closing `dir` and returning the new directory's verified descriptor. */
  private async mkdirAt(dir: FileHandle, name: string, path: string): Promise<FileHandle> {
    let created = false;
    try {
      await mkdir(fdPath(dir, name), 0o755);
      created = true;
    } catch (err) {
      if (errnoCode(err) !== "EEXIST") throw fsError(err, path, "create a parent of");
    }
    const child = await openInside(fdPath(dir, name), DIR_FLAGS, this.root, path, "create a parent of");
    try {
      if (created && this.owner !== undefined) await child.chown(this.owner.uid, this.owner.gid);
    } catch (err) {
      await closeQuietly(child);
      throw fsError(err, path, "create a parent of");
    }
    await closeQuietly(dir);
    return child;
  }

  /** Writes `bytes` to a temporary name in `dir` and renames it over `name`; returns whether `name` was new. */
  private async replaceAt(dir: FileHandle, name: string, bytes: Buffer, path: string): Promise<boolean> {
    let before: Stats | undefined;
    try {
      before = await lstat(fdPath(dir, name));
    } catch (err) {
      if (errnoCode(err) !== "ENOENT") throw fsError(err, path, "write");
    }
    if (before?.isDirectory()) throw new BusError("FAILED_PRECONDITION", `path ${quotePath(path)} is a directory`);
    // Keep a replaced file's permission bits, minus setuid/setgid/sticky.
    const mode = before?.isFile() ? before.mode & 0o777 : 0o644;
    const temp = `.boyd-write-${randomBytes(8).toString("hex")}.tmp`;
    let file: FileHandle | undefined;
    try {
      file = await openInside(fdPath(dir, temp), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, this.root, path, "write", mode);
      if (this.owner !== undefined) await file.chown(this.owner.uid, this.owner.gid);
      await file.chmod(mode);
      await file.writeFile(bytes);
      await file.sync();
      await file.close();
      file = undefined;
      await rename(fdPath(dir, temp), fdPath(dir, name));
    } catch (err) {
      await closeQuietly(file);
      await unlink(fdPath(dir, temp)).catch(() => undefined);
      throw fsError(err, path, "write");
    }
    // Persist the rename itself; a failure here leaves a complete file, so it is not an error.
    await dir.sync().catch(() => undefined);
    return before === undefined;
  }
}
