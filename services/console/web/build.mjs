#!/usr/bin/env node
// Builds the console page (web/src, Preact) into static files with esbuild:
//   node services/console/web/build.mjs --out DIR
// DIR then holds index.html, app.js and app.css, served as they are.
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));

/** Bundles the page into `outdir`. */
export async function buildConsoleWeb(outdir) {
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: { app: join(here, "src/main.tsx") },
    outdir,
    bundle: true,
    format: "esm",
    target: "es2022",
    minify: true,
    sourcemap: true,
    jsx: "automatic",
    jsxImportSource: "preact",
    logLevel: "warning",
  });
  copyFileSync(join(here, "index.html"), join(outdir, "index.html"));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (!values.out) {
    console.error("usage: node services/console/web/build.mjs --out DIR");
    process.exit(2);
  }
  await buildConsoleWeb(values.out);
}
