#!/usr/bin/env node
// Builds the `boyd` command into one ESM entry plus lazily loaded chunks
// (esbuild, code splitting), so a call loads compiled JavaScript instead of
// compiling TypeScript through tsx, and only the modules its command uses.
//
//   node scripts/build-cli.mjs [--out DIR]      (default .cache/cli/<this clone>)
//
// The build belongs to this clone: our workspace code is bundled, while
// every third-party import stays external, pointed at the exact file node
// would load from the importing source (an absolute path). Dependencies
// thus keep reading their own files (protos, workers) where they are, and
// one version per importer is kept as pnpm laid them out. `import.meta.url`
// in our sources is replaced by the source file's own URL, so code that
// finds files next to itself (descriptor sets, service entry points) finds
// them in the tree, not beside the bundle. boyd.sh rebuilds when a source
// is newer than the build.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const builtins = new Set(builtinModules);

/** Bare specifiers of third-party packages (not node built-ins, not our workspace). */
function isThirdParty(spec) {
  if (spec.startsWith(".") || spec.startsWith("/") || spec.startsWith("node:")) return false;
  if (spec.startsWith("@boyd/")) return false;
  return !builtins.has(spec.split("/")[0]);
}

/** Marks third-party imports external, at the absolute file node would resolve for that importer. */
const externalAtResolvedPath = {
  name: "boyd-external-resolved",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === "resolving" || !isThirdParty(args.path)) return undefined;
      const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: "resolving" });
      if (found.errors.length > 0) return { errors: found.errors };
      return { path: found.path, external: true };
    });
  },
};

/**
 * Our modules have no import-time effects (they export; callers call), so
 * esbuild may leave out every module a command does not reach: `--help`
 * then loads no gRPC, NATS, Neo4j or OpenTelemetry code at all.
 */
const workspaceWithoutSideEffects = {
  name: "boyd-workspace-pure",
  setup(b) {
    b.onResolve({ filter: /^(@boyd\/|\.)/ }, async (args) => {
      if (args.pluginData === "resolving" || args.importer.includes("/node_modules/")) return undefined;
      const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: "resolving" });
      if (found.errors.length > 0) return { errors: found.errors };
      return { path: found.path, sideEffects: found.path.includes("/node_modules/") ? undefined : false };
    });
  },
};

/** Our sources' `import.meta.url` stays the source file's URL (see the header). */
const sourceFileUrl = {
  name: "boyd-source-file-url",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes("/node_modules/")) return undefined;
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      return { contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)), loader: "ts" };
    });
  },
};

/** This clone's build directory: one per clone, as .cache may be shared (boyd.sh computes the same name). */
export function cliDir(tree = root) {
  return join(tree, ".cache/cli", tree.replace(/[^A-Za-z0-9]/g, "_"));
}

/**
 * Builds into a new directory beside the current one, then points `current`
 * at it by renaming a symlink over it (atomic): a `boyd` started meanwhile
 * runs the old build whole, and parallel builds (test workers) each finish
 * a complete one. `stamp` carries the build's start time, so a source saved
 * during the build is newer than it and triggers the next one.
 */
async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const out = resolve(values.out ?? cliDir());
  const startedAt = new Date();
  const build_ = join(out, `build-${startedAt.getTime()}-${process.pid}`);
  mkdirSync(build_, { recursive: true });
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: { boyd: join(root, "packages/cli/src/main.ts") },
    outdir: build_,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: true,
    keepNames: true,
    plugins: [externalAtResolvedPath, workspaceWithoutSideEffects, sourceFileUrl],
    logLevel: "warning",
    metafile: true,
  });
  // What each output imports: the start-up test reads which files `boyd` loads before any command runs.
  writeFileSync(join(build_, "meta.json"), JSON.stringify(metafile));
  writeFileSync(join(out, "root"), `${root}\n`);
  writeFileSync(join(build_, "stamp"), "");
  utimesSync(join(build_, "stamp"), startedAt, startedAt);
  const link = join(out, `current.${process.pid}`);
  symlinkSync(basename(build_), link);
  renameSync(link, join(out, "current"));
  removeOldBuilds(out, basename(build_));
  removeBuildsOfGoneClones(dirname(out));
}

/** .cache may be shared with temporary clones (the README tests make them): drop the builds of clones since removed. */
function removeBuildsOfGoneClones(parent) {
  for (const name of readdirSync(parent)) {
    const recorded = join(parent, name, "root");
    if (!existsSync(recorded)) continue;
    if (!existsSync(readFileSync(recorded, "utf8").trim())) rmSync(join(parent, name), { recursive: true, force: true });
  }
}

/** Builds older than the last few (a running `boyd` may still load chunks of the one before). */
function removeOldBuilds(out, keep) {
  const builds = readdirSync(out).filter((name) => name.startsWith("build-") && name !== keep);
  const byAge = builds.sort((a, b) => Number(b.split("-")[1]) - Number(a.split("-")[1]));
  for (const name of byAge.slice(2)) rmSync(join(out, name), { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main().catch((err) => {
  console.error(`build-cli: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
