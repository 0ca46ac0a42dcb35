import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateLines, IngestProgressBar } from "../src/progress.js";
import { runBoyd, startBoyd } from "./boyd-process.js";

describe("IngestProgressBar", () => {
  const sink = (isTTY: boolean) => {
    const out: string[] = [];
    return { out, sink: { isTTY, write: (t: string) => void out.push(t) } };
  };

  it("on a terminal: a bar redrawn in place with share, rate and time left, cleared at the end", () => {
    let now = 0;
    const { out, sink: s } = sink(true);
    const bar = new IngestProgressBar("kb.csv", 10_000, s, () => now);
    now = 1_000;
    bar.update({ lines: 2_500, triples: 2_400 });
    expect(out[0]).toBe("\r[######..................]  25% kb.csv: 2,500 lines, 2,400 triples, 2,500 lines/s, ETA 3s\x1b[K");
    now = 1_050; // within the redraw interval: nothing drawn
    bar.update({ lines: 2_600, triples: 2_500 });
    expect(out).toHaveLength(1);
    bar.done();
    expect(out.at(-1)).toBe("\r\x1b[K");
  });

  it("elsewhere (a log, a pipe): plain lines, no escapes, at most one each few seconds", () => {
    let now = 0;
    const { out, sink: s } = sink(false);
    const bar = new IngestProgressBar("kb.csv", undefined, s, () => now);
    now = 10_000;
    bar.update({ lines: 50_000, triples: 50_000 });
    now = 11_000;
    bar.update({ lines: 55_000, triples: 55_000 });
    expect(out).toEqual(["kb.csv: 50,000 lines, 50,000 triples, 5,000 lines/s\n"]);
    bar.done();
    expect(out).toHaveLength(1);
  });

  it("estimates a file's lines from its first 64 KiB; none for what is not a file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "boyd-estimate-"));
    const path = join(dir, "kb.csv");
    await writeFile(path, "a,b,c\n".repeat(100_000));
    // 64 KiB is not a whole number of lines: the estimate is close, not exact.
    expect(Math.abs(estimateLines(path)! - 100_000)).toBeLessThan(100);
    expect(estimateLines(join(dir, "missing.csv"))).toBeUndefined();
    await rm(dir, { recursive: true, force: true });
  });
});

describe("kg ingest: Ctrl-C", () => {
  let dir: string;
  const LINES = 300_000;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-ingest-int-"));
    await writeFile(join(dir, "big.csv"), Array.from({ length: LINES }, (_, i) => `s${i},p${i % 50},o${(i * 7) % 100_003}\n`).join(""));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("stops after the batch being written, says where, exit 130; the same ingest again finishes the file", async () => {
    const data = join(dir, "data");
    const file = join(dir, "big.csv");
    const boyd = startBoyd(["kg", "--data-dir", data, "ingest", file]);
    // The first progress line comes after the first batch is written.
    await boyd.waitFor(/lines\/s/, { stream: "stderr", timeoutMs: 60_000 });
    const code = await boyd.stop("SIGINT");
    expect(code).toBe(130);
    // Two anchored patterns rather than one with `.*` between them (the repo's ReDoS check).
    expect(boyd.stderr()).toMatch(/stopped at line \d+ of /);
    const stopped = /(?<= with )(\d+) triples in \d+ whole batches written/.exec(boyd.stderr());
    expect(stopped, boyd.stderr()).not.toBeNull();
    const written = Number(stopped![1]);
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(LINES);
    const count = async () => (await runBoyd(["kg", "--data-dir", data, "query", "--limit", String(LINES * 2)])).stdout.split("\n").filter(Boolean).length;
    expect(await count()).toBe(written);
    const again = await runBoyd(["kg", "--data-dir", data, "ingest", "--quiet", file]);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe("");
    expect(await count()).toBe(LINES);
  }, 240_000);
});
