import { BusError } from "@boyd/bus";
import type { FileHandle } from "node:fs/promises";
import picomatch from "picomatch";
import { quotePath } from "./path-rules.js";
import type { WorkspaceLimits } from "./workspace-options.js";
import { READ_FLAGS, closeQuietly, decodeText, fdPath, looksBinary, openInside, readHead } from "./workspace-fd.js";
import { type LineHit, MAX_HIT_TEXT, MAX_PATTERN_LENGTH, RegexRunner, compileSearchRegex } from "./workspace-regex.js";
import { type WalkScope, walkTree } from "./workspace-walk.js";

/** Longest plain-text query accepted, in characters. */
export const MAX_QUERY_LENGTH = 4096;

/** One matching line of a search. */
export interface SearchMatch {
  /** Workspace-relative path of the file. */
  readonly path: string;
  /** 1-based line number. */
  readonly line: number;
  /** The line, cut to 240 characters. */
  readonly text: string;
}

/** What a search found. */
export interface SearchResult {
  readonly matches: SearchMatch[];
  /** Text files read. */
  readonly filesScanned: number;
  /** Files passed over: binary, larger than the per-file cap, or not regular. */
  readonly skipped: number;
  /** Whether a cap (results, files, entries, time) stopped the search early. */
  readonly truncated: boolean;
}

/** How to search. */
export interface SearchQuery {
  /** A substring, or a JavaScript regex source when `regex` is set. */
  readonly query: string;
  readonly regex: boolean;
  /** Only files whose workspace-relative path matches; a glob without `/` matches the base name. */
  readonly glob: string | undefined;
  /** Checked between files: an aborted search stops with CANCELLED. */
  readonly signal: AbortSignal | undefined;
}

/** Where a search starts: one open directory (walked) or one open file. */
export type SearchStart = { readonly kind: "dir"; readonly handle: FileHandle; readonly path: string } | { readonly kind: "file"; readonly handle: FileHandle; readonly path: string };

type Matcher = (text: string, max: number, path: string) => Promise<LineHit[]>;

/** Validates the query and glob before anything is opened; throws INVALID_ARGUMENT naming the problem. */
export function prepareSearch(query: SearchQuery, limits: WorkspaceLimits): { matcher: Matcher; accepts: (path: string) => boolean; close: () => Promise<void> } {
  if (query.query.length === 0) throw new BusError("INVALID_ARGUMENT", "search query is empty");
  let matcher: Matcher;
  let close = async (): Promise<void> => undefined;
  if (query.regex) {
    const runner = new RegexRunner(compileSearchRegex(query.query), limits.regexTimeoutMs);
    matcher = (text, max, path) => runner.match(text, max, path);
    close = () => runner.close();
  } else {
    if (query.query.length > MAX_QUERY_LENGTH) {
      throw new BusError("INVALID_ARGUMENT", `search query is ${query.query.length} characters long; the limit is ${MAX_QUERY_LENGTH}`);
    }
    const needle = query.query;
    matcher = (text, max) => Promise.resolve(substringHits(text, needle, max));
  }
  let accepts = (_path: string): boolean => true;
  if (query.glob !== undefined) {
    if (query.glob.length === 0 || query.glob.length > MAX_PATTERN_LENGTH) {
      throw new BusError("INVALID_ARGUMENT", `search glob must be 1 to ${MAX_PATTERN_LENGTH} characters long`);
    }
    try {
      accepts = picomatch(query.glob, { dot: true, basename: true });
    } catch (err) {
      throw new BusError("INVALID_ARGUMENT", `search glob ${JSON.stringify(query.glob)} is not valid: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { matcher, accepts, close };
}

function substringHits(text: string, needle: string, max: number): LineHit[] {
  const hits: LineHit[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length && hits.length < max; i++) {
    const raw = lines[i]!;
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.includes(needle)) hits.push({ line: i + 1, text: line.slice(0, MAX_HIT_TEXT) });
  }
  return hits;
}

/**
 * Searches text files under `start` without following symlinks (they are
 * skipped, never read). Every file is opened through its directory's
 * descriptor with O_NOFOLLOW and verified before a byte is read.
 */
export async function searchWorkspace(scope: WalkScope, start: SearchStart, query: SearchQuery, limits: WorkspaceLimits): Promise<SearchResult> {
  const { matcher, accepts, close } = prepareSearch(query, limits);
  const matches: SearchMatch[] = [];
  let truncated = false;
  let filesScanned = 0;
  let skipped = 0;
  let visited = 0;
  // Empty directories cost nothing to read but still take time: bound the walk too.
  const maxVisits = limits.maxSearchFiles * 4;
  const giveUpAt = Date.now() + limits.searchTimeMs;

  const scan = async (handle: FileHandle, path: string): Promise<void> => {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > limits.maxSearchFileBytes) {
      skipped++;
      return;
    }
    const head = await readHead(handle, limits.maxSearchFileBytes);
    if (looksBinary(head.bytes)) {
      skipped++;
      return;
    }
    filesScanned++;
    const hits = await matcher(decodeText(head.bytes, head.truncated), limits.maxSearchResults - matches.length, path);
    for (const hit of hits) matches.push({ path, line: hit.line, text: hit.text });
  };

  try {
    if (start.kind === "file") {
      await scan(start.handle, start.path);
    } else {
      const complete = await walkTree(scope, start.handle, start.path, 1, limits.maxDepth, maxVisits, async (entry) => {
        if (query.signal?.aborted) throw new BusError("CANCELLED", `search of ${quotePath(start.path || ".")} was cancelled`);
        // The time bound applies once a file was searched: a busy machine
        // that is slow to reach the first one still gets an answer from it.
        if (matches.length >= limits.maxSearchResults || filesScanned >= limits.maxSearchFiles || visited >= maxVisits || (filesScanned > 0 && Date.now() > giveUpAt)) return false;
        visited++;
        if (!entry.stat.isFile() || !accepts(entry.path)) return true;
        if (entry.stat.size > limits.maxSearchFileBytes) {
          skipped++;
          return true;
        }
        let file: FileHandle;
        try {
          file = await openInside(fdPath(entry.dir, entry.name), READ_FLAGS, scope.root, entry.path, "search");
        } catch (err) {
          // Gone, or swapped for a symlink since it was listed: not read, and not a reason to fail the search.
          if (err instanceof BusError && (err.code === "NOT_FOUND" || err.code === "PERMISSION_DENIED")) {
            skipped++;
            return true;
          }
          throw err;
        }
        try {
          await scan(file, entry.path);
        } finally {
          await closeQuietly(file);
        }
        return true;
      });
      truncated = !complete;
    }
  } finally {
    await close();
  }
  if (matches.length >= limits.maxSearchResults) truncated = true;
  return { matches, filesScanned, skipped, truncated };
}
