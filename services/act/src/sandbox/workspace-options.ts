import { BusError } from "@boyd/bus";

/** A user and group that every file and directory the workspace creates is given to. */
export interface WorkspaceOwner {
  readonly uid: number;
  readonly gid: number;
}

/** The operations a test hook is told about. */
export type WorkspaceOperation = "read" | "write" | "preview" | "list" | "search" | "delete" | "directory";

/**
 * INTERNAL, for tests only: lets a test act between the check (path
 * resolution) and the use (the open), to prove a swap in that window cannot
 * leak or write outside. Production code never sets it.
 */
export interface WorkspaceTestHooks {
  /** Runs after `path` was resolved to `real` and before anything is opened. */
  readonly afterResolve?: (operation: WorkspaceOperation, path: string, real: string) => void | Promise<void>;
}

/** Options of `Workspace.open`. */
export interface WorkspaceOptions {
  /**
   * When set, every file and directory the workspace creates (and the root
   * itself) is chowned to this user, so a sandboxed command running as an
   * unprivileged user can still write the workspace. Needs the service to
   * run as root (or with CAP_CHOWN).
   */
  readonly owner?: WorkspaceOwner;
  /** Bytes a read returns; a larger file is read up to this and reported truncated. @default 262144 (256 KiB) */
  readonly maxReadBytes?: number;
  /** Largest content a write accepts; more is refused with INVALID_ARGUMENT. @default 1048576 (1 MiB) */
  readonly maxWriteBytes?: number;
  /** Entries a listing returns before it is cut and reported truncated. @default 1000 */
  readonly maxListEntries?: number;
  /** Directory levels a recursive list or a search descends. @default 32 */
  readonly maxDepth?: number;
  /** Matching lines a search returns before it stops. @default 200 */
  readonly maxSearchResults?: number;
  /** Files a search reads before it stops. @default 5000 */
  readonly maxSearchFiles?: number;
  /** Files larger than this are skipped by a search. @default 1048576 (1 MiB) */
  readonly maxSearchFileBytes?: number;
  /** Time a regex may spend on one file before the search is refused. @default 1000 */
  readonly regexTimeoutMs?: number;
  /** Wall time a search may take; past it the search stops between files and reports truncated. @default 10000 */
  readonly searchTimeMs?: number;
  /** Size of a write preview's diff before it is cut. @default 4096 */
  readonly maxPreviewBytes?: number;
  /** @internal Test-only hooks; see {@link WorkspaceTestHooks}. */
  readonly testHooks?: WorkspaceTestHooks;
}

/** The caps of a workspace, with defaults filled in. */
export interface WorkspaceLimits {
  readonly maxReadBytes: number;
  readonly maxWriteBytes: number;
  readonly maxListEntries: number;
  readonly maxDepth: number;
  readonly maxSearchResults: number;
  readonly maxSearchFiles: number;
  readonly maxSearchFileBytes: number;
  readonly regexTimeoutMs: number;
  readonly searchTimeMs: number;
  readonly maxPreviewBytes: number;
}

/** The default caps (see {@link WorkspaceOptions} for what each bounds). */
export const WORKSPACE_DEFAULTS: WorkspaceLimits = {
  maxReadBytes: 256 * 1024,
  maxWriteBytes: 1024 * 1024,
  maxListEntries: 1000,
  maxDepth: 32,
  maxSearchResults: 200,
  maxSearchFiles: 5000,
  maxSearchFileBytes: 1024 * 1024,
  regexTimeoutMs: 1000,
  searchTimeMs: 10_000,
  maxPreviewBytes: 4096,
};

/** Fills in defaults and rejects a cap that is not a positive integer, naming it. */
export function parseWorkspaceOptions(options: WorkspaceOptions): WorkspaceLimits {
  const limits = { ...WORKSPACE_DEFAULTS };
  for (const key of Object.keys(WORKSPACE_DEFAULTS) as (keyof WorkspaceLimits)[]) {
    const value = options[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new BusError("INVALID_ARGUMENT", `workspace option ${key} must be a positive integer, got ${String(value)}`);
    }
    limits[key] = value;
  }
  const owner = options.owner;
  if (owner !== undefined && !(Number.isSafeInteger(owner.uid) && owner.uid >= 0 && Number.isSafeInteger(owner.gid) && owner.gid >= 0)) {
    throw new BusError("INVALID_ARGUMENT", `workspace option owner must be { uid, gid } with non-negative integers, got ${JSON.stringify(owner)}`);
  }
  return limits;
}
