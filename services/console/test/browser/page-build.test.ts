import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const BUILD = fileURLToPath(new URL("../../web/build.mjs", import.meta.url));

describe("page build - web/build.mjs bundles a page that stands alone in a browser", () => {
  let out: string;

  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), "boyd-console-build-"));
    await promisify(execFile)(process.execPath, [BUILD, "--out", out]);
  }, 60_000);

  afterAll(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it("files - index.html, favicon.svg, app.js and app.css (with uPlot's rules and cytoscape's container rule), no inline script", async () => {
    expect((await readdir(out)).sort()).toEqual(["app.css", "app.css.map", "app.js", "app.js.map", "favicon.svg", "index.html"]);
    const css = await readFile(join(out, "app.css"), "utf8");
    expect(css).toContain(".uplot");
    expect(css).toContain(".__________cytoscape_container");
    const html = await readFile(join(out, "index.html"), "utf8");
    // Only <script src=...>: the server's CSP (default-src 'self') blocks inline code.
    expect(html.split("<script").length - 1).toBe(1);
    expect(html).toContain('<script type="module" src="app.js"></script>');
    expect(html).not.toContain("style=");
  });

  it("bundle - the gRPC clients of @boyd/proto are left out: no grpc-js, no Node built-in, no import at all", async () => {
    const js = await readFile(join(out, "app.js"), "utf8");
    // (Booleans, not the 780 KB bundle, in a failure message.)
    const has = (text: string) => js.includes(text);
    expect({ grpc: has("grpc-js"), clients: has("makeGenericClientConstructor"), buffer: has("Buffer.from"), require: has("require(") }).toEqual({ grpc: false, clients: false, buffer: false, require: false });
    expect(/\bimport\s*[{*"]/.test(js)).toBe(false);
    // The message types are in: the page names goal statuses with them.
    expect(has("GOAL_STATUS_COMPLETED")).toBe(true);
  });
});
