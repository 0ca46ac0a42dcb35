#!/usr/bin/env node
// Generates the Python and Go clients in clients/ from proto/ with buf and
// buf.gen.clients.yaml (local plugins from `ensure_client_tools` in
// scripts/ensure-deps.sh). With --check, generates into a temp dir and fails
// if the committed output differs, like `pnpm gen:check` for TypeScript.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const check = process.argv.includes("--check");
const buf = join(root, "node_modules/.bin/buf");
// Only the generated trees: clients/ also holds go.mod, examples and docs.
const generated = ["clients/go/boydv1", "clients/python/boyd/v1"];
const tools = [".cache/clients/bin/protoc-gen-go", ".cache/clients/bin/protoc-gen-go-grpc", ".cache/clients/python-venv/bin/python"];

// Bytecode Python leaves beside the sources when they run is not output.
const notOutput = new Set(["__pycache__"]);

function files(dir, base = dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !notOutput.has(name))
    .flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? files(p, base) : [relative(base, p)];
    });
}

/** Files that differ between the fresh output and the committed one, as repo paths. */
function staleFiles(fresh) {
  return generated.flatMap((tree) => {
    const want = files(join(fresh, tree));
    const have = files(join(root, tree));
    return [...new Set([...want, ...have])]
      .filter((f) => !want.includes(f) || !have.includes(f) || !readFileSync(join(fresh, tree, f)).equals(readFileSync(join(root, tree, f))))
      .map((f) => join(tree, f));
  });
}

const missing = tools.filter((t) => !existsSync(join(root, t)));
if (missing.length > 0) {
  console.error(`Client generators missing: ${missing.join(", ")}`);
  console.error("Fix: run `source scripts/ensure-deps.sh && ensure_client_tools` (a Python venv and Go plugins under .cache/clients).");
  process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), "boyd-gen-clients-"));
try {
  execFileSync(buf, ["generate", "--template", "buf.gen.clients.yaml", "-o", scratch], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  if (check) {
    const stale = staleFiles(scratch).sort();
    if (stale.length > 0) {
      console.error(`Generated clients are stale (${stale.length} file(s) differ):`);
      for (const f of stale) console.error(`  ${f}`);
      console.error("Fix: run `pnpm gen:clients` and commit the result.");
      process.exit(1);
    }
    console.log(`${generated.join(" and ")} are up to date.`);
  } else {
    for (const tree of generated) {
      rmSync(join(root, tree), { recursive: true, force: true });
      cpSync(join(scratch, tree), join(root, tree), { recursive: true });
    }
    console.log(`generated ${generated.join(" and ")}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
