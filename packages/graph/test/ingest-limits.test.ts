import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { GraphStore, ingestFile, ingestStream, MAX_FIELD_BYTES, MAX_LINE_BYTES, MAX_REASON_CHARS, openEmbeddedBackend } from "../src/index.js";
import { failure } from "./fixtures/graph-error.js";

const dir = mkdtempSync(join(tmpdir(), "boyd-ingest-limits-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function file(ext: string, bytes: Buffer | string): string {
  const path = join(dir, `f${++fileCount}${ext}`);
  writeFileSync(path, bytes);
  return path;
}

async function store(): Promise<GraphStore> {
  return new GraphStore((await openEmbeddedBackend()).backend, { now: () => 1_000 });
}


async function triples(s: GraphStore): Promise<string[]> {
  return (await s.query({}, { limit: 100 })).map((t) => `${t.subject} ${t.predicate} ${t.object} ${t.confidence}`).sort();
}

const CSV = "subject,predicate,object,confidence\ndog,is-a,mammal,0.9\ncafé,serves,crème brûlée\r\nmammal,is-a,animal\n";

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, "utf16le");
  for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
  return le;
}

describe("ingest - encodings", () => {
  it("ingest - a UTF-16 LE or BE file with a byte-order mark ingests the same triples as its UTF-8 twin", async () => {
    const utf8 = await store();
    await ingestFile(utf8, file(".csv", CSV), { strict: true, source: "x" });
    const expected = await triples(utf8);
    expect(expected).toHaveLength(3);
    for (const bytes of [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CSV, "utf16le")]), Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(CSV)])]) {
      const s = await store();
      const summary = await ingestFile(s, file(".csv", bytes), { strict: true, source: "x" });
      expect(summary.lines).toBe(4);
      expect(await triples(s)).toEqual(expected);
    }
  });

  it("ingest - a UTF-8 byte-order mark is dropped, so the header is still recognised", async () => {
    const s = await store();
    const summary = await ingestFile(s, file(".csv", `\uFEFF${CSV}`), { strict: true });
    expect(summary.triples).toBe(3);
    expect((await s.query({ subject: "subject" })).length).toBe(0);
  });

  it("ingest - UTF-16 without a byte-order mark (NUL bytes) is refused naming file:line, nothing written", async () => {
    const s = await store();
    const path = file(".csv", Buffer.from(CSV, "utf16le"));
    const err = await failure(ingestFile(s, path));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toMatch(new RegExp(`^${path}:1: NUL byte`));
    expect(await triples(s)).toEqual([]);
  });

  it("ingest - a NUL byte on a later line is refused at that line, strict keeps nothing", async () => {
    const s = await store();
    const path = file(".csv", "a,b,c\nd,e\u0000,f\n");
    const err = await failure(ingestFile(s, path, { strict: true }));
    expect(err.message).toContain(`${path}:2: NUL byte at byte 4`);
    expect(await triples(s)).toEqual([]);
  });

  it("ingest - invalid UTF-8 is refused naming file:line", async () => {
    const s = await store();
    const path = file(".csv", Buffer.concat([Buffer.from("a,b,c\nx,y,"), Buffer.from([0xc3, 0x28]), Buffer.from("\n")]));
    const err = await failure(ingestFile(s, path, { strict: true }));
    expect(err.message).toBe(`${path}:2: invalid UTF-8 (convert the file to UTF-8)`);
  });

  it("ingest - inline bytes (the orient Ingest RPC) get the same checks: UTF-16 converted, NUL refused", async () => {
    const s = await store();
    const summary = await ingestStream(s, [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("a,b,c\n", "utf16le")])], "inline", { format: "csv" });
    expect(summary.triples).toBe(1);
    expect(await triples(s)).toEqual(["a b c 1"]);
    const err = await failure(ingestStream(s, [Buffer.from("a,b\u0000,c")], "inline", { format: "csv" }));
    expect(err.message).toMatch(/^inline:1: NUL byte/);
  });
});

describe("ingest - size limits", () => {
  it("ingest - a line with no end is refused at MAX_LINE_BYTES while streaming, naming file:line", async () => {
    let produced = 0;
    // 50 MB of one line, produced on demand: nothing else holds it.
    const chunk = Buffer.alloc(64 * 1024, "x");
    const endless = Readable.from(
      (function* () {
        yield Buffer.from("a,b,c\n");
        while (produced < 50 * 1024 * 1024) {
          produced += chunk.length;
          yield chunk;
        }
      })(),
      { objectMode: false },
    );
    const s = await store();
    const err = await failure(ingestStream(s, endless, "big.csv"));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toBe(`big.csv:2: line longer than ${MAX_LINE_BYTES} bytes (1 MiB), the most ingest reads`);
    // It stopped reading soon after the limit, not at the end of the input.
    expect(produced).toBeLessThan(MAX_LINE_BYTES + 4 * chunk.length);
  });

  it("ingest - a line just under the limit is read; one byte over is refused", async () => {
    const object = "o".repeat(MAX_LINE_BYTES - "s,p,".length);
    const under = await ingestStream(await store(), [`s,p,${object}`], "u.csv");
    expect(under.skipped).toBe(1); // read, then refused as a field, not as a line
    expect(under.errors[0]!.reason).toContain("object is longer than 4096 bytes");
    const err = await failure(ingestStream(await store(), [`s,p,${object}o`], "o.csv"));
    expect(err.message).toContain("o.csv:1: line longer than");
  });

  it("ingest - an overlong subject, predicate or object is refused naming the field, in every format", async () => {
    const long = "z".repeat(MAX_FIELD_BYTES + 1);
    const fine = "é".repeat(MAX_FIELD_BYTES / 2); // 4096 bytes exactly
    const cases: [string, string, string][] = [
      [".csv", `${long},p,o`, "subject"],
      [".csv", `s,${long},o`, "predicate"],
      [".jsonl", JSON.stringify({ subject: "s", predicate: "p", object: long }), 'field "object"'],
      [".nt", `<http://e/${long}> <http://e/p> <http://e/o> .`, "subject"],
      [".nt", `<http://e/s> <http://e/p> "${long}" .`, "object"],
    ];
    for (const [ext, line, field] of cases) {
      const path = file(ext, `${line}\n`);
      const s = await store();
      const err = await failure(ingestFile(s, path, { strict: true }));
      expect(err.message).toBe(`${path}:1: ${field} is longer than ${MAX_FIELD_BYTES} bytes (the most a symbol id may be)`);
      expect(await triples(s)).toEqual([]);
    }
    const s = await store();
    expect((await ingestFile(s, file(".csv", `s,p,${fine}\n`), { strict: true })).triples).toBe(1);
  });
});

describe("ingest - bad lines cannot make a summary the size of the file", () => {
  const MiB = 1024 * 1024;
  const big = "9".repeat(MiB - 100);
  // Each refuses a line by quoting part of it; unclipped, the reason is the line.
  const QUOTING: ReadonlyArray<[string, string]> = [
    [".csv", `s,p,o,${big}`],
    [".jsonl", JSON.stringify({ subject: "s", predicate: "p", object: "o", confidence: big })],
    [".jsonl", JSON.stringify({ subject: "s", predicate: "p", object: "o", createdAt: big })],
    [".jsonl", JSON.stringify({ subject: "s", predicate: "p", object: "o", [big]: 1 })],
    [".jsonl", JSON.stringify(big)],
    [".nt", `<http://e/s> <http://e/p> <http://e/o> ${big}`],
  ];

  it("ingest - a kept reason is at most MAX_REASON_CHARS characters, in every format, and says how much was cut", async () => {
    for (const [ext, line] of QUOTING) {
      const path = file(ext, `${line}\n`.repeat(20));
      const summary = await ingestFile(await store(), path);
      expect(summary.skipped, `${ext} ${line.slice(0, 60)}`).toBe(20);
      for (const e of summary.errors) expect(e.reason.length, `${ext}: ${e.reason.slice(0, 80)}`).toBeLessThanOrEqual(MAX_REASON_CHARS + 40);
      expect(JSON.stringify(summary).length).toBeLessThan(20 * (MAX_REASON_CHARS + 100));
      const strict = await failure(ingestFile(await store(), path, { strict: true }));
      expect(strict.message.length).toBeLessThanOrEqual(path.length + MAX_REASON_CHARS + 50);
    }
  });

  it("ingest - a JSON Lines source longer than MAX_FIELD_BYTES is refused naming the field, nothing stored", async () => {
    const s = await store();
    const path = file(".jsonl", `${JSON.stringify({ subject: "s", predicate: "p", object: "o", source: "x".repeat(MAX_FIELD_BYTES + 1) })}\n`);
    const err = await failure(ingestFile(s, path, { strict: true }));
    expect(err.message).toBe(`${path}:1: field "source" is longer than ${MAX_FIELD_BYTES} bytes (the most a source may be)`);
    expect(await triples(s)).toEqual([]);
  });
});
