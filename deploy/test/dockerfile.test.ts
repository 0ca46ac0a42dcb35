// deploy/docker/Dockerfile, read without a Docker engine: its stages, what
// the runtime image holds (only what scripts/bundle.mjs produces), and how it
// runs (non-root, `node <bundle>`).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleServices } from "./bundles.js";
import { execForm, parseCopy, parseDockerfile, workdirAt, type Stage } from "./dockerfile.js";
import { imageBundlePath, REPO_ROOT, SERVICE_NAMES } from "./repo.js";

const dockerfile = parseDockerfile(readFileSync(join(REPO_ROOT, "deploy/docker/Dockerfile"), "utf8"));
const rootPackage = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { packageManager: string; engines: { node: string } };
const build = dockerfile.find((s) => s.name === "build")!;
const runtime = dockerfile.at(-1)!;
const runs = (stage: Stage) => stage.instructions.filter((i) => i.keyword === "RUN");
const last = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword).at(-1);

// The build stage's bundle step, run here into a scratch copy of its working directory.
const bundleStep = runs(build).findIndex((i) => i.args.includes("scripts/bundle.mjs"));
const buildDir = workdirAt(build, build.instructions.indexOf(runs(build)[bundleStep]!));
const scratch = mkdtempSync(join(tmpdir(), "boyd-image-"));
/** Where a path of the build stage's file system lands in the scratch copy. */
const inScratch = (path: string) => join(scratch, posix.relative(buildDir, path));

beforeAll(async () => {
  const outArg = /--out\s+(\S+)/.exec(runs(build)[bundleStep]!.args)?.[1] ?? "dist/services";
  await bundleServices(inScratch(posix.resolve(buildDir, outArg)));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("Dockerfile", () => {
  it("image - a build stage and a runtime stage, both on the Node major the repository requires (bookworm-slim)", () => {
    expect(build).toBeDefined();
    expect(bundleStep).toBeGreaterThanOrEqual(0);
    expect(runtime).not.toBe(build);
    const major = /(\d+)/.exec(rootPackage.engines.node)![1];
    for (const stage of dockerfile) expect(stage.base).toBe(`node:${major}-bookworm-slim`);
  });

  it("image - BASE_IMAGE swaps the base of both stages (a local Debian root file system), the official Node image by default", () => {
    const text = readFileSync(join(REPO_ROOT, "deploy/docker/Dockerfile"), "utf8");
    const swapped = parseDockerfile(text, { BASE_IMAGE: "localhost/boyd-base:trixie" });
    expect(swapped.map((s) => s.base)).toEqual(["localhost/boyd-base:trixie", "localhost/boyd-base:trixie"]);
    expect(() => parseDockerfile("FROM ${NOPE} AS build\n")).toThrow(/line 1: FROM uses \$NOPE/);
  });

  it("image - the build installs the pnpm package.json's packageManager names, then the frozen lockfile", () => {
    const install = runs(build).find((i) => /npm install -g .*pnpm@/.test(i.args))!;
    expect(install).toBeDefined();
    // The version expression, evaluated the way the RUN step does (package.json copied first).
    const expression = /\$\(node -p '([^']+)'\)/.exec(install.args)![1]!;
    const version = execFileSync(process.execPath, ["-p", expression], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
    expect(`pnpm@${version}`).toBe(rootPackage.packageManager.split("+")[0]);
    const copiesPackageJson = build.instructions.findIndex((i) => i.keyword === "COPY" && parseCopy(i).sources.includes("package.json"));
    expect(copiesPackageJson).toBeGreaterThanOrEqual(0);
    expect(copiesPackageJson).toBeLessThan(build.instructions.indexOf(install));
    expect(runs(build).some((i) => /pnpm install\b.*--frozen-lockfile/.test(i.args))).toBe(true);
  });

  it("image - every path the runtime copies from the build stage is produced by scripts/bundle.mjs", () => {
    const copies = runtime.instructions.filter((i) => i.keyword === "COPY").map(parseCopy);
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      // Nothing from the build context: the image holds bundles, not sources.
      expect(copy.from, `COPY ${copy.sources.join(" ")}`).toBe(build.name);
      for (const source of copy.sources) expect(existsSync(inScratch(posix.resolve(buildDir, source))), source).toBe(true);
    }
  });

  it("image - every service's bundle is where its Deployment runs it (/app/dist/services/<name>.mjs)", () => {
    const copies = runtime.instructions.filter((i) => i.keyword === "COPY").map(parseCopy);
    for (const name of SERVICE_NAMES) {
      const target = imageBundlePath(name);
      const copy = copies.find((c) => c.sources.length === 1 && target.startsWith(`${c.destination.replace(/\/$/, "")}/`));
      expect(copy, `a COPY that puts ${target} in the image`).toBeDefined();
      const source = posix.join(posix.resolve(buildDir, copy!.sources[0]!), posix.relative(copy!.destination, target));
      expect(existsSync(inScratch(source)), `${name}: ${source}`).toBe(true);
    }
  });

  it("image - runs as uid 10001 (never root), ENTRYPOINT node, the controller by default, in production mode", () => {
    const user = last(runtime, "USER")!.args.split(":")[0]!;
    expect(user).toBe("10001");
    expect(execForm(last(runtime, "ENTRYPOINT")!)).toEqual(["node"]);
    expect(execForm(last(runtime, "CMD")!)).toEqual([imageBundlePath("controller")]);
    const env = runtime.instructions.filter((i) => i.keyword === "ENV").map((i) => i.args);
    expect(env).toContain("NODE_ENV=production");
    const exposed = runtime.instructions.filter((i) => i.keyword === "EXPOSE").flatMap((i) => i.args.split(/\s+/));
    expect(exposed).toEqual(expect.arrayContaining(["9090", "50051", "8080"]));
    // The user is created with that uid, so files and logs show a name.
    expect(runs(runtime).some((i) => /useradd .*--uid 10001/.test(i.args))).toBe(true);
  });

  it("image - the runtime stage installs bubblewrap (act's sandbox) and no other package", () => {
    const installs = runs(runtime).flatMap((i) => [...i.args.matchAll(/apt-get install ([^&;|]+)/g)].map((m) => m[1]!.trim().split(/\s+/).filter((w) => !w.startsWith("-"))));
    expect(installs).toEqual([["bubblewrap"]]);
  });

  it("image - the build context leaves out dependencies, git history and build output", () => {
    const ignored = readFileSync(join(REPO_ROOT, ".dockerignore"), "utf8").split("\n").map((l) => l.trim());
    expect(ignored).toEqual(expect.arrayContaining([".git", "**/node_modules", "**/dist", "deploy/neo4j-dev/target"]));
  });
});
