import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import type { ServerResponse } from "node:http";

// What the page is made of (web/build.mjs writes html, js, css and source
// maps); anything else goes out as bytes the browser will not sniff.
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/** The Content-Type of a file by its extension. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/**
 * The file under `root` a URL path names, or undefined when it names none
 * or would leave `root`. The path arrives still percent-encoded: it is
 * decoded once here, and `..` segments, backslashes and NUL bytes are
 * refused rather than normalised (a browser never sends them for a real asset).
 */
export function assetPath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded === "/" || decoded === "") decoded = "/index.html";
  if (decoded.includes("\0") || decoded.includes("\\")) return undefined;
  const segments = decoded.split("/").slice(1);
  if (segments.some((s) => s === ".." || s === "." || s === "")) return undefined;
  const base = resolve(root);
  const file = join(base, ...segments);
  return file.startsWith(base + sep) ? file : undefined;
}

/** Sends a file of the page, or false when there is no such regular file. */
export async function sendAsset(res: ServerResponse, file: string, head: boolean): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return false;
  res.writeHead(200, { "content-type": contentTypeOf(file), "content-length": info.size, "cache-control": "no-cache" });
  if (head) {
    res.end();
    return true;
  }
  await new Promise<void>((resolvePromise) => {
    const stream = createReadStream(file);
    stream.once("error", () => {
      res.destroy();
      resolvePromise();
    });
    stream.once("end", () => resolvePromise());
    stream.pipe(res);
  });
  return true;
}
