// The recall index must rank exactly as rank() in recall.ts does over the
// same records (same scores, same order), after records are added,
// replaced and removed, for queries by words, by vector alone (misspelt),
// by symbols alone, and for every top-k.
import { Fact } from "@boyd/proto";
import { Prng, TextEncoder } from "@boyd/vsa";
import { describe, expect, it } from "vitest";
import { factView, rankFacts, stemsOf } from "../src/recall.js";
import { RecallIndex } from "../src/recall-index.js";

const WORDS = ["crater", "moon", "far", "side", "orbit", "mars", "phobos", "salary", "engineer", "bread", "oven", "comet", "earth", "river", "delta"];
const TAGS = ["tool_result", "kg_query", "preference", "file_io"];
const NOW = 1_700_000_000_000;

describe("recall index", () => {
  const encoder = new TextEncoder();
  const rng = new Prng(0x1dea);
  const pick = <T>(list: readonly T[]) => list[rng.nextU32() % list.length]!;
  const fact = (i: number, version = 0) =>
    Fact.fromPartial({
      id: `fact:${i}`,
      content: Array.from({ length: 3 + (rng.nextU32() % 6) }, () => pick(WORDS)).join(" ") + (version ? ` revised ${version}` : ""),
      tags: Array.from({ length: rng.nextU32() % 3 }, () => pick(TAGS)),
      // Few distinct timestamps, so equal scores fall back on time, then id.
      createdAtUnixMs: NOW - (rng.nextU32() % 4) * 86_400_000,
    });

  const index = new RecallIndex(factView);
  const live = new Map<string, Fact>();
  const put = (f: Fact) => {
    index.put(f.id, f, encoder.encode(f.content));
    live.delete(f.id); // a record put again moves to the end, as in the stores' logs
    live.set(f.id, f);
  };
  for (let i = 0; i < 300; i++) put(fact(i));
  for (let i = 0; i < 300; i += 7) {
    index.remove(`fact:${i}`);
    live.delete(`fact:${i}`);
  }
  for (let i = 3; i < 300; i += 11) put(fact(i, 1)); // replaced, or back after removal
  for (let i = 300; i < 320; i++) put(fact(i)); // into freed slots

  const queries: [string, string[]][] = [
    ["crater far side", []],
    ["moons orbiting mars", []],
    ["salary of each engineer", ["file_io"]],
    ["cratr on teh far sied", []], // misspelt: mostly by vector
    ["", ["preference"]],
    ["", ["kg_query", "tool_result"]],
    ["the of and", ["file_io"]], // no content words
    ["quantum chromodynamics", []],
    ["revised bread oven", ["tool_result"]],
  ];

  it("holds the live records", () => {
    expect(index.size).toBe(live.size);
  });

  /** The index's ranking equals rank()'s over the live records. */
  const expectSameRanking = (text: string, symbols: string[], topK: number, now: number, what: string) => {
    const expected = rankFacts(encoder, [...live.values()], { text, symbols, topK, now });
    const stems = stemsOf(text);
    const got = index.rank({ stems, vector: stems.size > 0 ? encoder.encode(text) : undefined, symbols: new Set(symbols), topK, now, key: JSON.stringify([text, ...symbols, topK]) });
    expect(got.map((r) => r.score), `${what}: ${JSON.stringify(text)} ${symbols.join(",")} top ${topK}`).toEqual(expected.map((r) => r.score));
    expect(got.map((r) => r.item)).toEqual(expected.map((r) => r.item));
  };

  it("ranks as rank() does, for every query and top-k: first asked (one scan), asked again (its order), and later in time", () => {
    for (const [text, symbols] of queries) {
      for (const topK of [1, 5, 100, 1_000]) {
        expectSameRanking(text, symbols, topK, NOW, "first");
        expectSameRanking(text, symbols, topK, NOW, "again");
        expectSameRanking(text, symbols, topK, NOW + 9 * 86_400_000, "nine days on");
      }
    }
  });

  it("a query's order stays right as records arrive, are replaced and removed, and is made again after many arrivals", () => {
    const asked: [string, string[]][] = [queries[0]!, queries[2]!, queries[3]!];
    let next = 1_000;
    for (const round of [3, 40, 300]) {
      for (let i = 0; i < round; i++) put(fact(next++));
      for (let i = 10; i < 300; i += 37) put(fact(i, round)); // replaced
      for (let i = 20; i < 300; i += 53) {
        index.remove(`fact:${i}`);
        live.delete(`fact:${i}`);
      }
      for (const [text, symbols] of asked) for (const topK of [1, 5, 100]) expectSameRanking(text, symbols, topK, NOW + round, `after ${round} arrivals`);
    }
    expect(index.size).toBe(live.size);
  });

  it("a record that arrived after a query's order was made, then was replaced, is scored by its new text at the next ask", () => {
    // The order keeps the parts of records arrived since it was made, so the
    // same query asked every cycle does not compare them again: a record put
    // again (here into the slot it left) must not keep its old parts.
    const own = new RecallIndex(factView);
    const held = new Map<string, Fact>();
    const hold = (f: Fact) => {
      own.put(f.id, f, encoder.encode(f.content));
      held.delete(f.id);
      held.set(f.id, f);
    };
    for (let i = 0; i < 50; i++) hold(fact(2_000 + i));
    const text = "crater far side";
    const ask = () => {
      const stems = stemsOf(text);
      return own.rank({ stems, vector: encoder.encode(text), symbols: new Set(), topK: 3, now: NOW, key: text });
    };
    const expected = () => rankFacts(encoder, [...held.values()], { text, symbols: [], topK: 3, now: NOW });
    ask(); // seen
    ask(); // its order made
    hold(Fact.fromPartial({ id: "fact:late", content: "crater far side crater", createdAtUnixMs: NOW }));
    expect(ask().map((r) => r.item.id)).toContain("fact:late");
    hold(Fact.fromPartial({ id: "fact:late", content: "bread oven river", createdAtUnixMs: NOW }));
    const got = ask();
    expect(got.map((r) => r.score)).toEqual(expected().map((r) => r.score));
    expect(got.map((r) => r.item.id)).not.toContain("fact:late");
  });

  it("read whole again after clear (a store's new epoch): records held before keep their stems, a record replaced meanwhile gets its own", () => {
    const own = new RecallIndex(factView);
    const held = new Map<string, Fact>();
    for (let i = 0; i < 40; i++) {
      const f = fact(3_000 + i);
      own.put(f.id, f, encoder.encode(f.content));
      held.set(f.id, f);
    }
    // Replaced in the store between the two epochs: same key, a new record of other words.
    const replaced = Fact.fromPartial({ ...held.get("fact:3005")!, content: "bread oven river delta" });
    held.set(replaced.id, replaced);
    const before = own.stemsByItem();
    own.clear();
    for (const f of held.values()) own.put(f.id, f, encoder.encode(f.content), before.get(f));
    for (const text of ["bread oven", "crater far side", "river delta"]) {
      const stems = stemsOf(text);
      const got = own.rank({ stems, vector: encoder.encode(text), symbols: new Set(), topK: 5, now: NOW, key: text });
      const expected = rankFacts(encoder, [...held.values()], { text, symbols: [], topK: 5, now: NOW });
      expect(got.map((r) => r.score), text).toEqual(expected.map((r) => r.score));
      expect(got.map((r) => r.item.id)).toEqual(expected.map((r) => r.item.id));
    }
  });

  it("oldest - the keys that arrived first, skipping removed ones, a replaced record counting as new", () => {
    expect(index.oldest(10)).toEqual([...live.keys()].slice(0, 10));
    expect(index.oldest(live.size + 5)).toEqual([...live.keys()]);
    expect(index.oldest(0)).toEqual([]);
  });

  it("forgets everything on clear", () => {
    const other = new RecallIndex(factView);
    other.put("fact:x", fact(999), encoder.encode("crater"));
    other.clear();
    expect(other.size).toBe(0);
    expect(other.rank({ stems: stemsOf("crater"), vector: encoder.encode("crater"), symbols: new Set(), topK: 5, now: NOW, key: "crater" })).toEqual([]);
  });
});
