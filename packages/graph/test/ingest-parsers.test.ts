import { describe, expect, it } from "vitest";
import { parseCsvLine } from "../src/ingest/csv.js";
import { parseJsonLine } from "../src/ingest/jsonl.js";
import { localName, parseNTriplesLine } from "../src/ingest/ntriples.js";
import type { LineResult } from "../src/ingest/types.js";

function triple(result: LineResult) {
  expect(result.kind, result.kind === "error" ? result.reason : "").toBe("triple");
  return result.kind === "triple" ? result.triple : undefined;
}

function reason(result: LineResult): string {
  expect(result.kind).toBe("error");
  return result.kind === "error" ? result.reason : "";
}

describe("ingest parsers - N-Triples", () => {
  it("ntriples - IRIs keep the whole IRI by default", () => {
    expect(triple(parseNTriplesLine("<http://ex.org/a> <http://ex.org/knows> <http://ex.org/b> ."))).toEqual({
      subject: "http://ex.org/a",
      predicate: "http://ex.org/knows",
      object: "http://ex.org/b",
      confidence: 1,
    });
  });

  it("ntriples - localNames uses the fragment or last path segment", () => {
    const t = triple(parseNTriplesLine("<http://ex.org/people/alice> <http://ex.org/ns#knows> <urn:isbn:1> .", { localNames: true }));
    expect(t).toMatchObject({ subject: "alice", predicate: "knows", object: "urn:isbn:1" });
    expect(localName("http://ex.org/ns#")).toBe("ns");
    expect(localName("http://ex.org/a/")).toBe("a");
  });

  it("ntriples - literals with language, datatype and escapes become their text", () => {
    expect(triple(parseNTriplesLine('<a> <name> "Alice"@en-GB .'))?.object).toBe("Alice");
    expect(triple(parseNTriplesLine('<a> <age> "42"^^<http://www.w3.org/2001/XMLSchema#integer> .'))?.object).toBe("42");
    expect(triple(parseNTriplesLine('<a> <says> "say \\"hi\\"\\\\ \\n\\t\\u00e9\\U0001F600" .'))?.object).toBe('say "hi"\\ \n\té😀');
  });

  it("ntriples - blank nodes keep their _: prefix, a trailing full stop is not part of the label", () => {
    expect(triple(parseNTriplesLine("_:b1 <p> _:b2."))).toMatchObject({ subject: "_:b1", object: "_:b2" });
  });

  it("ntriples - comments, blank lines and trailing comments", () => {
    expect(parseNTriplesLine("# a comment").kind).toBe("skip");
    expect(parseNTriplesLine("   ").kind).toBe("skip");
    expect(parseNTriplesLine("").kind).toBe("skip");
    expect(triple(parseNTriplesLine("<a> <p> <b> . # why"))?.object).toBe("b");
  });

  it("ntriples - every syntax error has a reason", () => {
    expect(reason(parseNTriplesLine("<a> <p> <b>"))).toBe('expected "." after the object, got end of line');
    expect(reason(parseNTriplesLine("<a> <p> <b c> ."))).toContain("object: IRI contains \" \"");
    expect(reason(parseNTriplesLine("<a> <p> <b"))).toBe('object: IRI is not closed with ">"');
    expect(reason(parseNTriplesLine('"lit" <p> <b> .'))).toBe('subject: expected <iri> or _:blank, got "\\"lit\\" <p> <b> ."');
    expect(reason(parseNTriplesLine("<a> _:p <b> ."))).toContain("predicate: expected <iri>");
    expect(reason(parseNTriplesLine('<a> <p> "x\\q" .'))).toBe("object: literal: unknown escape \\q");
    expect(reason(parseNTriplesLine('<a> <p> "x\\u12" .'))).toContain("bad escape \\u12");
    expect(reason(parseNTriplesLine('<a> <p> "open .'))).toBe("object: literal is not closed with '\"'");
    expect(reason(parseNTriplesLine('<a> <p> "" .'))).toContain("object literal is empty");
    expect(reason(parseNTriplesLine("<a> <p> <b> . <c>"))).toContain('unexpected text after "."');
    expect(reason(parseNTriplesLine("<> <p> <b> ."))).toBe("subject: IRI is empty");
    expect(reason(parseNTriplesLine('<a> <p> "x"^^xsd:int .'))).toContain('expected <datatype IRI> after "^^"');
  });
});

describe("ingest parsers - CSV", () => {
  it("csv - plain, quoted, doubled quotes and confidence", () => {
    expect(triple(parseCsvLine("alice,knows,bob", 2))).toEqual({ subject: "alice", predicate: "knows", object: "bob" });
    expect(triple(parseCsvLine('"Smith, J.",said,"say ""hi""",0.25', 2))).toEqual({
      subject: "Smith, J.",
      predicate: "said",
      object: 'say "hi"',
      confidence: 0.25,
    });
    expect(triple(parseCsvLine(" a , b ,c,", 2))).toEqual({ subject: "a", predicate: "b", object: "c" });
    expect(triple(parseCsvLine("a,b,c,1e-1\r", 2))?.confidence).toBe(0.1);
  });

  it("csv - the header is skipped on line 1 only", () => {
    expect(parseCsvLine("subject,predicate,object,confidence", 1).kind).toBe("skip");
    expect(parseCsvLine("Subject,Predicate,Object", 1).kind).toBe("skip");
    expect(parseCsvLine("subject,predicate,object", 2).kind).toBe("triple");
    expect(parseCsvLine("", 3).kind).toBe("skip");
  });

  it("csv - every error kind has a reason", () => {
    expect(reason(parseCsvLine("a,b", 2))).toBe("expected 3 or 4 fields (subject,predicate,object[,confidence]), got 2");
    expect(reason(parseCsvLine("a,b,c,d,e", 2))).toContain("got 5");
    expect(reason(parseCsvLine('a,b,"multi', 2))).toBe("field 3: quoted field is not closed (a line break inside quotes is not supported)");
    expect(reason(parseCsvLine('a,b"x,c', 2))).toContain("field 2: a quote inside an unquoted field");
    expect(reason(parseCsvLine('"a"x,b,c', 2))).toBe("field 1: unexpected text after the closing quote");
    expect(reason(parseCsvLine("a,b,c,high", 2))).toBe('confidence must be a number in [0, 1], got "high"');
    expect(reason(parseCsvLine("a,b,c,1.5", 2))).toBe('confidence must be a number in [0, 1], got "1.5"');
    expect(reason(parseCsvLine("a,b,c,0x1", 2))).toContain('got "0x1"');
    expect(reason(parseCsvLine(',b,c', 2))).toBe("subject must not be empty");
    expect(reason(parseCsvLine('a," ",c', 2))).toBe("predicate must not be empty");
  });
});

describe("ingest parsers - JSON Lines", () => {
  it("jsonl - all fields", () => {
    const line = JSON.stringify({ subject: "a", predicate: "p", object: "b", confidence: 0.5, source: "s", createdAt: 42 });
    expect(triple(parseJsonLine(line))).toEqual({ subject: "a", predicate: "p", object: "b", confidence: 0.5, source: "s", createdAt: 42 });
    expect(parseJsonLine("  ").kind).toBe("skip");
  });

  it("jsonl - every error kind names the field", () => {
    expect(reason(parseJsonLine("{nope"))).toMatch(/^invalid JSON: /);
    expect(reason(parseJsonLine("[1,2]"))).toBe("expected a JSON object, got an array");
    expect(reason(parseJsonLine("null"))).toBe("expected a JSON object, got null");
    expect(reason(parseJsonLine('"x"'))).toBe('expected a JSON object, got string "x"');
    expect(reason(parseJsonLine('{"subject":"a","object":"b"}'))).toBe('missing field "predicate"');
    expect(reason(parseJsonLine('{"subject":1,"predicate":"p","object":"b"}'))).toBe('field "subject" must be a string, got number 1');
    expect(reason(parseJsonLine('{"subject":"a","predicate":"p","object":""}'))).toBe('field "object" must not be empty');
    expect(reason(parseJsonLine('{"subject":"a","predicate":"p","object":"b","confidence":"high"}'))).toBe(
      'field "confidence" must be a number in [0, 1], got "high"',
    );
    expect(reason(parseJsonLine('{"subject":"a","predicate":"p","object":"b","confidence":2}'))).toContain("got 2");
    expect(reason(parseJsonLine('{"subject":"a","predicate":"p","object":"b","source":3}'))).toBe('field "source" must be a string, got number 3');
    expect(reason(parseJsonLine('{"subject":"a","predicate":"p","object":"b","createdAt":"today"}'))).toContain('field "createdAt"');
    expect(reason(parseJsonLine('{"subject":"a","predicate":"p","object":"b","confidance":0.5}'))).toContain('unknown field "confidance"');
  });
});
