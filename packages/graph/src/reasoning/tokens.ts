/** A token of the rules syntax, with where it starts (1-based line and column). */
export interface Token {
  readonly kind: "name" | "variable" | "string" | "number" | "(" | ")" | "," | "." | ":-" | "::" | "end";
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

/** A syntax error at a position; the parser adds the file name. */
export class RuleSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    message: string,
  ) {
    super(message);
  }
}

const isLower = (ch: string) => (ch >= "a" && ch <= "z") || ch > "\u007f";
const isUpper = (ch: string) => (ch >= "A" && ch <= "Z") || ch === "_";
const isDigit = (ch: string) => ch >= "0" && ch <= "9";
// Names may hold `-` and `:` (`is-a`, `rdf:type`) as Boyd's predicates do; `:-` still ends one.
const isNameChar = (ch: string) => isLower(ch) || isUpper(ch) || isDigit(ch);

/**
 * Splits a rules document into tokens. `%` (Prolog) and `#` start a comment
 * to the end of the line. A hand-written scanner rather than regexes: one
 * pass, exact positions, no backtracking.
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const at = (kind: Token["kind"], value: string, start: number) => out.push({ kind, text: value, line, column: start - lineStart + 1 });
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "\n") {
      i++;
      line++;
      lineStart = i;
    } else if (ch === " " || ch === "\t" || ch === "\r") i++;
    else if (ch === "%" || ch === "#") while (i < text.length && text[i] !== "\n") i++;
    else if (ch === "(" || ch === ")" || ch === "," || ch === ".") at(ch, ch, i++);
    else if (ch === ":" && (text[i + 1] === "-" || text[i + 1] === ":")) {
      at(text[i + 1] === "-" ? ":-" : "::", text.slice(i, i + 2), i);
      i += 2;
    } else if (ch === '"' || ch === "'") {
      const start = i;
      const value = quoted(text, i, line, start - lineStart + 1);
      i = value.end;
      at("string", value.text, start);
    } else if (isDigit(ch)) {
      const start = i;
      while (i < text.length && isDigit(text[i]!)) i++;
      if (text[i] === "." && isDigit(text[i + 1] ?? "")) for (i++; i < text.length && isDigit(text[i]!); ) i++;
      at("number", text.slice(start, i), start);
    } else if (ch === "?") {
      // SPARQL's `?x` (or a bare `?`): a variable, in queries such as `speaks(alice, ?)`.
      const start = i++;
      while (i < text.length && isNameChar(text[i]!)) i++;
      at("variable", text.slice(start, i), start);
    } else if (isLower(ch) || isUpper(ch)) {
      const start = i;
      while (i < text.length && (isNameChar(text[i]!) || ((text[i] === "-" || text[i] === ":") && isNameChar(text[i + 1] ?? "")))) i++;
      at(isUpper(ch) ? "variable" : "name", text.slice(start, i), start);
    } else {
      throw new RuleSyntaxError(line, i - lineStart + 1, `unexpected character ${JSON.stringify(ch)}`);
    }
  }
  out.push({ kind: "end", text: "end of input", line, column: i - lineStart + 1 });
  return out;
}

/** A quoted constant or predicate: `"New York"`, `'is a'`; `\\` escapes the next character. */
function quoted(text: string, start: number, line: number, column: number): { text: string; end: number } {
  const quote = text[start]!;
  let value = "";
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\n") break;
    if (ch === quote) return { text: value, end: i + 1 };
    if (ch === "\\" && i + 1 < text.length) value += text[++i]!;
    else value += ch;
  }
  throw new RuleSyntaxError(line, column, `string is not closed with ${quote} on its line`);
}
