import { execFile } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/**
 * Where the built page is, and building it when its sources changed. The
 * paths start from this source file (the built CLI keeps our sources'
 * `import.meta.url`), so `boyd up` finds the page in this clone's cache,
 * never beside the bundle.
 */

const tree = fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "");
const webSources = join(tree, "services/console/web");
const builder = join(tree, "scripts/build-console-web.mjs");

/** This clone's page build: .cache/console-web/<clone path, sanitised>/current (scripts/build-console-web.mjs writes it). */
export function consoleAssetsDir(): string {
  return join(tree, ".cache/console-web", tree.replace(/[^A-Za-z0-9]/g, "_"), "current");
}

/** The newest modification time under `dir` (node_modules left out), ms. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Whether the page must be built: no build yet, or a file under services/console/web (or the package's dependencies) is newer. */
export function consoleAssetsStale(): boolean {
  const stamp = join(consoleAssetsDir(), "stamp");
  if (!existsSync(stamp)) return true;
  const sources = Math.max(newestMtime(webSources), statSync(join(tree, "services/console/package.json")).mtimeMs);
  return sources > statSync(stamp).mtimeMs;
}

/**
 * The page copied beside a bundled console (scripts/bundle.mjs puts it in
 * console-web/ next to console.mjs, in the image), or undefined from the source tree.
 */
export function bundledAssetsDir(): string | undefined {
  const beside = fileURLToPath(new URL("./console-web/", import.meta.url));
  return existsSync(join(beside, "index.html")) ? beside : undefined;
}

/** The page's directory, built first when stale (esbuild in a child process, a second or two). */
export async function ensureConsoleAssets(): Promise<string> {
  if (consoleAssetsStale()) {
    try {
      await promisify(execFile)(process.execPath, [builder], { cwd: tree });
    } catch (err) {
      const stderr = (err as { stderr?: string }).stderr?.trim();
      throw new Error(`could not build the console page (${builder}): ${stderr || (err as Error).message}`);
    }
  }
  return consoleAssetsDir();
}
