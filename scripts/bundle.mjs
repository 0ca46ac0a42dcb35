#!/usr/bin/env node
// Bundles each service's standalone process (services/<name>/src/main.ts)
// into one ESM file per service, <out>/<name>.mjs, for the container image:
// the image then needs no node_modules. Files the code reads at run time are
// copied next to the bundles, so <out> is everything a service needs; the
// console's page is built into <out>/console-web, where the console bundle
// looks for it (services/console/src/assets.ts).
//
//   node scripts/bundle.mjs [--out DIR] [--only name,name]
//
// --out defaults to dist/services; --only bundles just the named services.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { buildConsoleWeb } from "../services/console/web/build.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Every service with a standalone process, found by its services/<name>/src/main.ts. */
const allServices = readdirSync(join(root, "services"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, "services", entry.name, "src/main.ts")))
  .map((entry) => entry.name)
  .sort();

// ESM output cannot `require`, and bundled CommonJS dependencies still do
// (node built-ins, optional modules probed at run time) and read `__dirname`.
// Each bundle defines them for itself; `__dirname` is the bundle's directory.
const banner = [
  'import { createRequire as __boydCreateRequire } from "node:module";',
  'import { fileURLToPath as __boydFileURLToPath } from "node:url";',
  'import { dirname as __boydDirname } from "node:path";',
  "const require = __boydCreateRequire(import.meta.url);",
  "const __filename = __boydFileURLToPath(import.meta.url);",
  "const __dirname = __boydDirname(__filename);",
].join("\n");

/**
 * Dependencies that read their own files at run time, relative to their
 * module's `__dirname`. The bundle copies those files to `vendor/<package>/`
 * and points each such module's `__dirname` at where it would sit there, so
 * the relative paths in its code keep working. Found by grepping the bundles
 * for `__dirname`; the ones left out only run for features we do not use
 * (pino's worker transports: services log to stdout).
 */
const vendoredAssets = [
  // grpc.health.v1: loads proto/health/v1/health.proto when imported.
  { pkg: "grpc-health-check", modules: ["build/src/health.js"], files: ["proto"] },
  // channelz and ORCA load reports: load proto/channelz.proto, proto/xds/... on first use.
  { pkg: "@grpc/grpc-js", modules: ["build/src/channelz.js", "build/src/orca.js"], files: ["proto"] },
];

/**
 * Files our own code reads relative to `import.meta.url`. In a bundle that
 * URL is the bundle's, so they go to the same relative place next to it.
 */
const ownAssets = [
  // gRPC server reflection's descriptor sets: packages/proto/src/descriptors.ts
  // reads ./gen/boyd.binpb and ./gen/grpc-standard.binpb (health, reflection).
  { source: "packages/proto/src/gen/boyd.binpb", target: "gen/boyd.binpb" },
  { source: "packages/proto/src/gen/grpc-standard.binpb", target: "gen/grpc-standard.binpb" },
];

/** Where the console's page goes, beside console.mjs. */
const CONSOLE_WEB = "console-web";

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * An esbuild plugin rewriting `__dirname` in the vendored modules (see
 * vendoredAssets); records each package's directory in `roots` so its files
 * can be copied after the build.
 */
function vendoredDirnamePlugin(roots) {
  return {
    name: "boyd-vendored-dirname",
    setup(b) {
      for (const asset of vendoredAssets) {
        for (const module of asset.modules) {
          const filter = new RegExp(`[\\\\/]node_modules[\\\\/]${escapeRegExp(asset.pkg)}[\\\\/]${escapeRegExp(module)}$`);
          b.onLoad({ filter }, (args) => {
            const root = args.path.slice(0, args.path.length - module.length - 1);
            const seen = roots.get(asset.pkg);
            if (seen !== undefined && seen !== root) {
              throw new Error(`two copies of ${asset.pkg} in one bundle (${seen}, ${root}); their vendored files would clash`);
            }
            roots.set(asset.pkg, root);
            const dir = `/vendor/${asset.pkg}/${dirname(module)}`;
            const source = readFileSync(args.path, "utf8");
            return { contents: source.replaceAll("__dirname", `(__dirname + ${JSON.stringify(dir)})`), loader: "js" };
          });
        }
      }
    },
  };
}

function copyAssets(out, roots) {
  for (const asset of vendoredAssets) {
    const from = roots.get(asset.pkg);
    // Not imported by the services bundled this time: nothing to copy.
    if (from === undefined) continue;
    for (const file of asset.files) cpSync(join(from, file), join(out, "vendor", asset.pkg, file), { recursive: true });
  }
  for (const asset of ownAssets) {
    mkdirSync(dirname(join(out, asset.target)), { recursive: true });
    cpSync(join(root, asset.source), join(out, asset.target));
  }
}

/**
 * Removes what an earlier run wrote to `out` (bundles of renamed services
 * must not ship), and only that: --out may name a directory holding more.
 */
function removeEarlierOutput(out) {
  if (!existsSync(out)) return;
  for (const name of readdirSync(out)) {
    if (/\.mjs(\.map)?$/.test(name) || name === "vendor" || name === "gen" || name === CONSOLE_WEB) rmSync(join(out, name), { recursive: true, force: true });
  }
}

function parseCommandLine(argv) {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: "string", default: join(root, "dist/services") }, only: { type: "string" } },
  });
  const only = values.only?.split(",").map((name) => name.trim()).filter(Boolean) ?? allServices;
  const unknown = only.filter((name) => !allServices.includes(name));
  if (unknown.length > 0) throw new Error(`--only: no service named ${unknown.join(", ")} (services: ${allServices.join(", ")})`);
  return { out: resolve(values.out), services: only };
}

async function main() {
  const { out, services } = parseCommandLine(process.argv.slice(2));
  removeEarlierOutput(out);
  mkdirSync(out, { recursive: true });
  const roots = new Map();
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(services.map((name) => [name, join(root, "services", name, "src/main.ts")])),
    outdir: out,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // Each service is one self-contained file: no shared chunks to copy along.
    splitting: false,
    // Stack traces point into the TypeScript sources (node --enable-source-maps);
    // the sources themselves stay out of the image.
    sourcemap: true,
    sourcesContent: false,
    // Keep function and class names: they show up in logs and error names.
    keepNames: true,
    banner: { js: banner },
    plugins: [vendoredDirnamePlugin(roots)],
    logLevel: "warning",
  });
  copyAssets(out, roots);
  if (services.includes("console")) await buildConsoleWeb(join(out, CONSOLE_WEB));
  console.log(`bundled ${services.join(", ")} into ${out}`);
}

main().catch((err) => {
  console.error(`bundle: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
