import { LoopState } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { goalTokens, hotWords, inMemoryColdStore, questionTerms, reformulateQuery, think, type HotEntry, type OracleAnswer, type ThinkOracle } from "../src/index.js";

const QUESTION = "What is the boiling point of water at sea level?";

/** Returns the scripted texts in order (the last one forever) and records the queries. */
function scripted(texts: string[]): ThinkOracle & { queries: string[] } {
  const queries: string[] = [];
  return {
    queries,
    search(query) {
      const text = texts[Math.min(queries.length, texts.length - 1)]!;
      queries.push(query);
      return Promise.resolve({ text, hits: [{ passage: text, source: "script", score: 1 }] });
    },
  };
}

/** A tiny search engine: the passages sharing most terms with the query, corpus order on ties. */
function corpusOracle(corpus: string[], topK = 1): ThinkOracle {
  return {
    search(query): Promise<OracleAnswer> {
      const q = new Set(goalTokens(query).keys());
      const ranked = corpus
        .map((passage, i) => ({ passage, i, overlap: [...goalTokens(passage).keys()].filter((t) => q.has(t)).length }))
        .filter((p) => p.overlap > 0)
        .sort((a, b) => b.overlap - a.overlap || a.i - b.i)
        .slice(0, topK);
      return Promise.resolve({ text: ranked.map((p) => p.passage).join("\n"), hits: ranked.map((p) => ({ passage: p.passage, source: `p${p.i}`, score: p.overlap })) });
    },
  };
}

const A = "Pure water starts boiling at a fixed point.";
const B = "Sailors measure depth below the sea.";
const NOISE = "The cat sat on the mat.";
const C = "Barometers read one atmosphere at sea level.";

describe("think - control law", () => {
  it("think - first steps' signals match the hand computation", async () => {
    const oracle = scripted([A, B, NOISE, C]);
    const r = await think(QUESTION, oracle, { control: { convergenceThreshold: 0.1 } });
    // Terms: boiling, point, water, sea, level ("what" is a question word).
    expect(r.questionTerms).toEqual(["boiling", "point", "water", "sea", "level"]);
    const expected = [
      // e = 1 - 3/5; I = 0.4; K = 1 + 0.05 * 0.4; r = 0.6 * 1.02
      { error: 0.4, integral: 0.4, gain: 1.02, reward: 0.612, newTerms: ["boiling", "point", "water"] },
      // sea found: e = 0.2; I = 0.6; K = 1.03; r = 0.8 * 1.03
      { error: 0.2, integral: 0.6, gain: 1.03, reward: 0.824, newTerms: ["sea"] },
      // nothing new: e stays 0.2; I = 0.8; K = 1.04; r = 0.832
      { error: 0.2, integral: 0.8, gain: 1.04, reward: 0.832, newTerms: [] },
      // level found: e = 0; I stays 0.8; r = 1 * 1.04
      { error: 0, integral: 0.8, gain: 1.04, reward: 1.04, newTerms: ["level"] },
    ];
    expect(r.steps).toHaveLength(4);
    r.steps.forEach((s, k) => {
      const x = expected[k]!;
      expect(s.k).toBe(k);
      for (const f of ["error", "integral", "gain", "reward"] as const) expect(s[f]).toBeCloseTo(x[f], 12);
      expect(s.newTerms).toEqual(x.newTerms);
    });
    expect(r.steps[2]!.idleStreak).toBe(1);
    expect(r.state).toBe(LoopState.CONVERGED);
    expect(r.reason).toBe("converged: error 0.000 < 0.1 after 4 step(s)");
    // Missing terms lead the refined query, one matched term anchors it; the
    // repeat of "level boiling" is widened with a word of the best hot entry (A).
    expect(oracle.queries).toEqual([QUESTION, "sea level boiling", "level boiling", "level boiling pure"]);
    expect(r.missingTerms).toEqual([]);
    expect(r.hot.map((h) => h.step)).toEqual([3, 2, 1, 0]);
  });

  it("think - converges on an answerable question against a small corpus", async () => {
    const r = await think(QUESTION, corpusOracle([NOISE, A, B, C]));
    expect(r.state).toBe(LoopState.CONVERGED);
    // Step 0 finds A (3 shared terms); the refined "sea level boiling" finds C.
    expect(r.steps.map((s) => s.query)).toEqual([QUESTION, "sea level boiling"]);
    expect(r.steps.map((s) => s.error)).toEqual([expect.closeTo(0.4, 12), 0]);
    expect(r.answer.map((a) => a.passage)).toEqual([A, C]);
    expect(r.answer[0]!.questionTerms).toEqual(["boiling", "point", "water"]);
    expect(r.finalError).toBe(0);
  });

  it("think - stops when irrelevant text leaves nothing new to ask", async () => {
    const oracle = scripted([NOISE]);
    const r = await think(QUESTION, oracle);
    expect(r.state).toBe(LoopState.STALLED);
    // Nothing was matched, so the missing terms are the question again, and
    // hot memory holds no passage about it to widen the query with: asking
    // once more would only bring back the same text.
    expect(r.reason).toBe("stalled: no new query left after 1 step(s) (every reformulation from hot memory was asked)");
    expect(oracle.queries).toEqual([QUESTION]);
    // e = 1: I = 1; K = 1.05; r = 0 (the seed's offline trace).
    expect(r.steps.map((s) => [s.error, s.integral, s.gain, s.reward])).toEqual([[1, 1, 1.05, 0]]);
    expect(r.answer).toEqual([]);
    expect(r.promoted).toEqual([]);
    expect(r.missingTerms).toEqual(["boiling", "point", "water", "sea", "level"]);
  });

  it("think - stalls when steps in a row find no new question term", async () => {
    // A keeps coming back: hot memory always has a word to widen the query
    // with, but nothing new is matched.
    const oracle = scripted([A]);
    const r = await think(QUESTION, oracle);
    expect(r.state).toBe(LoopState.STALLED);
    expect(r.reason).toBe("stalled: 3 step(s) in a row found no new question term");
    expect(r.steps.map((s) => s.idleStreak)).toEqual([0, 1, 2, 3]);
    expect(new Set(oracle.queries).size).toBe(oracle.queries.length);
  });

  it("think - the seed's jaccard measures each observation, and its falling-reward stall fires", async () => {
    // Each answer brings a new question term, so the "no new term" rule stays
    // quiet, but each is less on-topic than the last: e = 1 - 1/|Q ∪ Y|.
    const drifting = ["alpha zulu", "beta yankee xray", "gamma yankee xray whiskey victor", "delta yankee xray whiskey victor uniform tango"];
    const question = "alpha beta gamma delta";
    const r = await think(question, scripted(drifting), { measure: "jaccard" });
    expect(r.measure).toBe("jaccard");
    const errors = [1 - 1 / 5, 1 - 1 / 6, 1 - 1 / 8, 1 - 1 / 10];
    r.steps.forEach((s, k) => expect(s.error).toBeCloseTo(errors[k]!, 12));
    // r0 = 0.2 * (1 + 0.05 * 0.8)
    expect(r.steps[0]!.reward).toBeCloseTo(0.2 * 1.04, 12);
    expect(r.steps.map((s) => s.declineStreak)).toEqual([0, 1, 2, 3]);
    expect(r.steps.map((s) => s.idleStreak)).toEqual([0, 0, 0, 0]);
    expect(r.state).toBe(LoopState.STALLED);
    expect(r.reason).toBe("stalled: reward fell 3 step(s) in a row");

    // Coverage (the default) accumulates the same answers and converges.
    const covered = await think(question, scripted(drifting));
    expect(covered.measure).toBe("coverage");
    expect(covered.state).toBe(LoopState.CONVERGED);
    expect(covered.steps.map((s) => s.error)).toEqual([0.75, 0.5, 0.25, 0]);
  });

  it("think - a repeated query is reformulated from hot memory, never asked again", async () => {
    // The library calls tungsten "wolfram" where it gives the melting point:
    // only a word found next to tungsten leads there.
    const X = "Tungsten, or wolfram, is a dense grey metal.";
    const Y = "Wolfram melts at 3422 degrees.";
    const queries: string[] = [];
    const oracle: ThinkOracle = {
      search(query) {
        queries.push(query);
        const words = new Set(goalTokens(query).keys());
        const text = words.has("wolfram") ? Y : words.has("tungsten") ? X : "";
        return Promise.resolve({ text, hits: text ? [{ passage: text, source: "lib", score: 1 }] : [] });
      },
    };
    const r = await think("What is the melting point of tungsten?", oracle, { control: { convergenceThreshold: 0.5 } });
    // Before: "melting point tungsten" three times, then a stall.
    expect(queries).toEqual(["What is the melting point of tungsten?", "melting point tungsten wolfram"]);
    expect(r.state).toBe(LoopState.CONVERGED);
    expect(r.answer.map((a) => a.passage)).toEqual([X, Y]);
    expect(r.missingTerms).toEqual(["point"]);
  });

  it("think - stops at the iteration cap", async () => {
    const r = await think(QUESTION, scripted([A, B]), { control: { maxIterations: 2, convergenceThreshold: 0.1 } });
    expect(r.state).toBe(LoopState.CAPPED);
    expect(r.reason).toBe("capped after 2 iteration(s)");
    expect(r.steps).toHaveLength(2);
    expect(r.finalError).toBeCloseTo(0.2, 12);
    expect(r.missingTerms).toEqual(["level"]);
  });

  it("think - reports each step as it happens", async () => {
    const seen: number[] = [];
    await think(QUESTION, scripted([A, C]), { onStep: (s) => seen.push(s.k) });
    expect(seen).toEqual([0, 1]);
  });
});

describe("think - memory", () => {
  it("think - promotes hot entries whose reward reaches the threshold and that mention the question", async () => {
    const run = async (promotionThreshold?: number) => {
      const cold = inMemoryColdStore();
      const r = await think(QUESTION, scripted([A, B, NOISE, C]), { control: { convergenceThreshold: 0.1 }, coldStore: cold, ...(promotionThreshold === undefined ? {} : { promotionThreshold }) });
      expect(cold.entries.map((e) => e.content)).toEqual(r.promoted.map((p) => p.content));
      return r.promoted.map((p) => [p.step, p.content]);
    };
    // Default 0.5: steps 0 (0.612), 1 (0.824) and 3 (1.04); step 2 (0.832) is noise and stays hot.
    expect(await run()).toEqual([
      [0, A],
      [1, B],
      [3, C],
    ]);
    // The threshold is inclusive, as the seed's drain_to_cold.
    expect((await run(0.824)).map(([s]) => s)).toEqual([1, 3]);
    expect((await run(0.9)).map(([s]) => s)).toEqual([3]);
    // The gain lifts a full-coverage reward above 1 (1.04 here), so even 1 promotes it.
    expect((await run(1)).map(([s]) => s)).toEqual([3]);
  });

  it("think - hot memory keeps the newest entries up to its capacity", async () => {
    const r = await think(QUESTION, scripted([A, B, NOISE, C]), { control: { convergenceThreshold: 0.1 }, hotCapacity: 2 });
    expect(r.hot.map((h) => h.step)).toEqual([3, 2]);
  });
});

describe("think - inputs", () => {
  it("think - rejects bad options and questions with nothing to look for, naming the field", async () => {
    const o = scripted([A]);
    await expect(think(QUESTION, o, { promotionThreshold: 1.5 })).rejects.toThrow("promotionThreshold: must be in [0, 1], got 1.5");
    await expect(think(QUESTION, o, { control: { maxIterations: 0 } })).rejects.toThrow("control.maxIterations: must be an integer >= 1, got 0");
    await expect(think(QUESTION, o, { control: { convergenceThreshold: 2 } })).rejects.toThrow("control.convergenceThreshold");
    await expect(think("what is it?", o)).rejects.toThrow("question: has no content words");
    expect(o.queries).toEqual([]);
  });

  it("think - an aborted signal stops the loop before the next query", async () => {
    const ac = new AbortController();
    const o = scripted([NOISE]);
    await expect(think(QUESTION, o, { signal: ac.signal, onStep: () => ac.abort(new Error("enough")) })).rejects.toThrow("enough");
    expect(o.queries).toHaveLength(1);
  });

  it("reformulateQuery - the question first, then missing terms and one anchor, then hot words; never a repeat", () => {
    const question = "Who designed the Eiffel tower?";
    const terms = questionTerms(question);
    expect([...terms.values()]).toEqual(["designed", "eiffel", "tower"]);
    const hot: HotEntry[] = [
      { step: 0, query: question, content: "The Eiffel tower stands in Paris since 1889.", hits: [], reward: 0.4, questionTerms: ["eiffel", "tower"] },
      { step: 1, query: "x", content: "Gustave Eiffel built bridges.", hits: [], reward: 0.3, questionTerms: ["eiffel"] },
      { step: 2, query: "y", content: "Nothing about it.", hits: [], reward: 0, questionTerms: [] },
    ];
    const matched = new Set(["eiffel", "tower"]);
    const next = (asked: string[]) => reformulateQuery({ question, terms, matched, hot, asked });
    expect(reformulateQuery({ question, terms, matched: new Set(), hot: [], asked: [] })).toBe(question);
    expect(next([question])).toBe("designed eiffel");
    // Best entry first (most question terms), numbers and used words skipped.
    expect(hotWords(hot, terms, [question, "designed eiffel"])).toEqual(["stands", "paris", "since", "gustave", "built", "bridges"]);
    expect(next([question, "designed eiffel"])).toBe("designed eiffel stands");
    expect(next([question, "eiffel designed", "designed eiffel stands"])).toBe("designed eiffel paris");
    // All matched (a Jaccard loop that has not converged): every term, widened once asked.
    const all = new Set(terms.keys());
    expect(reformulateQuery({ question, terms, matched: all, hot, asked: ["x"] })).toBe("designed eiffel tower");
    expect(reformulateQuery({ question, terms, matched: all, hot, asked: [question] })).toBe("designed eiffel tower stands");
    // Word order does not make a new query; when hot memory is spent there is none.
    expect(next([question, "designed eiffel", "stands", "paris", "since", "gustave", "built", "bridges"])).toBeUndefined();
  });
});
