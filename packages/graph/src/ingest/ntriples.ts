import { accept, bad, sizeProblem } from "./check.js";
import type { LineParser, LineResult } from "./types.js";

/** Options of the N-Triples parser. */
export interface NTriplesOptions {
  /** Use an IRI's fragment or last path segment as the id instead of the whole IRI. @default false */
  localNames?: boolean;
}

// Thrown inside one line's parse and turned into its reason; never escapes.
class LineSyntaxError extends Error {}

type TermKind = "iri" | "blank" | "literal";

/**
 * N-Triples, the subset that matters: `<s> <p> <o> .` where s is an IRI or a
 * blank node (`_:b1`), p an IRI, and o an IRI, a blank node or a literal
 * (`"text"`, `"text"@en`, `"text"^^<type>`); `#` comments and blank lines.
 * From Turtle, prefixed names (`owl:inverseOf`) stand for IRIs and `a` for
 * rdf:type, so `reports_to a owl:TransitiveProperty .` declares a property.
 *
 * Ids are lossless by default: an IRI's id is the IRI without its angle
 * brackets, a blank node keeps its `_:` prefix (so it cannot collide with an
 * IRI), and a literal's id is its unescaped text (language and datatype are
 * dropped: the graph has no literal type). Confidence is 1.
 */
export function ntriplesParser(options: NTriplesOptions = {}): LineParser {
  return (line) => parseNTriplesLine(line, options);
}

/** Parses one N-Triples line; see {@link ntriplesParser}. */
export function parseNTriplesLine(line: string, options: NTriplesOptions = {}): LineResult {
  const cursor = new Cursor(line);
  cursor.skipSpace();
  if (cursor.atEnd() || cursor.peek() === "#") return { kind: "skip" };
  try {
    const subject = cursor.term("subject", ["iri", "blank"]);
    const predicate = cursor.term("predicate", ["iri"]);
    const object = cursor.term("object", ["iri", "blank", "literal"]);
    cursor.skipSpace();
    if (cursor.peek() !== ".") throw new LineSyntaxError(`expected "." after the object, got ${cursor.rest()}`);
    cursor.advance(1);
    cursor.skipSpace();
    if (!cursor.atEnd() && cursor.peek() !== "#") throw new LineSyntaxError(`unexpected text after ".": ${cursor.rest()}`);
    if (object.kind === "literal" && object.text === "") return bad("object literal is empty (a symbol id cannot be empty)");
    const id = (t: { kind: TermKind; text: string }): string => (options.localNames && t.kind === "iri" ? localName(t.text) : t.text);
    const triple = { subject: id(subject), predicate: id(predicate), object: id(object), confidence: 1 };
    for (const field of ["subject", "predicate", "object"] as const) {
      const problem = sizeProblem(field, triple[field]);
      if (problem) return bad(problem);
    }
    return accept(triple);
  } catch (err) {
    if (err instanceof LineSyntaxError) return bad(err.message);
    throw err;
  }
}

/**
 * The fragment of an IRI, else its last path segment, else the whole IRI
 * (e.g. `urn:isbn:1`, which has neither).
 */
export function localName(iri: string): string {
  // Starts only where the trailing run of # and / begins (linear).
  const trimmed = iri.replace(/(?<![#/])[#/]+$/, "");
  const cut = Math.max(trimmed.lastIndexOf("#"), trimmed.lastIndexOf("/"));
  const name = trimmed.slice(cut + 1);
  return cut >= 0 && name !== "" ? name : iri;
}

const ESCAPES: Record<string, string> = { t: "\t", b: "\b", n: "\n", r: "\r", f: "\f", '"': '"', "'": "'", "\\": "\\" };
// Characters N-Triples forbids inside <...>, besides controls and space.
const BAD_IRI_CHARS = new Set('<>"{}|^`');

function badIriChar(raw: string): string | undefined {
  for (const c of raw) if (c <= " " || BAD_IRI_CHARS.has(c)) return c;
  return undefined;
}

class Cursor {
  private pos = 0;
  constructor(private readonly line: string) {}

  atEnd(): boolean {
    return this.pos >= this.line.length;
  }
  peek(): string | undefined {
    return this.line[this.pos];
  }
  advance(n: number): void {
    this.pos += n;
  }
  skipSpace(): void {
    while (this.peek() === " " || this.peek() === "\t" || this.peek() === "\r") this.pos++;
  }
  /** The rest of the line, quoted and shortened, for reasons. */
  rest(): string {
    const rest = this.line.slice(this.pos);
    return rest === "" ? "end of line" : JSON.stringify(rest.length > 40 ? `${rest.slice(0, 40)}...` : rest);
  }

  term(field: string, allowed: readonly TermKind[]): { kind: TermKind; text: string } {
    this.skipSpace();
    const c = this.peek();
    if (c === "<" && allowed.includes("iri")) return { kind: "iri", text: this.iri(field) };
    if (c === "_" && this.line[this.pos + 1] === ":" && allowed.includes("blank")) return { kind: "blank", text: this.blank(field) };
    if (c === '"' && allowed.includes("literal")) return { kind: "literal", text: this.literal(field) };
    const prefixed = allowed.includes("iri") ? this.prefixedName(field) : undefined;
    if (prefixed !== undefined) return { kind: "iri", text: prefixed };
    const expected = allowed.map((k) => ({ iri: "<iri>", blank: "_:blank", literal: '"literal"' })[k]).join(" or ");
    throw new LineSyntaxError(`${field}: expected ${expected}, got ${this.rest()}`);
  }

  private iri(field: string): string {
    const end = this.line.indexOf(">", this.pos + 1);
    if (end < 0) throw new LineSyntaxError(`${field}: IRI is not closed with ">"`);
    const raw = this.line.slice(this.pos + 1, end);
    if (raw === "") throw new LineSyntaxError(`${field}: IRI is empty`);
    const badChar = badIriChar(raw);
    if (badChar !== undefined) throw new LineSyntaxError(`${field}: IRI contains ${JSON.stringify(badChar)}, which N-Triples does not allow`);
    this.pos = end + 1;
    // Only \u and \U escapes are legal in IRIs.
    return raw.includes("\\") ? unescapeText(raw, `${field}: IRI`, false) : raw;
  }

  /**
   * Turtle's prefixed names (`owl:TransitiveProperty`, `rdfs:subClassOf`,
   * `ex:alice`) and `a` for rdf:type in the predicate, so declarations can be
   * written as people write them in Turtle; kept as written (the W3C terms
   * are recognised in both spellings). Undefined when the text is not one.
   */
  private prefixedName(field: string): string | undefined {
    const start = this.pos;
    let end = start;
    while (end < this.line.length && /[\w:.-]/.test(this.line[end] ?? "")) end++;
    while (end > start && this.line[end - 1] === ".") end--;
    const name = this.line.slice(start, end);
    const colon = name.indexOf(":");
    const ok = (colon > 0 && colon < name.length - 1 && /^[A-Za-z]/.test(name)) || (name === "a" && field === "predicate");
    if (!ok) return undefined;
    this.pos = end;
    return name === "a" ? "rdf:type" : name;
  }

  private blank(field: string): string {
    const start = this.pos + 2;
    let end = start;
    while (end < this.line.length && !/[\s<>"#]/.test(this.line[end] ?? "")) end++;
    // A label may contain "." but not end with one: `_:b1.` is `_:b1` then the full stop.
    while (end > start && this.line[end - 1] === ".") end--;
    if (end === start) throw new LineSyntaxError(`${field}: blank node has no label after "_:"`);
    this.pos = end;
    return this.line.slice(start - 2, end);
  }

  private literal(field: string): string {
    let end = this.pos + 1;
    while (end < this.line.length && this.line[end] !== '"') end += this.line[end] === "\\" ? 2 : 1;
    if (end >= this.line.length) throw new LineSyntaxError(`${field}: literal is not closed with '"'`);
    const text = unescapeText(this.line.slice(this.pos + 1, end), `${field}: literal`, true);
    this.pos = end + 1;
    if (this.peek() === "@") {
      const lang = /^@[a-zA-Z]+(-[a-zA-Z0-9]+)*/.exec(this.line.slice(this.pos));
      if (!lang) throw new LineSyntaxError(`${field}: bad language tag at ${this.rest()}`);
      this.pos += lang[0].length;
    } else if (this.line.startsWith("^^", this.pos)) {
      this.pos += 2;
      if (this.peek() !== "<") throw new LineSyntaxError(`${field}: expected <datatype IRI> after "^^", got ${this.rest()}`);
      this.iri(`${field} datatype`);
    }
    return text;
  }
}

/** Resolves N-Triples escapes; `what` names the text in reasons. */
function unescapeText(raw: string, what: string, allowCharEscapes: boolean): string {
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const e = raw[i + 1] ?? "";
    if (e === "u" || e === "U") {
      const width = e === "u" ? 4 : 8;
      const hex = raw.slice(i + 2, i + 2 + width);
      const code = /^[0-9a-fA-F]+$/.test(hex) && hex.length === width ? parseInt(hex, 16) : NaN;
      if (!(code <= 0x10ffff)) throw new LineSyntaxError(`${what}: bad escape \\${e}${hex}`);
      out += String.fromCodePoint(code);
      i += 1 + width;
    } else if (allowCharEscapes && e in ESCAPES) {
      out += ESCAPES[e];
      i += 1;
    } else {
      throw new LineSyntaxError(`${what}: unknown escape \\${e}`);
    }
  }
  return out;
}
