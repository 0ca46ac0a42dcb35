import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBoyd } from "./boyd-process.js";

const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const cwd = fileURLToPath(new URL("..", import.meta.url));

/** Runs `boyd ...args` under GNU time; resolves with the exit code, stderr and the peak resident memory in MB. */
function measuredBoyd(args: readonly string[]): Promise<{ code: number | null; stderr: string; peakMb: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/time", ["-f", "peak-rss-kb=%M", process.execPath, "--import", "tsx", main, ...args], { cwd });
    let stderr = "";
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const kb = Number(/peak-rss-kb=(\d+)/.exec(stderr)?.[1] ?? NaN);
      resolve({ code, stderr, peakMb: kb / 1024, ms: Date.now() - started });
    });
  });
}

describe("boyd kg ingest - size bombs and encodings", () => {
  let dir: string;
  let dataDir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "boyd-kg-limits-"));
    dataDir = join(dir, ".boyd");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const query = async (): Promise<string> => (await runBoyd(["kg", "--data-dir", dataDir, "query"])).stdout;

  it("kg ingest /dev/zero --format csv - exits 2 quickly naming /dev/zero:1, memory stays bounded, nothing stored", async () => {
    const r = await measuredBoyd(["kg", "--data-dir", dataDir, "ingest", "/dev/zero", "--format", "csv"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("boyd: /dev/zero:1: line longer than 1048576 bytes (1 MiB)");
    expect(r.stderr).not.toContain("RangeError");
    // The tsx-run CLI peaks near 180 MB here; buffering the line took gigabytes (or crashed).
    expect(r.peakMb).toBeLessThan(300);
    expect(r.ms).toBeLessThan(30_000);
    expect(await query()).toBe("");
  }, 60_000);

  it("kg ingest /dev/zero - every format (ntriples, jsonl) exits 2 naming /dev/zero:1, nothing stored", async () => {
    const formats = ["ntriples", "jsonl"];
    // One after the other: the data directory takes one boyd process at a time (a second is refused, exit 1).
    const results = [];
    for (const format of formats) results.push(await runBoyd(["kg", "--data-dir", dataDir, "ingest", "/dev/zero", "--format", format]));
    for (const [i, r] of results.entries()) {
      expect(r.code, formats[i]).toBe(2);
      expect(r.stderr, formats[i]).toContain("boyd: /dev/zero:1: line longer than 1048576 bytes (1 MiB)");
    }
    expect(await query()).toBe("");
  }, 60_000);

  it("kg ingest - 100 bad lines that each quote 1 MiB print 100 short reasons, not 100 MB, exit 3", async () => {
    const path = join(dir, "quoting.csv");
    writeFileSync(path, `a,b,c\n${`s,p,o,${"9".repeat(1024 * 1024 - 100)}\n`.repeat(100)}`);
    const r = await runBoyd(["kg", "--data-dir", dataDir, "ingest", path]);
    expect(r.code).toBe(3);
    const reasons = r.stderr.split("\n").filter((l) => l.includes("confidence must be a number"));
    expect(reasons).toHaveLength(100);
    for (const line of reasons) expect(line).toMatch(/… \(\d+ more characters\)$/);
    expect(r.stderr.length).toBeLessThan(64 * 1024);
    expect(r.stdout).toContain("1 triples from 101 lines");
  }, 60_000);

  it("kg ingest - a UTF-16 file with a BOM ingests the same triples as its UTF-8 twin", async () => {
    const csv = "subject,predicate,object\nzoë,likes,crème\nzoë,is-a,person\n";
    writeFileSync(join(dir, "utf8.csv"), csv);
    writeFileSync(join(dir, "utf16.csv"), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, "utf16le")]));
    const first = await runBoyd(["kg", "--data-dir", dataDir, "ingest", join(dir, "utf8.csv"), "--strict"]);
    expect(first.code).toBe(0);
    const utf8 = await query();
    expect(utf8.split("\n").filter(Boolean).sort()).toEqual(["zoë\tis-a\tperson\t1", "zoë\tlikes\tcrème\t1"]);
    rmSync(dataDir, { recursive: true, force: true });
    const second = await runBoyd(["kg", "--data-dir", dataDir, "ingest", join(dir, "utf16.csv"), "--strict"]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("2 triples from 3 lines");
    expect(await query()).toBe(utf8);
  }, 60_000);

  it("kg ingest - a file with NUL bytes (UTF-16 without a BOM) is refused with file:line, exit 2, nothing stored", async () => {
    const path = join(dir, "nobom.csv");
    writeFileSync(path, Buffer.from("subject,predicate,object\na,b,c\n", "utf16le"));
    const r = await runBoyd(["kg", "--data-dir", dataDir, "ingest", path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${path}:1: NUL byte at byte 2 of the line`);
    expect(await query()).toBe("");
  }, 60_000);

  it("kg ingest --strict - an overlong field is refused naming the field and the limit, exit 2", async () => {
    const path = join(dir, "long.csv");
    writeFileSync(path, `a,b,c\nd,${"p".repeat(5000)},f\n`);
    const r = await runBoyd(["kg", "--data-dir", dataDir, "ingest", path, "--strict"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${path}:2: predicate is longer than 4096 bytes (the most a symbol id may be)`);
    expect(await query()).toBe("");
  }, 60_000);

  it("agent run --kb - a bad line quoting 1 MiB is refused in a short message naming file:line, exit 2", async () => {
    const path = join(dir, "quoting.jsonl");
    writeFileSync(path, `${JSON.stringify({ subject: "s", predicate: "p", object: "o", confidence: "9".repeat(1024 * 1024 - 100) })}\n`);
    const r = await runBoyd(["agent", "--data-dir", dataDir, "run", "--kb", path, "--goals", "Find out whether a dog is a mammal"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`${path.replaceAll("/", "\\/").replaceAll(".", "\\.")}:1: field "confidence" must be a number in \\[0, 1\\], got "9+… \\(\\d+ more characters\\)`));
    expect(r.stderr.length).toBeLessThan(4_096);
  }, 60_000);

  it("agent run --kb - a knowledge file with no end (zero.csv -> /dev/zero) is refused at 64 MiB with exit 2, memory bounded", async () => {
    const link = join(dir, "zero.csv");
    symlinkSync("/dev/zero", link);
    const r = await measuredBoyd(["agent", "--data-dir", dataDir, "run", "--kb", link, "--goals", "Find out whether a dog is a mammal"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`boyd: --kb ${link}: larger than 67108864 bytes (64 MiB), the most --kb reads`);
    expect(r.peakMb).toBeLessThan(350); // ~240 MB here: the CLI plus the 64 MiB read
  }, 60_000);
});
