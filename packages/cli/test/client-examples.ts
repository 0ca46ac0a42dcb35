import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { findBinary } from "@boyd/testkit";
import { REPO_ROOT } from "./grpcurl.js";

const ENSURE_HINT = "run `source scripts/ensure-deps.sh && ensure_client_tools`";

/** The Python of the clients' venv (pinned grpcio, protobuf, nats-py), which ensure_client_tools creates. */
export function clientPython(): string {
  const python = join(REPO_ROOT, ".cache/clients/python-venv/bin/python");
  if (!existsSync(python)) throw new Error(`the Python client venv is missing (${python}): ${ENSURE_HINT}`);
  return python;
}

/** The Go toolchain that builds the Go client's example. */
export function goBinary(): string {
  const go = findBinary("go", ["/usr/local/go/bin/go", "/usr/lib/go/bin/go"]);
  if (!go) throw new Error(`go not found on PATH: install Go, then ${ENSURE_HINT}`);
  return go;
}

/** How a program ended. */
export interface ProgramResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a program to its end in `cwd`; kills it (code null) after `timeoutMs`. */
export function runProgram(command: string, args: readonly string[], cwd: string, timeoutMs: number): Promise<ProgramResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** What an example said about approvals: the ids it saw requested, and each answer the server reported back. */
export function approvalsIn(stdout: string): { requested: { id: string; tool: string }[]; resolved: Map<string, string> } {
  const requested = [...stdout.matchAll(/^approval requested (\w+) for (\S+):/gm)].map(([, id, tool]) => ({ id: id!, tool: tool! }));
  const resolved = new Map([...stdout.matchAll(/^approval resolved (\w+): (.+)$/gm)].map(([, id, how]) => [id!, how!]));
  return { requested, resolved };
}
