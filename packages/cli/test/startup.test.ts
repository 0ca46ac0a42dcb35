import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { builtBoyd, runBoyd } from "./boyd-process.js";

const run = promisify(execFile);

interface Metafile {
  outputs: Record<string, { imports: Array<{ path: string; kind: string; external?: boolean }> }>;
}

/** Third-party files the built `boyd` loads before it runs any command: the static imports reachable from its entry. */
function loadedAtStart(): string[] {
  const dir = dirname(builtBoyd);
  const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")) as Metafile;
  const entry = Object.keys(meta.outputs).find((path) => path.endsWith("/boyd.mjs"))!;
  const seen = new Set<string>();
  const external = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const output = pending.pop()!;
    if (seen.has(output)) continue;
    seen.add(output);
    for (const i of meta.outputs[output]!.imports) {
      if (i.kind !== "import-statement") continue;
      if (i.external) external.add(i.path);
      else pending.push(i.path);
    }
  }
  return [...external];
}

describe("boyd starts without loading what its command does not use", () => {
  it("loads no NATS, Neo4j, OpenTelemetry, metrics or logging library before a command runs", () => {
    const heavy = loadedAtStart().filter((path) => /\/node_modules\/(@nats-io|neo4j-driver|@opentelemetry|prom-client|pino|yaml|zod)\//.test(path));
    expect(heavy).toEqual([]);
    // The command tree itself is there.
    expect(loadedAtStart().some((path) => path.includes("/node_modules/commander/"))).toBe(true);
  });

  it("--version prints the CLI package's version", async () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    const r = await runBoyd(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  it("a command still loads what it needs when it runs (kg ingest, then query, embedded)", async () => {
    const dir = await import("node:fs/promises").then((fs) => fs.mkdtemp(join(process.env["TMPDIR"] ?? "/tmp", "boyd-startup-")));
    const kb = join(dir, "kb.csv");
    await import("node:fs/promises").then((fs) => fs.writeFile(kb, "whale,lives_in,ocean\n"));
    expect((await runBoyd(["kg", "--data-dir", dir, "ingest", kb])).code).toBe(0);
    const q = await runBoyd(["kg", "--data-dir", dir, "query", "-s", "whale"]);
    expect(q.stdout).toContain("whale\tlives_in\tocean");
  });
});

describe("boyd completion", () => {
  /** The words bash offers after `typed` (the last word is the one being completed). */
  async function complete(script: string, typed: readonly string[]): Promise<string[]> {
    const words = typed.map((w) => `'${w}'`).join(" ");
    const { stdout } = await run("bash", ["-c", `${script}\nCOMP_WORDS=(${words}); COMP_CWORD=${typed.length - 1}; _boyd; printf '%s\\n' "\${COMPREPLY[@]}"`]);
    return stdout.split("\n").filter(Boolean);
  }

  it("bash: completes commands, subcommands and their flags, skipping flags typed before", async () => {
    const r = await runBoyd(["completion", "bash"]);
    expect(r.code).toBe(0);
    expect(await complete(r.stdout, ["boyd", "ag"])).toEqual(["agent"]);
    expect(await complete(r.stdout, ["boyd", "agent", "r"])).toEqual(["run", "resume", "reflect", "recall", "rules", "repl"]);
    expect(await complete(r.stdout, ["boyd", "agent", "--agent", "x", "run", "--max"])).toEqual(["--max-cycles"]);
    expect(await complete(r.stdout, ["boyd", "kg", "ingest", "--st"])).toEqual(["--strict"]);
    // The global flags, after a command's name as before it.
    expect(await complete(r.stdout, ["boyd", "agent", "goals", "--j"])).toEqual(["--json"]);
    expect(await complete(r.stdout, ["boyd", "--q"])).toEqual(["--quiet"]);
  });

  it("zsh: the same function through bashcompinit", async () => {
    const r = await runBoyd(["completion", "zsh"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("bashcompinit");
    expect(r.stdout).toContain("complete -o default -F _boyd boyd");
  });

  it("an unknown shell is a usage error naming the shells", async () => {
    const r = await runBoyd(["completion", "fish"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("expected bash or zsh");
  });
});
