#!/usr/bin/env node
// Builds the console page (web/src, Preact) into static files with esbuild:
//   node services/console/web/build.mjs --out DIR
// DIR then holds index.html, favicon.svg, app.js and app.css, served as they are.
import { copyFileSync, mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The page imports message types from @boyd/proto, whose generated modules
 * also define gRPC clients with @grpc/grpc-js (a Node library: http2, tls,
 * fs). The page never uses those clients. So grpc-js resolves to an empty
 * module of its own, free of side effects, and the one call the clients make
 * at module level (makeGenericClientConstructor) is marked pure: tree
 * shaking then drops every client, and `assertBrowserOnly` proves that not
 * one byte of the stand-in, nor any import, is left in the bundle.
 */
const NODE_ONLY = /^@grpc\/grpc-js$/;
const NODE_ONLY_NAMESPACE = "node-only";
const GENERATED_DIR = join("packages", "proto", "src", "gen") + sep;
const CLIENT_CONSTRUCTOR = "= makeGenericClientConstructor(";

const leaveOutNodeOnly = {
  name: "leave-out-node-only",
  setup(b) {
    b.onResolve({ filter: NODE_ONLY }, (args) => ({ path: args.path, namespace: NODE_ONLY_NAMESPACE, sideEffects: false }));
    b.onLoad({ filter: /^/, namespace: NODE_ONLY_NAMESPACE }, (args) => ({
      contents: `export function makeGenericClientConstructor() { throw new Error("${args.path} is not part of the console page"); }\nexport class Client {}\n`,
      loader: "js",
    }));
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.includes(GENERATED_DIR)) return undefined;
      const source = await readFile(args.path, "utf8");
      return { contents: source.replaceAll(CLIENT_CONSTRUCTOR, "= /* @__PURE__ */ makeGenericClientConstructor("), loader: "ts" };
    });
  },
};

/** Fails when the bundle still uses a stand-in or imports anything (grpc-js, a node: built-in): the page must stand alone. */
function assertBrowserOnly(metafile) {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const imports = output.imports.map((i) => i.path);
    const standIns = Object.entries(output.inputs ?? {}).filter(([input, use]) => input.startsWith(`${NODE_ONLY_NAMESPACE}:`) && use.bytesInOutput > 0);
    if (imports.length > 0 || standIns.length > 0) {
      const what = [...imports, ...standIns.map(([input]) => input)].join(", ");
      throw new Error(`console page: ${file} still uses ${what}; the page must not pull Node-only code`);
    }
  }
}

/** Bundles the page into `outdir`: index.html, favicon.svg, app.js, app.css (and their source maps). */
export async function buildConsoleWeb(outdir) {
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    entryPoints: { app: join(here, "src/main.tsx") },
    outdir,
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    minify: true,
    sourcemap: true,
    jsx: "automatic",
    jsxImportSource: "preact",
    plugins: [leaveOutNodeOnly],
    metafile: true,
    logLevel: "warning",
  });
  assertBrowserOnly(result.metafile);
  for (const file of ["index.html", "favicon.svg"]) copyFileSync(join(here, file), join(outdir, file));
  return result.metafile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (!values.out) {
    console.error("usage: node services/console/web/build.mjs --out DIR");
    process.exit(2);
  }
  await buildConsoleWeb(values.out);
}
