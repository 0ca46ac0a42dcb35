import { BusError } from "@boyd/bus";
import { constants } from "node:fs";
import { type FileHandle, lstat, open, readlink } from "node:fs/promises";
import { changed, errnoCode, fsError, isInside, quotePath } from "./path-rules.js";

/**
 * Descriptor-level helpers. The TOCTOU defence of the workspace rests on
 * two Linux facts:
 *
 * - `/proc/self/fd/<fd>` reads back the real path of an open descriptor, so
 *   after opening we can check where the kernel actually took us, before a
 *   byte is read or written;
 * - a path of the form `/proc/self/fd/<dirfd>/<name>` is looked up inside
 *   the directory the descriptor holds, whatever has since happened to the
 *   path we opened it by: it behaves like the `*at()` calls (openat,
 *   mkdirat, renameat, unlinkat) that Node does not expose.
 *
 * Opening with O_NOFOLLOW refuses a symlink in the last component; a symlink
 * swapped into an earlier component is followed by the kernel but caught by
 * the descriptor check. Without /proc nothing can be verified, so the
 * workspace refuses to open (fails closed).
 */
export const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_DIRECTORY, O_NONBLOCK } = constants;

/** Flags for opening a directory to work inside it. */
export const DIR_FLAGS = O_RDONLY | O_DIRECTORY | O_NOFOLLOW;

/**
 * Flags for opening a file to read. O_NONBLOCK keeps a FIFO planted in the
 * workspace from blocking the open forever; callers then refuse anything
 * that is not a regular file.
 */
export const READ_FLAGS = O_RDONLY | O_NOFOLLOW | O_NONBLOCK;

/** The path that stands for an open descriptor (and, with `/name`, for a name inside it). */
export function fdPath(handle: FileHandle, name?: string): string {
  return name === undefined ? `/proc/self/fd/${handle.fd}` : `/proc/self/fd/${handle.fd}/${name}`;
}

/** The real path of an open descriptor; throws PERMISSION_DENIED when it lies outside `root`. */
export async function verifyHandle(handle: FileHandle, root: string, shown: string): Promise<string> {
  let real: string;
  try {
    real = await readlink(fdPath(handle));
  } catch (err) {
    throw new BusError("INTERNAL", `cannot verify where path ${quotePath(shown)} leads`, { cause: err });
  }
  if (!isInside(root, real)) {
    throw new BusError("PERMISSION_DENIED", `path ${quotePath(shown)} resolved outside the workspace while in use; refused`);
  }
  return real;
}

/**
 * Opens `path` with `flags` and verifies the descriptor's real path lies
 * inside `root`; closes it and throws otherwise. `path` may be a
 * `/proc/self/fd/<dirfd>/<name>` path.
 */
export async function openInside(path: string, flags: number, root: string, shown: string, verb: string, mode?: number): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, flags, mode);
  } catch (err) {
    // O_DIRECTORY|O_NOFOLLOW on a symlink fails with ENOTDIR, not ELOOP: tell a swap apart from a plain file.
    if (errnoCode(err) === "ENOTDIR" && (flags & O_DIRECTORY) !== 0) {
      const now = await lstat(path).catch(() => undefined);
      if (now?.isSymbolicLink()) throw fsError(Object.assign(new Error("symlink"), { code: "ELOOP" }), shown, verb);
      if (now === undefined || now.isDirectory()) throw changed(shown, err);
    }
    throw fsError(err, shown, verb);
  }
  try {
    await verifyHandle(handle, root, shown);
    return handle;
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}

/** Closes a handle, ignoring failures (used on paths that are already failing or done). */
export async function closeQuietly(handle: FileHandle | undefined): Promise<void> {
  if (handle !== undefined) await handle.close().catch(() => undefined);
}

/** Bytes read from the head of a file. */
export interface HeadBytes {
  readonly bytes: Buffer;
  /** The file's size when opened. */
  readonly size: number;
  /** Whether the file holds more than was read. */
  readonly truncated: boolean;
}

/** Reads at most `cap` bytes from the start of an open regular file. */
export async function readHead(handle: FileHandle, cap: number): Promise<HeadBytes> {
  const size = (await handle.stat()).size;
  const want = Math.min(size, cap);
  const bytes = Buffer.alloc(want);
  let got = 0;
  while (got < want) {
    const { bytesRead } = await handle.read(bytes, got, want - got, got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return { bytes: bytes.subarray(0, got), size, truncated: size > got };
}

/** How much of a file's head is inspected for NUL bytes to call it binary (git's heuristic). */
const BINARY_SNIFF_BYTES = 8000;

/** Whether the bytes look binary: a NUL in the first few KiB. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/**
 * Decodes UTF-8, holding back a multi-byte character cut by a truncation
 * instead of turning it into a replacement character.
 */
export function decodeText(bytes: Uint8Array, truncated: boolean): string {
  return new TextDecoder("utf-8").decode(bytes, { stream: truncated });
}
