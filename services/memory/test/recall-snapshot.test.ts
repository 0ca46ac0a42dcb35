// A recall snapshot loads back exactly what was written, and anything that
// is not a whole snapshot of this log by this encoder is refused with a
// reason (the caller then reads the log), never half-loaded.
import { Fact } from "@boyd/proto";
import { TextEncoder, WORDS } from "@boyd/vsa";
import { describe, expect, it } from "vitest";
import { factView, stemsOf } from "../src/recall.js";
import { decodeSnapshot, encodeSnapshot, encodeSnapshotInSlices, type SnapshotRecord } from "../src/recall-snapshot.js";
import { RecallIndex } from "../src/recall-index.js";

const encoder = new TextEncoder();
const of = { log: "facts", encoder: encoder.fingerprint };

function record(i: number): SnapshotRecord {
  const content = `Crater ${i} lies on the far side of the moon, café ${"é".repeat(i % 3)}`;
  const fact = Fact.fromPartial({ id: `fact:${i}`, content, tags: i % 2 ? ["kg_query", "ünïcode"] : [], createdAtUnixMs: 1_700_000_000_000 + i });
  return {
    key: `fact:${i}/key`,
    id: fact.id,
    timestamp: fact.createdAtUnixMs,
    symbols: fact.tags,
    stems: [...stemsOf(content)],
    vector: encoder.encode(content),
    item: new globalThis.TextEncoder().encode(JSON.stringify(Fact.toJSON(fact))),
  };
}

describe("recall snapshot", () => {
  const records = Array.from({ length: 25 }, (_, i) => record(i));
  const bytes = encodeSnapshot(of, "kv:120:118", records);

  it("loads back every record, in order, with its position", () => {
    const loaded = decodeSnapshot(bytes, of);
    if (typeof loaded === "string") throw new Error(loaded);
    expect(loaded.position).toBe("kv:120:118");
    expect(loaded.records.map((r) => ({ ...r, vector: [...r.vector], item: [...r.item] }))).toEqual(records.map((r) => ({ ...r, vector: [...r.vector], item: [...r.item] })));
    expect(loaded.records[0]!.vector).toHaveLength(WORDS);
  });

  it("loads from a view at any offset (a KV value or a slice of a larger buffer)", () => {
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const loaded = decodeSnapshot(shifted.subarray(3), of);
    expect(typeof loaded === "string" ? loaded : loaded.records.length).toBe(25);
  });

  it("encoded a slice at a time (in the background), the bytes are the same", async () => {
    const many = Array.from({ length: 2_500 }, (_, i) => ({ ...records[i % records.length]!, key: `k${i}` }));
    const sliced = await encodeSnapshotInSlices(of, "0:2500", many);
    expect(Buffer.from(sliced).equals(Buffer.from(encodeSnapshot(of, "0:2500", many)))).toBe(true);
    const loaded = decodeSnapshot(sliced, of);
    expect(typeof loaded === "string" ? loaded : loaded.records.map((r) => r.key)).toEqual(many.map((r) => r.key));
  });

  it("an empty log's snapshot loads as empty", () => {
    const loaded = decodeSnapshot(encodeSnapshot(of, "0:0", []), of);
    expect(loaded).toEqual({ position: "0:0", records: [] });
  });

  it("refuses a damaged, truncated, foreign or other-encoder snapshot, saying why", () => {
    const flipped = Uint8Array.from(bytes);
    flipped[flipped.length - 10]! ^= 0x40;
    expect(decodeSnapshot(flipped, of)).toBe("checksum mismatch");
    expect(decodeSnapshot(bytes.subarray(0, bytes.length - 1), of)).toMatch(/^body is \d+ bytes/);
    expect(decodeSnapshot(bytes.subarray(0, 6), of)).toBe("not a recall snapshot");
    expect(decodeSnapshot(new globalThis.TextEncoder().encode("{}"), of)).toBe("not a recall snapshot");
    expect(decodeSnapshot(bytes, { ...of, log: "episodes" })).toBe("of log facts, not episodes");
    const other = new TextEncoder({ ngramSize: 4 }).fingerprint;
    expect(decodeSnapshot(bytes, { ...of, encoder: other })).toBe(`made by encoder ${encoder.fingerprint}, not ${other}`);
  });

  it("refuses a vector with bits beyond the dimension, though its checksum is right", () => {
    const bad = record(1);
    const vector = Uint32Array.from(bad.vector);
    vector[WORDS - 1] = 0xffffffff;
    expect(decodeSnapshot(encodeSnapshot(of, "p", [{ ...bad, vector }]), of)).toBe("vector 0 is malformed");
  });

  it("an index loaded from it ranks and returns records as the index it was made from", () => {
    const made = new RecallIndex(factView, { encode: (f: Fact) => new globalThis.TextEncoder().encode(JSON.stringify(Fact.toJSON(f))), decode: (b) => Fact.fromJSON(JSON.parse(new TextDecoder().decode(b))) });
    for (let i = 0; i < 40; i++) {
      const f = Fact.fromPartial({ id: `fact:${i}`, content: `Crater ${i} lies on the far side`, tags: i % 3 ? [] : ["craters"], createdAtUnixMs: 1_000 * i });
      made.put(`k${i}`, f, encoder.encode(f.content));
    }
    made.remove("k3");
    const loaded = decodeSnapshot(encodeSnapshot(of, "p", made.stored()), of);
    if (typeof loaded === "string") throw new Error(loaded);
    const copy = new RecallIndex(factView, { encode: () => new Uint8Array(), decode: (b) => Fact.fromJSON(JSON.parse(new TextDecoder().decode(b))) });
    loaded.records.forEach((r) => copy.putStored(r));
    const query = { stems: stemsOf("crater far side"), vector: encoder.encode("crater far side"), symbols: new Set(["craters"]), topK: 7, now: 50_000, key: "q" };
    expect(copy.rank(query)).toEqual(made.rank(query));
    expect(copy.oldest(3)).toEqual(made.oldest(3));
    expect(copy.size).toBe(39);
  });
});
