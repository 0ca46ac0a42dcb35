import { BusError } from "@boyd/bus";
import type { TextEncoder } from "@boyd/vsa";
import { compileAllowList } from "./net/address-policy.js";
import { guardedFetch, type HostLookup } from "./net/guarded-fetch.js";
import type { ConfinedRunner, ExecLimits } from "./sandbox/confined-exec.js";
import type { Workspace } from "./sandbox/workspace.js";
import type { ToolDefinition } from "./tool.js";
import { memoryRecallTool, userInteractTool } from "./tools/conversation.js";
import { createFileIoTool } from "./tools/file-io.js";
import type { MemoryClient, OrientClient } from "./tools/graph-client.js";
import { createHttpFetchTool } from "./tools/http-fetch.js";
import { createJobTool, listJobsTool, type JobBook } from "./tools/jobs.js";
import { gapAnalysisTool, inferRulesTool, kgMutateTool, kgQueryTool, similaritySearchTool } from "./tools/knowledge.js";
import { contentIngestTool, librarySearchTool } from "./tools/library.js";
import { reportProgressTool, saveNoteTool } from "./tools/notes.js";
import { reasonTool } from "./tools/reason.js";
import { createShellExecTool } from "./tools/shell-exec.js";

/** What the built-in tools are made from. */
export interface BuiltinToolDeps {
  readonly orient: OrientClient;
  readonly memory: MemoryClient;
  readonly workspace: Workspace;
  /**
   * The confined runner for shell_exec; undefined where bubblewrap cannot
   * run and unconfined execution was not allowed: shell_exec then refuses
   * every call (FAILED_PRECONDITION, saying why).
   */
  readonly runner: ConfinedRunner | undefined;
  /** Why there is no runner, for shell_exec's refusal. */
  readonly runnerMissing?: string | undefined;
  readonly shellLimits?: Partial<ExecLimits> | undefined;
  readonly http: { readonly allowHosts: readonly string[]; readonly timeoutMs: number; readonly maxBytes: number; readonly maxRedirects: number };
  readonly lookup?: HostLookup | undefined;
  readonly jobs: JobBook;
  readonly encoder?: TextEncoder | undefined;
  readonly questionTimeoutMs?: number | undefined;
}

/** Every built-in tool, wired to its services and sandboxes. */
export function builtinTools(deps: BuiltinToolDeps): ToolDefinition[] {
  const policy = { allowHosts: deps.http.allowHosts };
  const allowList = compileAllowList(deps.http.allowHosts);
  const shell = deps.runner
    ? createShellExecTool({ runner: deps.runner, workspace: deps.workspace, ...(deps.shellLimits ? { limits: deps.shellLimits } : {}) })
    : refusingShell(deps);
  return [
    kgQueryTool(deps.orient),
    kgMutateTool(deps.orient),
    memoryRecallTool(deps.memory),
    reasonTool(deps.orient),
    similaritySearchTool(deps.orient, deps.encoder),
    inferRulesTool(deps.orient),
    gapAnalysisTool(deps.orient),
    createFileIoTool({ workspace: deps.workspace }),
    shell,
    createHttpFetchTool({ policy, defaults: { timeoutMs: deps.http.timeoutMs, maxBytes: deps.http.maxBytes, maxRedirects: deps.http.maxRedirects }, ...(deps.lookup ? { lookup: deps.lookup } : {}) }),
    contentIngestTool(deps.orient, {
      file: async (path) => {
        const r = await deps.workspace.read(path);
        if (r.binary) throw new BusError("INVALID_ARGUMENT", `source: ${JSON.stringify(path)} is a binary file`);
        return { text: r.content, ...(r.truncated ? { cut: `only its first ${r.bytes} of ${r.size} bytes were read` } : {}) };
      },
      url: async (url, ctx) => {
        const r = await guardedFetch({ url, timeoutMs: Math.min(deps.http.timeoutMs, Math.max(1, ctx.deadline - Date.now())), maxBytes: Math.max(deps.http.maxBytes, 2 * 1024 * 1024), maxRedirects: deps.http.maxRedirects, signal: ctx.signal }, allowList, deps.lookup ? { lookup: deps.lookup } : {});
        if (r.status >= 400) throw new BusError(r.status === 404 ? "NOT_FOUND" : "UNAVAILABLE", `source: ${url} answered ${r.status} ${r.statusText}`);
        if (r.body === null) throw new BusError("INVALID_ARGUMENT", `source: ${url} is ${r.contentType ?? "of unknown type"}, not text`);
        return { text: r.body, contentType: r.contentType ?? "", ...(r.truncated ? { cut: `only its first ${r.bytes} bytes were read; the rest of the body was not` } : {}) };
      },
    }),
    librarySearchTool(deps.orient, deps.encoder),
    userInteractTool({ timeoutMs: deps.questionTimeoutMs ?? 120_000 }),
    createJobTool(deps.jobs),
    listJobsTool(deps.jobs),
    saveNoteTool(deps.memory, deps.orient),
    reportProgressTool(),
  ];
}

// shell_exec stays in the catalog (decide may still pick it) but says, on
// every call, why it cannot run here.
function refusingShell(deps: BuiltinToolDeps): ToolDefinition {
  const real = createShellExecTool({
    runner: { kind: "unconfined", run: () => Promise.reject(new BusError("FAILED_PRECONDITION", "unreachable")) },
    workspace: deps.workspace,
  });
  return {
    ...real,
    run: () => Promise.reject(new BusError("FAILED_PRECONDITION", `shell_exec is disabled: ${deps.runnerMissing ?? "bubblewrap cannot run here"}; set shell.allowUnconfined (BOYD_ALLOW_UNCONFINED=1) to run commands without confinement`)),
  };
}
