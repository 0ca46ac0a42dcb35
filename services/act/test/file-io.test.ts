import { execFileSync } from "node:child_process";
import { lstat, mkdir, mkdtemp, readFile, readdir, readlink, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BusError, type StatusCodeName } from "@boyd/bus";
import { DangerLevel } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hasNestedQuantifier } from "../src/sandbox/workspace-regex.js";
import { Workspace, type WorkspaceOptions } from "../src/sandbox/workspace.js";
import { createFileIoTool } from "../src/tools/file-io.js";
import type { CallContext } from "../src/tool.js";

const SECRET = "TOP-SECRET-outside-7f3a9c";
/** Rounds of the swap race; raise BOYD_RACE_ROUNDS to hunt harder. */
const ROUNDS = Number(process.env["BOYD_RACE_ROUNDS"] ?? 300);

let base: string;
let root: string;
let outside: string;
let outsideBefore: Map<string, string>;

/** Every entry under `dir` (never following symlinks) with its kind and content, to prove nothing outside changed. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string, rel: string): Promise<void> => {
    for (const name of (await readdir(d)).sort()) {
      const p = join(d, name);
      const r = rel === "" ? name : `${rel}/${name}`;
      const st = await lstat(p);
      if (st.isSymbolicLink()) out.set(r, `link:${await readlink(p)}`);
      else if (st.isDirectory()) {
        out.set(r, "dir");
        await walk(p, r);
      } else out.set(r, `file:${await readFile(p, "utf8")}`);
    }
  };
  await walk(dir, "");
  return out;
}

async function open(options: WorkspaceOptions = {}): Promise<Workspace> {
  return Workspace.open(root, options);
}

/** Awaits a promise that must reject with a BusError of `code` whose message contains `text`; returns the error. */
async function refused(p: Promise<unknown>, code: StatusCodeName, text?: string | RegExp): Promise<BusError> {
  const err: unknown = await p.then(
    () => new Error("expected a refusal, but the call succeeded"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BusError);
  const bus = err as BusError;
  expect(bus.code, bus.message).toBe(code);
  if (text !== undefined) expect(bus.message).toMatch(text);
  expect(bus.message).not.toContain(SECRET);
  return bus;
}

function context(): CallContext {
  return { agentId: "agent-1", cycle: 1, step: 0, signal: new AbortController().signal, deadline: Date.now() + 30_000, outputCapBytes: 65536 };
}

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), "boyd-file-io-"));
  root = join(base, "ws");
  outside = join(base, "outside");
  await mkdir(join(outside, "dir"), { recursive: true });
  await writeFile(join(outside, "secret"), SECRET);
  await writeFile(join(outside, "dir", "f.txt"), SECRET);
  outsideBefore = await snapshot(outside);
});

afterEach(async () => {
  // Whatever a test did, the outside tree must be exactly as it was.
  expect(await snapshot(outside)).toEqual(outsideBefore);
  expect((await readdir(base)).filter((n) => n !== "outside" && n !== "ws")).toEqual([]);
  await rm(base, { recursive: true, force: true });
});

describe("workspace basics", () => {
  it("file_io - open creates the root and keeps its real path", async () => {
    const ws = await open();
    expect(ws.root).toBe(root);
    expect((await stat(root)).isDirectory()).toBe(true);
  });

  it("file_io - writes, reads, and overwrites a file", async () => {
    const ws = await open();
    expect(await ws.write("a.txt", "hello\n")).toEqual({ bytes: 6, created: true });
    expect(await ws.read("a.txt")).toEqual({ content: "hello\n", bytes: 6, size: 6, truncated: false, binary: false });
    expect(await ws.write("./a.txt", "bye\n")).toEqual({ bytes: 4, created: false });
    expect(await readFile(join(root, "a.txt"), "utf8")).toBe("bye\n");
    // The atomic write leaves no temporary file behind.
    expect(await readdir(root)).toEqual(["a.txt"]);
  });

  it("file_io - write keeps a replaced file's permission bits", async () => {
    const ws = await open();
    await ws.write("run.sh", "#!/bin/sh\n");
    execFileSync("chmod", ["0750", join(root, "run.sh")]);
    await ws.write("run.sh", "#!/bin/sh\necho hi\n");
    expect((await stat(join(root, "run.sh"))).mode & 0o777).toBe(0o750);
  });

  it("file_io - write creates parents only when asked", async () => {
    const ws = await open();
    await refused(ws.write("x/y/z.txt", "z"), "NOT_FOUND", /parent directory of "x\/y\/z.txt" does not exist/);
    expect(await readdir(root)).toEqual([]);
    expect(await ws.write("x/y/z.txt", "z", { createParents: true })).toEqual({ bytes: 1, created: true });
    expect(await readFile(join(root, "x/y/z.txt"), "utf8")).toBe("z");
  });

  it("file_io - refuses to read or write a directory and to read a FIFO", async () => {
    const ws = await open();
    await mkdir(join(root, "d"));
    await refused(ws.read("d"), "FAILED_PRECONDITION", /is a directory/);
    await refused(ws.write("d", "x"), "FAILED_PRECONDITION", /is a directory/);
    await refused(ws.write(".", "x"), "FAILED_PRECONDITION", /workspace root/);
    execFileSync("mkfifo", [join(root, "pipe")]);
    // O_NONBLOCK: a FIFO nobody writes to must not hang the read.
    await refused(ws.read("pipe"), "FAILED_PRECONDITION", /not a regular file/);
  });

  it("file_io - reports binary files without their content", async () => {
    const ws = await open();
    await writeFile(join(root, "b.bin"), Buffer.from([1, 2, 0, 3]));
    expect(await ws.read("b.bin")).toMatchObject({ content: "", binary: true, size: 4 });
  });

  it("file_io - preview shows a unified diff and changes nothing", async () => {
    const ws = await open();
    await ws.write("notes.txt", "one\ntwo\nthree\n");
    const p = await ws.preview("notes.txt", "one\n2\nthree\n");
    expect(p.creates).toBe(false);
    expect(p.sizeBytes).toBe(12);
    expect(p.diff).toContain("--- a/notes.txt");
    expect(p.diff).toContain("+++ b/notes.txt");
    expect(p.diff).toContain("-two");
    expect(p.diff).toContain("+2");
    const created = await ws.preview("new/file.txt", "fresh\n");
    expect(created).toMatchObject({ creates: true, sizeBytes: 6 });
    expect(created.diff).toContain("+fresh");
    expect(await readFile(join(root, "notes.txt"), "utf8")).toBe("one\ntwo\nthree\n");
    expect((await readdir(root)).sort()).toEqual(["notes.txt"]);
  });

  it("file_io - preview is cut to the preview cap", async () => {
    const ws = await open({ maxPreviewBytes: 200 });
    const p = await ws.preview("big.txt", "line\n".repeat(500));
    expect(Buffer.byteLength(p.diff)).toBeLessThan(300);
    expect(p.diff).toMatch(/diff cut at 200 bytes/);
  });

  it("file_io - lists a directory, recursively on request, reporting symlinks without following them", async () => {
    const ws = await open();
    await ws.write("b.txt", "bb");
    await ws.write("sub/deep/c.txt", "c", { createParents: true });
    await symlink("b.txt", join(root, "ln"));
    const flat = await ws.list(".");
    expect(flat).toEqual({
      entries: [
        { path: "b.txt", type: "file", size: 2 },
        { path: "ln", type: "symlink", size: 5 },
        { path: "sub", type: "dir", size: 0 },
      ],
      truncated: false,
    });
    const deep = await ws.list(".", { recursive: true });
    expect(deep.entries.map((e) => e.path)).toEqual(["b.txt", "ln", "sub", "sub/deep", "sub/deep/c.txt"]);
    const shallow = await ws.list("sub", { recursive: true, maxDepth: 1 });
    expect(shallow.entries.map((e) => e.path)).toEqual(["sub/deep"]);
    await refused(ws.list("b.txt"), "FAILED_PRECONDITION", /is not a directory/);
    await refused(ws.list("nope"), "NOT_FOUND", /"nope" does not exist/);
  });

  it("file_io - searches text files for a substring, a regex, and under a glob, skipping binaries", async () => {
    const ws = await open();
    await ws.write("a.ts", "const x = 1;\nlet needle = 2;\n");
    await ws.write("src/b.md", "no\nneedle here\r\nneedle again\n", { createParents: true });
    await writeFile(join(root, "bin.dat"), Buffer.concat([Buffer.from("needle"), Buffer.from([0, 1])]));
    const plain = await ws.search(".", "needle");
    expect(plain.matches).toEqual([
      { path: "a.ts", line: 2, text: "let needle = 2;" },
      { path: "src/b.md", line: 2, text: "needle here" },
      { path: "src/b.md", line: 3, text: "needle again" },
    ]);
    expect(plain).toMatchObject({ filesScanned: 2, skipped: 1, truncated: false });
    const re = await ws.search(".", "^needle\\s+a", { regex: true });
    expect(re.matches).toEqual([{ path: "src/b.md", line: 3, text: "needle again" }]);
    const globbed = await ws.search(".", "needle", { glob: "*.ts" });
    expect(globbed.matches.map((m) => m.path)).toEqual(["a.ts"]);
    const one = await ws.search("src/b.md", "again");
    expect(one.matches).toEqual([{ path: "src/b.md", line: 3, text: "needle again" }]);
  });

  it("file_io - deletes files and directories, trees only when recursive, never the root", async () => {
    const ws = await open();
    await ws.write("t/u/v.txt", "v", { createParents: true });
    await ws.write("f.txt", "f");
    expect(await ws.delete("f.txt")).toEqual({ type: "file", removed: 1 });
    await refused(ws.delete("t"), "FAILED_PRECONDITION", /not empty \(pass recursive/);
    expect(await ws.delete("t", { recursive: true })).toEqual({ type: "dir", removed: 3 });
    expect(await readdir(root)).toEqual([]);
    await refused(ws.delete("."), "PERMISSION_DENIED", /workspace root/);
    await refused(ws.delete("t/.."), "PERMISSION_DENIED", /workspace root/);
    await refused(ws.delete("gone"), "NOT_FOUND", /"gone" does not exist/);
    expect((await stat(root)).isDirectory()).toBe(true);
  });

  it("file_io - directory() returns the real path of a directory inside and refuses the rest", async () => {
    const ws = await open();
    await ws.write("d/f.txt", "f", { createParents: true });
    expect(await ws.directory(".")).toBe(root);
    expect(await ws.directory("d")).toBe(join(root, "d"));
    await symlink("d", join(root, "dl"));
    expect(await ws.directory("dl")).toBe(join(root, "d"));
    await refused(ws.directory("missing"), "NOT_FOUND");
    await refused(ws.directory("d/f.txt"), "FAILED_PRECONDITION", /not a directory/);
    await refused(ws.directory(".."), "PERMISSION_DENIED", /escapes the workspace/);
    await symlink(join(outside, "dir"), join(root, "out"));
    await refused(ws.directory("out"), "PERMISSION_DENIED", /escapes the workspace through symlink "out"/);
  });
});

describe("path rules", () => {
  const cases: [string, StatusCodeName, RegExp][] = [
    ["../../etc/passwd", "PERMISSION_DENIED", /path "..\/..\/etc\/passwd" escapes the workspace/],
    ["/etc/passwd", "PERMISSION_DENIED", /path "\/etc\/passwd" is absolute/],
    ["sub/../../outside/secret", "PERMISSION_DENIED", /path "sub\/..\/..\/outside\/secret" escapes the workspace/],
    ["..", "PERMISSION_DENIED", /escapes the workspace/],
    ["a\0b", "INVALID_ARGUMENT", /path "a\\u0000b" contains a NUL byte/],
    ["", "INVALID_ARGUMENT", /path "" is empty/],
    ["x".repeat(5000), "INVALID_ARGUMENT", /characters long/],
  ];
  for (const [path, code, message] of cases) {
    it(`file_io - refuses ${JSON.stringify(path.slice(0, 30))} for every operation`, async () => {
      const ws = await open();
      await mkdir(join(root, "sub"));
      await refused(ws.read(path), code, message);
      await refused(ws.write(path, "pwned"), code, message);
      await refused(ws.write(path, "pwned", { createParents: true }), code, message);
      await refused(ws.preview(path, "pwned"), code, message);
      await refused(ws.delete(path, { recursive: true }), code, message);
      await refused(ws.list(path), code, message);
      await refused(ws.search(path, "TOP"), code, message);
      await refused(ws.directory(path), code, message);
      expect(await readdir(root)).toEqual(["sub"]);
    });
  }

  it("file_io - the tool names itself and the path in a refusal", async () => {
    const tool = createFileIoTool({ workspace: await open() });
    const input = tool.input.parse({ action: "read", path: "../../etc/passwd" });
    await refused(tool.run(input, context()), "PERMISSION_DENIED", /^file_io: path "..\/..\/etc\/passwd" escapes the workspace$/);
    await refused(Promise.resolve().then(() => tool.assess(input, context())), "PERMISSION_DENIED", /^file_io: path/);
  });
});

describe("symlinks", () => {
  it("file_io - a symlink to an outside file cannot be read, written or deleted through", async () => {
    const ws = await open();
    await symlink(join(outside, "secret"), join(root, "leak"));
    await symlink("../outside/secret", join(root, "leak-rel"));
    for (const p of ["leak", "leak-rel"]) {
      await refused(ws.read(p), "PERMISSION_DENIED", new RegExp(`escapes the workspace through symlink "${p}"`));
      await refused(ws.write(p, "pwned"), "PERMISSION_DENIED", /escapes the workspace/);
      await refused(ws.preview(p, "pwned"), "PERMISSION_DENIED", /escapes the workspace/);
      await refused(ws.delete(p), "PERMISSION_DENIED", /escapes the workspace/);
      expect((await lstat(join(root, p))).isSymbolicLink()).toBe(true);
    }
  });

  it("file_io - a symlinked directory pointing outside cannot be read or written beneath", async () => {
    const ws = await open();
    await symlink(join(outside, "dir"), join(root, "d"));
    await refused(ws.read("d/f.txt"), "PERMISSION_DENIED", /escapes the workspace through symlink "d"/);
    await refused(ws.write("d/new.txt", "pwned"), "PERMISSION_DENIED", /escapes/);
    await refused(ws.write("d/x/new.txt", "pwned", { createParents: true }), "PERMISSION_DENIED", /escapes/);
    await refused(ws.delete("d/f.txt"), "PERMISSION_DENIED", /escapes/);
    await refused(ws.list("d"), "PERMISSION_DENIED", /escapes/);
    await refused(ws.search("d", "TOP"), "PERMISSION_DENIED", /escapes/);
  });

  it("file_io - a dangling symlink pointing outside is not written through", async () => {
    const ws = await open();
    await symlink(join(outside, "created-by-attack"), join(root, "dangling"));
    await refused(ws.write("dangling", "pwned"), "PERMISSION_DENIED", /escapes/);
  });

  it("file_io - a symlink loop is refused as a loop", async () => {
    const ws = await open();
    await symlink("loop-b", join(root, "loop-a"));
    await symlink("loop-a", join(root, "loop-b"));
    await symlink("self", join(root, "self"));
    await refused(ws.read("loop-a"), "FAILED_PRECONDITION", /too many levels of symbolic links/);
    await refused(ws.write("self", "x"), "FAILED_PRECONDITION", /too many levels/);
    await refused(ws.read("self/x"), "FAILED_PRECONDITION", /too many levels/);
  });

  it("file_io - symlinks that stay inside are followed", async () => {
    const ws = await open();
    await ws.write("real/target.txt", "inside\n", { createParents: true });
    await symlink("real/target.txt", join(root, "rel"));
    await symlink(join(root, "real", "target.txt"), join(root, "abs"));
    await symlink("real", join(root, "dirlink"));
    await symlink("../real/target.txt", join(root, "real", "..-link"));
    for (const p of ["rel", "abs", "dirlink/target.txt", "real/..-link"]) expect((await ws.read(p)).content).toBe("inside\n");
    // Writing through an inside link changes its target and keeps the link.
    expect(await ws.write("rel", "changed\n")).toEqual({ bytes: 8, created: false });
    expect(await readFile(join(root, "real", "target.txt"), "utf8")).toBe("changed\n");
    expect((await lstat(join(root, "rel"))).isSymbolicLink()).toBe(true);
    await ws.write("dirlink/other.txt", "o");
    expect(await readFile(join(root, "real", "other.txt"), "utf8")).toBe("o");
    // Deleting a link removes the link, not its target.
    await ws.delete("abs");
    expect(await readFile(join(root, "real", "target.txt"), "utf8")).toBe("changed\n");
  });

  it("file_io - a symlink whose resolution leaves the root and comes back is refused", async () => {
    const ws = await open();
    await ws.write("a.txt", "a");
    await symlink("../ws/a.txt", join(root, "roundtrip"));
    await refused(ws.read("roundtrip"), "PERMISSION_DENIED", /escapes the workspace through symlink "roundtrip"/);
  });

  it("file_io - search and recursive list never follow symlinks out", async () => {
    const ws = await open();
    await ws.write("visible.txt", "TOP-SECRET? no, just a file\n");
    await symlink(join(outside, "dir"), join(root, "outdir"));
    await symlink(join(outside, "secret"), join(root, "outfile"));
    const found = await ws.search(".", "TOP");
    expect(found.matches).toEqual([{ path: "visible.txt", line: 1, text: "TOP-SECRET? no, just a file" }]);
    const listing = await ws.list(".", { recursive: true });
    expect(listing.entries.map((e) => `${e.path}:${e.type}`)).toEqual(["outdir:symlink", "outfile:symlink", "visible.txt:file"]);
  });
});

describe("swap races", () => {
  /** Workspace whose hook swaps `victim` for a symlink to `target` right after the check. */
  async function swapping(victim: string, target: string): Promise<Workspace> {
    return open({
      testHooks: {
        afterResolve: async () => {
          await rm(join(root, victim), { recursive: true, force: true });
          await symlink(target, join(root, victim));
        },
      },
    });
  }

  it("file_io - a file swapped for a symlink after the check is not read", async () => {
    await mkdir(root);
    await writeFile(join(root, "a.txt"), "harmless");
    const ws = await swapping("a.txt", join(outside, "secret"));
    await refused(ws.read("a.txt"), "PERMISSION_DENIED", /became a symbolic link while in use/);
  });

  it("file_io - a directory swapped for a symlink after the check is not read beneath", async () => {
    await mkdir(join(root, "d"), { recursive: true });
    await writeFile(join(root, "d", "f.txt"), "harmless");
    const ws = await swapping("d", join(outside, "dir"));
    await refused(ws.read("d/f.txt"), "PERMISSION_DENIED", /resolved outside the workspace while in use/);
  });

  it("file_io - a parent swapped for a symlink after the check is not written beneath", async () => {
    await mkdir(join(root, "d", "e"), { recursive: true });
    await mkdir(join(outside, "dir", "e"));
    outsideBefore = await snapshot(outside);
    let ws = await swapping("d", join(outside, "dir"));
    await refused(ws.write("d/new.txt", "pwned"), "PERMISSION_DENIED", /became a symbolic link/);
    ws = await swapping("d", join(outside, "dir"));
    await rm(join(root, "d"), { recursive: true, force: true });
    await mkdir(join(root, "d", "e"), { recursive: true });
    await refused(ws.write("d/e/new.txt", "pwned"), "PERMISSION_DENIED", /resolved outside the workspace/);
    await rm(join(root, "d"), { recursive: true, force: true });
    await mkdir(join(root, "d", "e"), { recursive: true });
    await refused(ws.write("d/e/x/y/new.txt", "pwned", { createParents: true }), "PERMISSION_DENIED", /resolved outside the workspace/);
  });

  it("file_io - a target swapped for a symlink is replaced inside, its outside target untouched", async () => {
    await mkdir(root);
    await writeFile(join(root, "a.txt"), "old");
    const ws = await swapping("a.txt", join(outside, "secret"));
    await ws.write("a.txt", "new");
    const st = await lstat(join(root, "a.txt"));
    expect(st.isFile()).toBe(true);
    expect(await readFile(join(root, "a.txt"), "utf8")).toBe("new");
  });

  it("file_io - delete after a swap removes only the link", async () => {
    await mkdir(join(root, "d"), { recursive: true });
    await writeFile(join(root, "a.txt"), "a");
    await writeFile(join(root, "d", "f.txt"), "f");
    let ws = await swapping("a.txt", join(outside, "secret"));
    await ws.delete("a.txt");
    ws = await swapping("d", join(outside, "dir"));
    await ws.delete("d", { recursive: true });
    expect(await readdir(root)).toEqual([]);
    await mkdir(join(root, "d"));
    await writeFile(join(root, "d", "f.txt"), "f");
    await refused(ws.delete("d/f.txt"), "PERMISSION_DENIED", /became a symbolic link/);
  });

  it("file_io - list, search and preview refuse a directory or file swapped after the check", async () => {
    await mkdir(join(root, "d"), { recursive: true });
    await writeFile(join(root, "d", "f.txt"), "harmless");
    let ws = await swapping("d", join(outside, "dir"));
    await refused(ws.list("d"), "PERMISSION_DENIED");
    await rm(join(root, "d"));
    await mkdir(join(root, "d"));
    await writeFile(join(root, "d", "f.txt"), "harmless");
    await refused(ws.search("d", "TOP"), "PERMISSION_DENIED");
    await rm(join(root, "d"));
    await mkdir(join(root, "d"));
    await writeFile(join(root, "d", "f.txt"), "harmless");
    await refused(ws.directory("d"), "PERMISSION_DENIED");
    ws = await swapping("a.txt", join(outside, "secret"));
    await writeFile(join(root, "a.txt"), "harmless");
    await refused(ws.preview("a.txt", "x"), "PERMISSION_DENIED");
  });

  it("file_io - a swapper racing reads, writes and searches for many rounds never leaks or writes outside", async () => {
    const ws = await open();
    await ws.write("d-store/f.txt", "harmless", { createParents: true });
    await symlink(join(outside, "dir"), join(root, "d-link"));
    await ws.write("a-store", "harmless");
    await symlink(join(outside, "secret"), join(root, "a-link"));
    let stop = false;
    // "d" flips between a real directory and a symlink to the outside, each
    // flip one atomic rename, as fast as the thread pool allows.
    const swapper = (async () => {
      while (!stop) {
        await rename(join(root, "d-store"), join(root, "d"));
        await rename(join(root, "d"), join(root, "d-store"));
        await rename(join(root, "d-link"), join(root, "d"));
        await rename(join(root, "d"), join(root, "d-link"));
        await rename(join(root, "a-store"), join(root, "a.txt"));
        await rename(join(root, "a.txt"), join(root, "a-store"));
        await rename(join(root, "a-link"), join(root, "a.txt"));
        await rename(join(root, "a.txt"), join(root, "a-link"));
      }
    })();
    const outcomes = new Set<string>();
    try {
      for (let i = 0; i < ROUNDS; i++) {
        const r = await ws.read("d/f.txt").catch((e: unknown) => e);
        outcomes.add(r instanceof BusError ? r.code : (r as { content: string }).content);
        const a = await ws.read("a.txt").catch((e: unknown) => e);
        outcomes.add(a instanceof BusError ? a.code : (a as { content: string }).content);
        const w = await ws.write("d/new.txt", "pwned").catch((e: unknown) => e);
        outcomes.add(w instanceof BusError ? `write:${w.code}` : "write:ok");
        const s = await ws.search(".", "TOP-SECRET").catch(() => undefined);
        expect(s?.matches ?? []).toEqual([]);
      }
    } finally {
      stop = true;
      await swapper;
    }
    // Every call either worked inside or was refused (ABORTED: the path changed mid-resolution); none saw the secret.
    const allowed = ["harmless", "NOT_FOUND", "PERMISSION_DENIED", "ABORTED"];
    for (const o of outcomes) expect([...allowed, "write:ok", ...allowed.slice(1).map((c) => `write:${c}`)]).toContain(o);
  });
});

describe("caps", () => {
  it("file_io - an oversize write is refused, naming the size", async () => {
    const ws = await open({ maxWriteBytes: 1024 });
    await refused(ws.write("big.txt", "x".repeat(1025)), "INVALID_ARGUMENT", /"big.txt" is 1025 bytes; the write limit is 1024 bytes/);
    await refused(ws.preview("big.txt", "x".repeat(1025)), "INVALID_ARGUMENT", /1025 bytes/);
    expect(await readdir(root)).toEqual([]);
    expect((await open()).limits.maxWriteBytes).toBe(1024 * 1024);
  });

  it("file_io - an oversize read is truncated at the cap, on a character boundary", async () => {
    const ws = await open({ maxReadBytes: 1024 });
    await writeFile(join(root, "big.txt"), "a".repeat(1023) + "é" + "b".repeat(100));
    const r = await ws.read("big.txt");
    expect(r).toMatchObject({ bytes: 1024, size: 1125, truncated: true, binary: false });
    expect(r.content).toBe("a".repeat(1023));
    expect((await open()).limits.maxReadBytes).toBe(256 * 1024);
  });

  it("file_io - listing stops at the entry cap", async () => {
    const ws = await open({ maxListEntries: 5 });
    for (let i = 0; i < 10; i++) await writeFile(join(root, `f${i}.txt`), "");
    const r = await ws.list(".");
    expect(r.entries).toHaveLength(5);
    expect(r.truncated).toBe(true);
    const exact = await (await open({ maxListEntries: 10 })).list(".");
    expect(exact.truncated).toBe(false);
  });

  it("file_io - search stops at the result and file caps and skips files over the size cap", async () => {
    await mkdir(root);
    for (let i = 0; i < 6; i++) await writeFile(join(root, `f${i}.txt`), "hit\nhit\n");
    await writeFile(join(root, "z-big.txt"), "hit\n".repeat(100));
    const byResults = await (await open({ maxSearchResults: 3 })).search(".", "hit");
    expect(byResults.matches).toHaveLength(3);
    expect(byResults.truncated).toBe(true);
    const byFiles = await (await open({ maxSearchFiles: 2 })).search(".", "hit");
    expect(byFiles).toMatchObject({ filesScanned: 2, truncated: true });
    expect(byFiles.matches).toHaveLength(4);
    const bySize = await (await open({ maxSearchFileBytes: 100 })).search(".", "hit");
    expect(bySize).toMatchObject({ filesScanned: 6, skipped: 1, truncated: false });
    // Starting the regex worker alone takes longer than a 1 ms budget: the search stops after the first file.
    const byTime = await (await open({ searchTimeMs: 1 })).search(".", "h.t", { regex: true });
    expect(byTime).toMatchObject({ filesScanned: 1, truncated: true });
  });

  it("file_io - a catastrophic regex is refused or stopped by the time bound", async () => {
    const ws = await open({ regexTimeoutMs: 200 });
    await ws.write("a.txt", `${"a".repeat(40)}\n`);
    await refused(ws.search(".", "(a+)+$", { regex: true }), "INVALID_ARGUMENT", /nested quantifiers/);
    await refused(ws.search(".", "(?:\\w*x)*y", { regex: true }), "INVALID_ARGUMENT", /nested quantifiers/);
    await refused(ws.search(".", "a".repeat(513), { regex: true }), "INVALID_ARGUMENT", /limit is 512/);
    await refused(ws.search(".", "(unclosed", { regex: true }), "INVALID_ARGUMENT", /is not valid/);
    const started = Date.now();
    await refused(ws.search(".", "(a|a)*b", { regex: true }), "INVALID_ARGUMENT", /took longer than 200 ms on "a.txt"/);
    expect(Date.now() - started).toBeLessThan(5000);
    // Bounded quantifiers and a plain repeated group are fine.
    expect((await ws.search(".", "(ab)+|a{2,5}", { regex: true })).matches).toHaveLength(1);
  });

  it("file_io - the nested-quantifier check flags star height above one and nothing else", () => {
    for (const p of ["(a+)+$", "(?:\\w*x)*y", "(a{2,})+", "(?<n>a+)+", "((a+)b)*", "(\\d+\\.)+"]) expect(hasNestedQuantifier(p), p).toBe(true);
    for (const p of ["(ab)+|a{2,5}", "[(a+)]+", "\\(a+\\)+", "(a{2})+", "(a+)?", "(a+)(b)+", "a+b+c*", "(?=a+)b"]) expect(hasNestedQuantifier(p), p).toBe(false);
  });

  it("file_io - rejects bad options naming them", async () => {
    await refused(Workspace.open(root, { maxReadBytes: 0 }), "INVALID_ARGUMENT", /maxReadBytes must be a positive integer/);
    await refused(Workspace.open(root, { owner: { uid: -1, gid: 0 } }), "INVALID_ARGUMENT", /owner/);
    await mkdir(root);
  });
});

describe("ownership", () => {
  const isRoot = process.getuid?.() === 0;
  it.skipIf(!isRoot)("file_io - created files and directories belong to the owner", async () => {
    const ws = await open({ owner: { uid: 65534, gid: 65534 } });
    const owned = async (p: string): Promise<[number, number]> => {
      const st = await lstat(p);
      return [st.uid, st.gid];
    };
    expect(await owned(root)).toEqual([65534, 65534]);
    await ws.write("p/q/r.txt", "r", { createParents: true });
    for (const p of ["p", "p/q", "p/q/r.txt"]) expect(await owned(join(root, p))).toEqual([65534, 65534]);
    await writeFile(join(root, "mine.txt"), "root's");
    await ws.write("mine.txt", "replaced");
    expect(await owned(join(root, "mine.txt"))).toEqual([65534, 65534]);
    // Directories that existed already keep their owner.
    await mkdir(join(root, "pre"));
    await ws.write("pre/s.txt", "s");
    expect(await owned(join(root, "pre"))).toEqual([0, 0]);
  });
});

describe("the file_io tool", () => {
  it("file_io - parses actions as a discriminated union with defaults", async () => {
    const tool = createFileIoTool({ workspace: await open() });
    expect(tool.descriptor.name).toBe("file_io");
    expect(tool.input.parse({ action: "list" })).toEqual({ action: "list", path: "." });
    expect(tool.input.parse({ action: "search", query: "q" })).toEqual({ action: "search", path: ".", query: "q" });
    expect(tool.input.safeParse({ action: "chmod", path: "a" }).success).toBe(false);
    expect(tool.input.safeParse({ action: "read", path: "a", extra: 1 }).success).toBe(false);
    expect(tool.input.safeParse({ action: "write", path: "a" }).success).toBe(false);
  });

  it("file_io - assess reads each call for the guardian without changing anything", async () => {
    const ws = await open();
    const tool = createFileIoTool({ workspace: ws });
    await ws.write("old.txt", "a\nb\n");
    const before = await snapshot(root);
    const ctx = context();
    const assess = (raw: unknown) => Promise.resolve(tool.assess(tool.input.parse(raw), ctx));

    const read = await assess({ action: "read", path: "old.txt" });
    expect(read).toMatchObject({ action: { detail: { $case: "fileRead", value: { path: "old.txt" } } }, danger: DangerLevel.SAFE, sideEffects: false, reversible: true });
    expect((await assess({ action: "search", query: "a" })).action.detail).toEqual({ $case: "fileRead", value: { path: "." } });
    expect((await assess({ action: "list" })).danger).toBe(DangerLevel.SAFE);

    const create = await assess({ action: "write", path: "n/new.txt", content: "hi\n", create_parents: true });
    expect(create).toMatchObject({ danger: DangerLevel.CAUTIOUS, reversible: true, sideEffects: true });
    expect(create.action.detail).toMatchObject({ $case: "fileWrite", value: { path: "n/new.txt", sizeBytes: 3, createsFile: true } });
    expect(create.preview).toContain("+hi");
    expect(create.consequences).toMatch(/Creates "n\/new.txt" with 3 bytes/);

    const overwrite = await assess({ action: "write", path: "old.txt", content: "a\nc\n" });
    expect(overwrite).toMatchObject({ danger: DangerLevel.DANGEROUS, reversible: false, sideEffects: true });
    expect(overwrite.action.detail).toMatchObject({ $case: "fileWrite", value: { createsFile: false } });
    expect(overwrite.action.detail?.$case === "fileWrite" && overwrite.action.detail.value.diffPreview).toContain("-b\n+c");
    expect(overwrite.consequences).toMatch(/Overwrites "old.txt" \(4 bytes\)/);

    const del = await assess({ action: "delete", path: "n", recursive: true });
    expect(del).toMatchObject({ danger: DangerLevel.DANGEROUS, reversible: false, action: { detail: { $case: "fileDelete", value: { path: "n", recursive: false } } } });

    expect(await snapshot(root)).toEqual(before);
  });

  it("file_io - assess refuses a path run would refuse and never reveals outside content", async () => {
    const ws = await open();
    await symlink(join(outside, "secret"), join(root, "leak"));
    const tool = createFileIoTool({ workspace: ws });
    for (const raw of [
      { action: "write", path: "leak", content: "x" },
      { action: "read", path: "leak" },
      { action: "delete", path: "../outside/secret" },
    ]) {
      await refused(Promise.resolve().then(() => tool.assess(tool.input.parse(raw), context())), "PERMISSION_DENIED", /^file_io: path/);
    }
  });

  it("file_io - runs each action and reports content and data", async () => {
    const tool = createFileIoTool({ workspace: await open() });
    const run = (raw: unknown) => tool.run(tool.input.parse(raw), context());

    const w = await run({ action: "write", path: "docs/a.md", content: "alpha\nbeta\n", create_parents: true });
    expect(w).toMatchObject({ content: 'created "docs/a.md" (11 bytes)', data: { path: "docs/a.md", bytes: 11, created: true } });
    const r = await run({ action: "read", path: "docs/a.md" });
    expect(r).toMatchObject({ content: "alpha\nbeta\n", data: { bytes: 11, truncated: false } });
    const l = await run({ action: "list", recursive: true });
    expect(l.content).toBe("docs/\ndocs/a.md  (11 bytes)");
    expect(l.data).toMatchObject({ entries: [{ path: "docs", type: "dir" }, { path: "docs/a.md", type: "file", size: 11 }], truncated: false });
    const s = await run({ action: "search", query: "be.a", regex: true });
    expect(s).toMatchObject({ content: "docs/a.md:2: beta", data: { matches: [{ path: "docs/a.md", line: 2, text: "beta" }], files_scanned: 1 } });
    const none = await run({ action: "search", query: "gamma" });
    expect(none.content).toMatch(/no matches for "gamma"/);
    const d = await run({ action: "delete", path: "docs", recursive: true });
    expect(d).toMatchObject({ content: 'deleted "docs" (2 entries removed)', data: { type: "dir", removed: 2 } });
    await refused(run({ action: "read", path: "docs/a.md" }), "NOT_FOUND", /^file_io: path "docs\/a.md" does not exist in the workspace$/);
  });
});
