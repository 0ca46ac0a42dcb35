#!/usr/bin/env node
// Builds the web console's page (services/console/web, with its own
// build.mjs) into this clone's cache, the way build-cli.mjs builds the CLI:
//
//   node scripts/build-console-web.mjs      (into .cache/console-web/<this clone>/current)
//
// The page is built into a new directory, then `current` is pointed at it by
// renaming a symlink over it (atomic): a console serving meanwhile keeps
// whole files, and parallel builds (test workers) each finish a complete
// one. `stamp` carries the build's start time, so a page source saved during
// the build is newer than it and triggers the next one (ensure_console_web
// in scripts/ensure-deps.sh, ensureConsoleAssets in @boyd/console).
import { mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** This clone's page directory (the same name ensure-deps.sh and @boyd/console compute). */
export function consoleWebDir(tree = root) {
  return join(tree, ".cache/console-web", tree.replace(/[^A-Za-z0-9]/g, "_"));
}

async function main() {
  const out = consoleWebDir();
  const startedAt = new Date();
  const dir = join(out, `build-${startedAt.getTime()}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const { buildConsoleWeb } = await import(pathToFileURL(join(root, "services/console/web/build.mjs")).href);
  await buildConsoleWeb(dir);
  writeFileSync(join(dir, "stamp"), "");
  utimesSync(join(dir, "stamp"), startedAt, startedAt);
  const link = join(out, `current.${process.pid}`);
  symlinkSync(basename(dir), link);
  renameSync(link, join(out, "current"));
  // Older builds than the last two go (a console may still be reading the one before).
  const builds = readdirSync(out).filter((name) => name.startsWith("build-") && name !== basename(dir));
  for (const name of builds.sort((a, b) => Number(b.split("-")[1]) - Number(a.split("-")[1])).slice(1)) rmSync(join(out, name), { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main().catch((err) => {
  console.error(`build-console-web: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
