// The shell commands the READMEs tell a person to copy, taken from their
// fenced ```sh blocks, and the temp "fresh clone" the doc tests run them in.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { REPO_ROOT } from "./repo.js";

/** One command of a fenced block, continuation lines joined, as a person would paste it. */
export interface DocCommand {
  /** README path relative to the repository root. */
  readonly doc: string;
  /** 1-based line of the block's opening fence. */
  readonly blockLine: number;
  /** 1-based line the command starts on. */
  readonly line: number;
  readonly text: string;
}

/** The documents whose commands must run as written. */
export const DOCS = ["README.md", "deploy/README.md"] as const;

/** Shell blocks only: ```json, ```yaml, ```ts and bare ``` (output, diagrams) are not commands. */
const SHELL_FENCE = /^```(sh|bash|shell|console)\s*$/;

/** The commands of every shell block of a Markdown text, in order. */
export function extractCommands(doc: string, markdown: string): DocCommand[] {
  const commands: DocCommand[] = [];
  const lines = markdown.split("\n");
  let blockLine: number | undefined;
  let pending: { line: number; parts: string[] } | undefined;
  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    if (blockLine === undefined) {
      if (SHELL_FENCE.test(raw)) blockLine = lineNo;
      return;
    }
    if (raw.startsWith("```")) {
      if (pending) throw new Error(`${doc}:${pending.line}: a command ends in a line continuation at the block's end`);
      blockLine = undefined;
      return;
    }
    const trimmed = raw.trim();
    if (!pending && (trimmed === "" || trimmed.startsWith("#"))) return;
    const continued = trimmed.endsWith("\\");
    const part = continued ? trimmed.slice(0, -1).trimEnd() : trimmed;
    if (pending) pending.parts.push(part);
    else pending = { line: lineNo, parts: [part] };
    if (!continued) {
      commands.push({ doc, blockLine, line: pending.line, text: pending.parts.join(" ") });
      pending = undefined;
    }
  });
  if (blockLine !== undefined) throw new Error(`${doc}:${blockLine}: a shell block is never closed`);
  return commands;
}

/** Every command of {@link DOCS}, read from this checkout. */
export function docCommands(): DocCommand[] {
  return DOCS.flatMap((doc) => extractCommands(doc, readFileSync(join(REPO_ROOT, doc), "utf8")));
}

/** Commands the doc tests do not run, and why they cannot run here. */
export interface NotRun {
  /** Matches the command's text (continuations joined). */
  readonly match: RegExp;
  readonly reason: string;
}

/** The entry of `list` that covers a command, or undefined. */
export function notRunEntry(list: readonly NotRun[], command: DocCommand): NotRun | undefined {
  return list.find((entry) => entry.match.test(command.text));
}

/** A fenced block's commands, in order. */
export interface DocBlock {
  readonly doc: string;
  readonly line: number;
  readonly commands: readonly DocCommand[];
}

/** Commands grouped back into their blocks, in document order. */
export function blocksOf(commands: readonly DocCommand[]): DocBlock[] {
  const blocks = new Map<string, DocBlock & { commands: DocCommand[] }>();
  for (const c of commands) {
    const key = `${c.doc}:${c.blockLine}`;
    const block = blocks.get(key) ?? { doc: c.doc, line: c.blockLine, commands: [] };
    block.commands.push(c);
    blocks.set(key, block);
  }
  return [...blocks.values()];
}

/**
 * A fresh clone of this checkout in a temp directory: its tracked files as
 * they are now (so uncommitted doc edits count), no node modules (the first
 * `./boyd.sh` installs them from pnpm's store, as on a fresh clone), and
 * `.cache` linked to this checkout's so the Go builds ensure-deps makes are
 * shared rather than repeated. Whatever the commands write (`.boyd/`,
 * kustomization edits) stays in the temp directory.
 */
export function freshCheckout(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "boyd-doc-commands-"));
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: REPO_ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const path of tracked) {
    if (!existsSync(join(REPO_ROOT, path))) continue; // deleted in the working tree
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    cpSync(join(REPO_ROOT, path), join(dir, path), { verbatimSymlinks: true });
  }
  mkdirSync(join(REPO_ROOT, ".cache"), { recursive: true });
  symlinkSync(join(REPO_ROOT, ".cache"), join(dir, ".cache"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What a block's commands did: the exit code and everything they printed, each command echoed as `$ command` first. */
export interface BlockRun {
  readonly code: number | null;
  readonly output: string;
  /** The command that failed (the last one echoed) when code is not 0. */
  readonly failed: string | undefined;
}

/**
 * Runs commands in order in one bash (so a `source` carries over, as in a
 * person's terminal), stopping at the first failure, with a time limit after
 * which the whole process group is killed. stdin holds `typed` (what a person
 * answers at a prompt), then end-of-file.
 */
export async function runBlock(commands: readonly DocCommand[], cwd: string, timeoutMs: number, typed?: string): Promise<BlockRun> {
  const script = ["set -eo pipefail", ...commands.flatMap((c) => [`printf '%s\\n' ${shellQuote(`$ ${c.text}`)}`, c.text])].join("\n");
  const child = spawn("bash", ["-c", script], { cwd, detached: true, stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
  child.stdin.end(typed ?? "");
  let output = "";
  child.stdout.on("data", (b: Buffer) => (output += b.toString()));
  child.stderr.on("data", (b: Buffer) => (output += b.toString()));
  const timer = setTimeout(() => {
    output += `\n[killed after ${timeoutMs} ms]\n`;
    process.kill(-child.pid!, "SIGKILL");
  }, timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once("close", (c) => resolve(c)));
  clearTimeout(timer);
  const echoed = [...output.matchAll(/^\$ (.*)$/gm)].map((m) => m[1]!);
  return { code, output, failed: code === 0 ? undefined : echoed.at(-1) };
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
