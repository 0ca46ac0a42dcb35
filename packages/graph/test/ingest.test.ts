import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, describe, expect, it, vi } from "vitest";
import { GraphStore, ingestFile, ingestStream, openEmbeddedBackend, type IngestProgress } from "../src/index.js";
import { failure } from "./fixtures/graph-error.js";

const dir = mkdtempSync(join(tmpdir(), "boyd-ingest-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
/** Writes a temp file with the given lines and returns its path. */
function file(ext: string, lines: readonly string[]): string {
  const path = join(dir, `f${++fileCount}${ext}`);
  writeFileSync(path, lines.join("\n") + "\n");
  return path;
}

async function store(now = 1_000): Promise<GraphStore> {
  return new GraphStore((await openEmbeddedBackend()).backend, { now: () => now });
}


describe("ingest - formats", () => {
  it("ingest - N-Triples file, whole IRIs by default and local names on request", async () => {
    const path = file(".nt", [
      "# people",
      "<http://ex.org/alice> <http://ex.org/ns#knows> <http://ex.org/bob> .",
      "",
      '<http://ex.org/alice> <http://ex.org/ns#name> "Alice \\"A\\""@en .',
      "_:x <http://ex.org/ns#likes> <http://ex.org/bob> .",
    ]);
    const s = await store();
    const summary = await ingestFile(s, path);
    expect(summary).toEqual({ file: path, format: "ntriples", lines: 5, triples: 3, skipped: 0, batches: 1, errors: [] });
    expect(await s.query({ subject: "http://ex.org/alice", predicate: "http://ex.org/ns#knows" })).toEqual([
      { subject: "http://ex.org/alice", predicate: "http://ex.org/ns#knows", object: "http://ex.org/bob", confidence: 1, source: `${path}:2`, createdAt: 1_000 },
    ]);
    expect((await s.query({ predicate: "http://ex.org/ns#name" }))[0]?.object).toBe('Alice "A"');

    const local = await store();
    await ingestFile(local, path, { localNames: true, source: "people" });
    expect((await local.query({ subject: "alice" })).map((t) => [t.predicate, t.object, t.source])).toEqual([
      ["knows", "bob", "people:2"],
      ["name", 'Alice "A"', "people:4"],
    ]);
  });

  it("ingest - CSV file with header, quoting and confidence", async () => {
    const path = file(".csv", ["subject,predicate,object,confidence", 'alice,knows,"Bob, Jr.",0.8', "bob,knows,carol"]);
    const s = await store();
    expect(await ingestFile(s, path)).toMatchObject({ format: "csv", lines: 3, triples: 2, skipped: 0 });
    expect((await s.query({ subject: "alice" }))[0]).toMatchObject({ object: "Bob, Jr.", confidence: 0.8 });
    expect((await s.query({ subject: "bob" }))[0]?.confidence).toBe(1);
  });

  it("ingest - JSON Lines file keeps per-line source and createdAt", async () => {
    const path = file(".jsonl", [
      JSON.stringify({ subject: "a", predicate: "p", object: "b", confidence: 0.5, source: "tool", createdAt: 7 }),
      JSON.stringify({ subject: "a", predicate: "p", object: "c" }),
    ]);
    const s = await store();
    expect(await ingestFile(s, path)).toMatchObject({ format: "jsonl", triples: 2 });
    expect(await s.query({ subject: "a" })).toEqual([
      { subject: "a", predicate: "p", object: "b", confidence: 0.5, source: "tool", createdAt: 7 },
      { subject: "a", predicate: "p", object: "c", confidence: 1, source: `${path}:2`, createdAt: 1_000 },
    ]);
  });

  it("ingest - format by extension (.ndjson), by option, and a clear error otherwise", async () => {
    const s = await store();
    const ndjson = file(".NDJSON", [JSON.stringify({ subject: "a", predicate: "p", object: "b" })]);
    expect((await ingestFile(s, ndjson)).format).toBe("jsonl");
    const txt = file(".txt", ["a,p,b"]);
    const err = await failure(ingestFile(s, txt));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toBe(`${txt}: cannot tell the format (extension ".txt" is not one of .nt, .csv, .jsonl, .ndjson, .rules, .dl, .pl); pass format: ntriples, csv, jsonl, rules`);
    expect((await ingestFile(s, txt, { format: "csv" })).triples).toBe(1);
  });

  it("ingest - a byte-order mark and CRLF line ends are tolerated", async () => {
    const path = join(dir, "bom.csv");
    writeFileSync(path, "\uFEFFsubject,predicate,object\r\na,p,b\r\n");
    const s = await store();
    expect(await ingestFile(s, path)).toMatchObject({ lines: 2, triples: 1, skipped: 0 });
    expect((await s.query({ subject: "a" }))[0]?.object).toBe("b");
  });

  it("ingest - a missing file is NOT_FOUND and bad options are rejected", async () => {
    const s = await store();
    const missing = join(dir, "missing.csv");
    const err = await failure(ingestFile(s, missing));
    expect(err.code).toBe("NOT_FOUND");
    expect(err.message).toContain(missing);
    expect((await failure(ingestFile(s, missing, { batchSize: 0 }))).message).toBe("batchSize must be a positive integer, got 0");
    expect((await failure(ingestFile(s, missing, { format: "xml" as "csv" }))).message).toContain('got "xml"');
  });
});

describe("ingest - bad lines", () => {
  // One bad line per error kind, at line 3 of its file.
  const cases: [string, string, string][] = [
    [".nt", "<a> <p> <b>", 'expected "." after the object, got end of line'],
    [".nt", '<a> <p> "x\\q" .', "object: literal: unknown escape \\q"],
    [".csv", "a,b", "expected 3 or 4 fields (subject,predicate,object[,confidence]), got 2"],
    [".csv", 'a,b,"open', "field 3: quoted field is not closed (a line break inside quotes is not supported)"],
    [".csv", "a,b,c,high", 'confidence must be a number in [0, 1], got "high"'],
    [".csv", ",b,c", "subject must not be empty"],
    [".jsonl", "{oops", "invalid JSON: "],
    [".jsonl", "[1]", "expected a JSON object, got an array"],
    [".jsonl", '{"subject":"a","object":"b"}', 'missing field "predicate"'],
    [".jsonl", '{"subject":"a","predicate":2,"object":"b"}', 'field "predicate" must be a string, got number 2'],
  ];
  const good: Record<string, string> = { ".nt": "<x> <p> <y> .", ".csv": "x,p,y", ".jsonl": '{"subject":"x","predicate":"p","object":"y"}' };

  it.each(cases)("ingest - strict: a bad %s line fails with file:line: reason and keeps nothing (%s)", async (ext, bad, reason) => {
    const s = await store();
    await s.addTriples([{ subject: "kept", predicate: "p", object: "o" }]);
    const before = await s.counts();
    const g = good[ext] ?? "";
    const path = file(ext, [g, g.replace("y", "z"), bad, g.replace("y", "w")]);
    const err = await failure(ingestFile(s, path, { strict: true, batchSize: 1 }));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message.startsWith(`${path}:3: ${reason}`)).toBe(true);
    expect(await s.counts()).toEqual(before);
  });

  it.each(cases)("ingest - non-strict: a bad %s line is skipped and reported (%s)", async (ext, bad, reason) => {
    const s = await store();
    const g = good[ext] ?? "";
    const path = file(ext, [g, g.replace("y", "z"), bad, g.replace("y", "w")]);
    const summary = await ingestFile(s, path, { batchSize: 1 });
    expect(summary).toMatchObject({ lines: 4, triples: 3, skipped: 1 });
    expect(summary.errors).toHaveLength(1);
    expect(summary.errors[0]?.line).toBe(3);
    expect(summary.errors[0]?.reason.startsWith(reason)).toBe(true);
  });

  it("ingest - strict stops at the first bad line", async () => {
    const path = file(".csv", ["a,p,b", "a,p", "a,p,c,2"]);
    const err = await failure(ingestFile(await store(), path, { strict: true }));
    expect(err.message).toBe(`${path}:2: expected 3 or 4 fields (subject,predicate,object[,confidence]), got 2`);
  });

  it("ingest - non-strict keeps the first 100 errors and counts them all", async () => {
    const lines = Array.from({ length: 250 }, (_, i) => (i % 2 === 0 ? `s${i},p,o` : `s${i},p`));
    const summary = await ingestFile(await store(), file(".csv", lines));
    expect(summary).toMatchObject({ lines: 250, triples: 125, skipped: 125 });
    expect(summary.errors).toHaveLength(100);
    expect(summary.errors[0]).toEqual({ line: 2, reason: "expected 3 or 4 fields (subject,predicate,object[,confidence]), got 2" });
  });
});

describe("ingest - batches", () => {
  it("ingest - batchSize 2 over 5 triples writes 3 atomic batches and reports progress after each", async () => {
    const s = await store();
    const add = vi.spyOn(s, "addTriples");
    const progress: IngestProgress[] = [];
    const path = file(".csv", ["a,p,1", "a,p,2", "a,p,3", "a,p,4", "a,p,5"]);
    const summary = await ingestFile(s, path, { batchSize: 2, onProgress: (p) => progress.push(p) });
    expect(summary).toMatchObject({ triples: 5, batches: 3 });
    expect(add.mock.calls.map(([batch]) => batch.length)).toEqual([2, 2, 1]);
    expect(progress.map((p) => p.triples)).toEqual([2, 4, 5]);
    expect((await s.counts()).triples).toBe(5);
  });

  it("ingest - strict writes in batches too, only after the whole file validated", async () => {
    const s = await store();
    const add = vi.spyOn(s, "addTriples");
    const summary = await ingestFile(s, file(".csv", ["a,p,1", "a,p,2", "a,p,3"]), { strict: true, batchSize: 2 });
    expect(summary).toMatchObject({ triples: 3, batches: 2, skipped: 0 });
    expect(add).toHaveBeenCalledTimes(2);
  });

  it("ingest - a 200k-line file is streamed in", async () => {
    const path = join(dir, "big.csv");
    const n = 200_000;
    // Written streamed as well, so the test itself never holds the file.
    await pipeline(
      Readable.from(
        (function* () {
          yield "subject,predicate,object,confidence\n";
          for (let i = 0; i < n; i++) yield `s${i % 5000},p${i % 7},o${i},0.5\n`;
        })(),
      ),
      createWriteStream(path),
    );
    const s = await store();
    const summary = await ingestFile(s, path);
    expect(summary).toMatchObject({ lines: n + 1, triples: n, skipped: 0, batches: n / 1000 });
    expect(await s.counts()).toEqual({ symbols: 5000 + n, triples: n });
  }, 120_000);
});

describe("ingest - streams", () => {
  it("ingest - ingestStream from an array of lines, the name picking the format", async () => {
    const s = await store();
    const summary = await ingestStream(s, ["a,p,b", "a,p,c,0.5", "bad"], "inline.csv");
    expect(summary).toEqual({
      file: "inline.csv",
      format: "csv",
      lines: 3,
      triples: 2,
      skipped: 1,
      batches: 1,
      errors: [{ line: 3, reason: "expected 3 or 4 fields (subject,predicate,object[,confidence]), got 1" }],
    });
    // Each triple's source names its line.
    expect((await s.query({ subject: "a" })).map((t) => t.source)).toEqual(["inline.csv:1", "inline.csv:2"]);
  });

  it("ingest - ingestStream from one string holding a whole document, and from a Readable", async () => {
    const doc = "<a> <p> <b> .\r\n<a> <p> <c> .\n";
    const s = await store();
    expect(await ingestStream(s, [doc], "doc", { format: "ntriples" })).toMatchObject({ lines: 2, triples: 2 });
    expect(await ingestStream(s, Readable.from([Buffer.from(doc.slice(0, 5)), Buffer.from(doc.slice(5))]), "doc.nt")).toMatchObject({ lines: 2, triples: 2 });
    expect((await s.counts()).triples).toBe(2);
  });

  it("ingest - ingestStream strict keeps nothing on a bad line", async () => {
    const s = await store();
    const lines = ['{"subject":"a","predicate":"p","object":"b"}', '{"subject":"a","predicate":"p","object":"c","confidence":"high"}'];
    const err = await failure(ingestStream(s, lines, "rpc.jsonl", { strict: true, batchSize: 1 }));
    expect(err.message).toBe('rpc.jsonl:2: field "confidence" must be a number in [0, 1], got "high"');
    expect((await s.counts()).triples).toBe(0);
  });
});
