import { BusError } from "@boyd/bus";
import { type ActionDetails, DangerLevel } from "@boyd/proto";
import { BUILTIN_TOOLS } from "@boyd/tools";
import { z } from "zod";
import type { ListResult, ReadResult, SearchResult, Workspace } from "../sandbox/workspace.js";
import { type CallAssessment, type CallContext, type ToolDefinition, type ToolRun, defineTool } from "../tool.js";

/** Options of {@link createFileIoTool}. */
export interface FileIoToolOptions {
  /** The directory every call is confined to. */
  readonly workspace: Workspace;
}

// The workspace checks paths itself (empty, NUL, absolute, escapes) and names
// the rule broken; the schema only keeps absurd sizes out.
const Path = z.string().max(4096);

/** The input of file_io: one action per call, told apart by `action`. */
export const FileIoInput = z.discriminatedUnion("action", [
  z.object({ action: z.literal("read"), path: Path }).strict(),
  z.object({ action: z.literal("write"), path: Path, content: z.string(), create_parents: z.boolean().optional() }).strict(),
  z.object({ action: z.literal("list"), path: Path.default("."), recursive: z.boolean().optional() }).strict(),
  z.object({ action: z.literal("search"), path: Path.default("."), query: z.string().min(1).max(4096), regex: z.boolean().optional(), glob: z.string().min(1).max(512).optional() }).strict(),
  z.object({ action: z.literal("delete"), path: Path, recursive: z.boolean().optional() }).strict(),
]);
/** A parsed file_io input. */
export type FileIoInput = z.infer<typeof FileIoInput>;

const descriptor = BUILTIN_TOOLS.find((t) => t.name === "file_io")!;

/** Prefixes the workspace's message with the tool's name, keeping the code. */
function named(err: unknown): unknown {
  return err instanceof BusError ? new BusError(err.code, `file_io: ${err.message}`, { cause: err }) : err;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw named(err);
  }
}

function fileRead(path: string): ActionDetails {
  return { detail: { $case: "fileRead", value: { path } } };
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The file_io tool: read, write, list, search and delete inside one
 * workspace. `assess` only resolves paths and reads (to build a write's
 * diff); it changes nothing and refuses what `run` would refuse, with the
 * same error.
 */
export function createFileIoTool(options: FileIoToolOptions): ToolDefinition {
  const ws = options.workspace;

  const assess = async (input: FileIoInput): Promise<CallAssessment> => {
    switch (input.action) {
      case "read":
      case "list":
      case "search": {
        const entry = await ws.stat(input.path);
        const what = input.action === "read" ? `Reads ${JSON.stringify(input.path)}` : input.action === "list" ? `Lists ${JSON.stringify(input.path)}${input.recursive ? " recursively" : ""}` : `Searches ${JSON.stringify(input.path)} for ${JSON.stringify(input.query)}`;
        return {
          action: fileRead(input.path),
          danger: DangerLevel.SAFE,
          reversible: true,
          sideEffects: false,
          preview: `${input.action} ${input.path}`,
          consequences: `${what} inside the workspace${entry === undefined ? " (it does not exist, so the call will fail)" : ""}; nothing changes.`,
        };
      }
      case "write": {
        const p = await ws.preview(input.path, input.content);
        const existing = p.creates ? undefined : await ws.stat(input.path);
        return {
          action: { detail: { $case: "fileWrite", value: { path: input.path, diffPreview: p.diff, sizeBytes: p.sizeBytes, createsFile: p.creates } } },
          danger: p.creates ? DangerLevel.CAUTIOUS : DangerLevel.DANGEROUS,
          reversible: p.creates,
          sideEffects: true,
          preview: p.diff,
          consequences: p.creates
            ? `Creates ${JSON.stringify(input.path)} with ${plural(p.sizeBytes, "byte")}${input.create_parents ? ", and any missing parent directories" : ""}.`
            : `Overwrites ${JSON.stringify(input.path)} (${plural(existing?.size ?? 0, "byte")}) with ${plural(p.sizeBytes, "byte")}; the old content is lost.`,
        };
      }
      case "delete": {
        const entry = await ws.stat(input.path);
        const tree = entry?.type === "dir" && input.recursive === true;
        return {
          action: { detail: { $case: "fileDelete", value: { path: input.path, recursive: tree } } },
          // Even a path that is missing now may exist when the call runs.
          danger: DangerLevel.DANGEROUS,
          reversible: false,
          sideEffects: true,
          preview: `delete ${input.path}${tree ? " (recursive)" : ""}`,
          consequences:
            entry === undefined
              ? `Deletes ${JSON.stringify(input.path)}, which does not exist now, so the call will fail.`
              : `Permanently deletes the ${entry.type === "dir" ? "directory" : entry.type} ${JSON.stringify(input.path)}${tree ? " and everything under it" : ""}.`,
        };
      }
    }
  };

  const run = async (input: FileIoInput, context: CallContext): Promise<ToolRun> => {
    switch (input.action) {
      case "read":
        return readRun(input.path, await ws.read(input.path));
      case "write": {
        const r = await ws.write(input.path, input.content, { createParents: input.create_parents === true });
        return {
          content: `${r.created ? "created" : "replaced"} ${JSON.stringify(input.path)} (${plural(r.bytes, "byte")})`,
          data: { path: input.path, bytes: r.bytes, created: r.created },
        };
      }
      case "list":
        return listRun(input.path, await ws.list(input.path, { recursive: input.recursive === true }));
      case "search":
        return searchRun(
          input,
          await ws.search(input.path, input.query, {
            regex: input.regex === true,
            signal: context.signal,
            ...(input.glob === undefined ? {} : { glob: input.glob }),
          }),
        );
      case "delete": {
        const r = await ws.delete(input.path, { recursive: input.recursive === true });
        return {
          content: `deleted ${JSON.stringify(input.path)}${r.removed > 1 ? ` (${plural(r.removed, "entry", "entries")} removed)` : ""}`,
          data: { path: input.path, type: r.type, removed: r.removed },
        };
      }
    }
  };

  return defineTool<FileIoInput>({
    descriptor,
    input: FileIoInput,
    assess: (input) => guarded(() => assess(input)),
    run: (input, context) => guarded(() => run(input, context)),
  });
}

function readRun(path: string, r: ReadResult): ToolRun {
  const content = r.binary
    ? `${JSON.stringify(path)} is a binary file (${plural(r.size, "byte")}); its content is not shown`
    : r.truncated
      ? `${r.content}\n[truncated: showed ${r.bytes} of ${r.size} bytes]`
      : r.content;
  return { content, data: { path, bytes: r.bytes, size: r.size, truncated: r.truncated, binary: r.binary } };
}

function listRun(path: string, r: ListResult): ToolRun {
  const lines = r.entries.map((e) => (e.type === "dir" ? `${e.path}/` : e.type === "symlink" ? `${e.path}@` : e.type === "file" ? `${e.path}  (${plural(e.size, "byte")})` : `${e.path}  (special)`));
  if (lines.length === 0) lines.push(`${JSON.stringify(path)} is empty`);
  if (r.truncated) lines.push(`[listing cut at ${plural(r.entries.length, "entry", "entries")}]`);
  return { content: lines.join("\n"), data: { path, entries: r.entries, truncated: r.truncated } };
}

function searchRun(input: { path: string; query: string }, r: SearchResult): ToolRun {
  const lines = r.matches.map((m) => `${m.path}:${m.line}: ${m.text}`);
  // "0 files searched" alone would hide that a file was there but too large (or binary) to search.
  const passedOver = r.skipped ? `, ${r.skipped} passed over as binary, larger than the search cap or not regular` : "";
  if (lines.length === 0) lines.push(`no matches for ${JSON.stringify(input.query)} in ${JSON.stringify(input.path)} (${plural(r.filesScanned, "file")} searched${passedOver})`);
  if (r.truncated) lines.push(`[search stopped at a limit after ${plural(r.filesScanned, "file")} and ${plural(r.matches.length, "match", "matches")}]`);
  return {
    content: lines.join("\n"),
    data: { path: input.path, matches: r.matches, files_scanned: r.filesScanned, skipped: r.skipped, truncated: r.truncated },
  };
}
