import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatRule, GraphStore, ingestFile, ingestRulesText, ingestStream, openEmbeddedBackend, parseRules } from "../src/index.js";
import { failure } from "./fixtures/graph-error.js";

const dir = mkdtempSync(join(tmpdir(), "boyd-rules-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function storeWithFacts(): Promise<GraphStore> {
  const store = new GraphStore((await openEmbeddedBackend()).backend, { now: () => 5 });
  await store.addTriples([
    { subject: "alice", predicate: "grew_up_in", object: "france" },
    { subject: "france", predicate: "official_language", object: "french" },
  ]);
  return store;
}

describe("rules files - the Datalog/ProbLog syntax", () => {
  it("parses confidence, comments, quoted constants, hyphenated and prefixed names, rules over several lines", () => {
    const doc = parseRules(
      [
        "% comment",
        "0.9 :: speaks(X, L) :- grew_up_in(X, C), # trailing comment",
        "    official_language(C, L).",
        'located_in(X, "New York") :- works_at(X, nyc_office).',
        "is-a(X, Y) :- rdf:type(X, Y).",
      ].join("\n"),
      "kb/lang.rules",
      7,
    );
    expect(doc.errors).toEqual([]);
    expect(doc.rules.map((r) => [r.rule.name, formatRule(r.rule), r.rule.provenance.source])).toEqual([
      ["lang.rules:2", "0.9 :: speaks(X, L) :- grew_up_in(X, C), official_language(C, L).", "kb/lang.rules:2"],
      ["lang.rules:4", 'located_in(X, "New York") :- works_at(X, nyc_office).', "kb/lang.rules:4"],
      ["lang.rules:5", '"is-a"(X, Y) :- "rdf:type"(X, Y).', "kb/lang.rules:5"],
    ]);
  });

  it("names each bad rule at line:column with what is wrong, and goes on to the next rule", () => {
    const doc = parseRules(
      [
        "speaks(X, L) :- grew_up_in(X, C).", // unsafe L
        "p(X, Y) :- q(X, A), q(A, B), q(B, C), q(C, Y).", // body too long
        "p(X, Y) :- p(X, Y).", // no progress
        "p(X, Y) :- q(X Y).", // syntax
        "1.5 :: p(X, Y) :- q(X, Y).", // confidence
        "p(X, Y).", // a fact
        "ok(X, Y) :- q(X, Y).",
      ].join("\n"),
      "bad.rules",
      0,
    );
    expect(doc.errors.map((e) => `${e.line}:${e.column}: ${e.message}`)).toEqual([
      "1:1: unsafe head variable L: it does not occur in the body",
      "2:39: body too long: at most 3 atoms",
      "3:1: recursive rule makes no progress: the body repeats the head p(X, Y)",
      '4:16: expected "," between the two arguments of q (atoms are binary: predicate(subject, object)), got "Y"',
      "5:1: confidence must be in (0, 1], got 1.5",
      '6:8: expected ":-" after the head "p", got "." (a rule needs a body; facts go in a data file)',
    ]);
    expect(doc.rules.map((r) => r.rule.name)).toEqual(["bad.rules:7"]);
  });

  it("an unknown body predicate is refused at file:line:column and nothing is stored", async () => {
    const store = await storeWithFacts();
    const err = await failure(ingestRulesText(store, "speaks(X, L) :- grew_up_in(X, C), official_language(C, L).\nknows(X, Y) :- met(X, Y).\n", "kb.rules"));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toBe("kb.rules:2:16: unknown predicate met: no fact uses it and no rule concludes it\nno rule was stored");
    expect(await store.storedRules()).toEqual([]);
    // A predicate another rule of the same file concludes is known.
    expect(await ingestRulesText(store, "speaks(X, L) :- grew_up_in(X, C), official_language(C, L).\nhears(X, L) :- speaks(X, L).\n", "kb.rules")).toBe(2);
    expect((await store.storedRules()).map((r) => r.name)).toEqual(["kb.rules:1", "kb.rules:2"]);
  });

  it("kg ingest of a .rules file goes through ingestFile, all or nothing whatever strict says", async () => {
    const store = await storeWithFacts();
    const good = join(dir, "lang.rules");
    writeFileSync(good, "0.8 :: speaks(X, L) :- grew_up_in(X, C), official_language(C, L).\n");
    expect(await ingestFile(store, good)).toMatchObject({ format: "rules", rules: 1, triples: 0, lines: 1 });
    const bad = join(dir, "bad.dl");
    writeFileSync(bad, "likes(X, Y) :- grew_up_in(X, C).\n");
    const err = await failure(ingestFile(store, bad, { strict: false }));
    expect(err.message).toContain(`${bad}:1:1: unsafe head variable Y`);
    expect((await store.storedRules()).map((r) => r.name)).toEqual(["lang.rules:1"]);
  });
});

describe("declarations in N-Triples with Turtle's prefixed names", () => {
  it("`ex:reports_to a owl:TransitiveProperty .` is read as rdf:type owl:TransitiveProperty and makes the predicate transitive", async () => {
    const store = new GraphStore((await openEmbeddedBackend()).backend);
    const nt = ["ex:reports_to a owl:TransitiveProperty .", "<ann> ex:reports_to <bob> .", "<bob> ex:reports_to <cat>."].join("\n");
    await ingestStream(store, [nt], "org.nt", { strict: true });
    expect((await store.query({ subject: "ex:reports_to" })).map((t) => [t.predicate, t.object])).toEqual([["rdf:type", "owl:TransitiveProperty"]]);
    const derived = await store.inferRules({ commit: false });
    expect(derived.map((d) => [d.triple.subject, d.triple.predicate, d.triple.object, d.rule])).toEqual([["ann", "ex:reports_to", "cat", "ex:reports_to owl:TransitiveProperty"]]);
    // A bare word is still no IRI.
    await expect(ingestStream(store, ["alice <p> <b> ."], "bad.nt", { strict: true })).rejects.toThrow(/bad\.nt:1: subject: expected <iri> or _:blank/);
  });
});
