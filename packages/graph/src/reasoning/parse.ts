import { basename } from "node:path";
import { MAX_BODY_ATOMS, ruleProblem, type Atom, type Rule, type Term } from "./rule.js";
import { RuleSyntaxError, tokenize, type Token } from "./tokens.js";

/** Where something is in a rules document. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** A rule as read, with the positions its errors point at. */
export interface ParsedRule {
  readonly rule: Rule;
  readonly at: Position;
  /** Each body atom's predicate position, in body order. */
  readonly bodyAt: readonly Position[];
}

/** A problem in a rules document, at file:line:column. */
export interface RuleError extends Position {
  readonly message: string;
}

/** What a rules document holds: its rules, or what is wrong with it. */
export interface RulesDocument {
  readonly rules: readonly ParsedRule[];
  readonly errors: readonly RuleError[];
}

/**
 * Parses a rules document in the Datalog/Prolog form, with ProbLog's
 * optional confidence:
 *
 *     % X speaks L if X grew up in C and L is an official language of C
 *     0.9 :: speaks(X, L) :- grew_up_in(X, C), official_language(C, L).
 *     part_of(X, Z) :- part_of(X, Y), part_of(Y, Z).
 *     located_in(X, "New York") :- works_at(X, nyc_office).
 *
 * Variables start with an upper-case letter or `_`; constants and
 * predicates with a lower-case letter (`-` and `:` may follow inside,
 * `is-a`, `rdf:type`) or are quoted. A rule is named `<file>:<line>`.
 * Tokenizer plus recursive descent; after an error the parser skips to the
 * next `.` and goes on, so one pass reports every bad rule.
 */
export function parseRules(text: string, file: string, now: number): RulesDocument {
  let tokens: Token[];
  try {
    tokens = tokenize(text);
  } catch (err) {
    if (err instanceof RuleSyntaxError) return { rules: [], errors: [{ line: err.line, column: err.column, message: err.message }] };
    throw err;
  }
  return new Parser(tokens, file, now).document();
}

/**
 * Parses a query atom such as `speaks(alice, ?)`, `speaks(X, french)` or
 * `"is-a"(sparrow, ?what)`: a variable (or `?`) leaves that end open.
 * Throws a RuleError-shaped message naming the column.
 */
export function parseGoal(text: string): { predicate: string; subject?: string; object?: string } {
  try {
    const parser = new Parser(tokenize(text), "query", 0);
    const atom = parser.goal();
    const open = (t: Term) => ("var" in t ? undefined : t.const);
    const subject = open(atom.subject);
    const object = open(atom.object);
    return { predicate: atom.predicate, ...(subject === undefined ? {} : { subject }), ...(object === undefined ? {} : { object }) };
  } catch (err) {
    if (err instanceof RuleSyntaxError) throw new Error(`query column ${err.column}: ${err.message} (write it as predicate(subject, object), with ? for what is asked)`);
    throw err;
  }
}

class Parser {
  private pos = 0;
  private anonymous = 0;
  private readonly rules: ParsedRule[] = [];
  private readonly errors: RuleError[] = [];

  constructor(
    private readonly tokens: Token[],
    private readonly file: string,
    private readonly now: number,
  ) {}

  document(): RulesDocument {
    while (this.peek().kind !== "end") {
      try {
        this.rule();
      } catch (err) {
        if (!(err instanceof RuleSyntaxError)) throw err;
        this.errors.push({ line: err.line, column: err.column, message: err.message });
        this.skipPastDot();
      }
    }
    return { rules: this.rules, errors: this.errors };
  }

  /** One atom and nothing after it (an optional "." aside). */
  goal(): Atom {
    const atom = this.atom();
    this.accept(".");
    const t = this.peek();
    if (t.kind !== "end") throw new RuleSyntaxError(t.line, t.column, `unexpected ${this.describe(t)} after the query`);
    return atom;
  }

  private rule(): void {
    const start = this.peek();
    let confidence = 1;
    if (start.kind === "number") {
      this.next();
      confidence = Number(start.text);
      this.expect("::", "after a rule's confidence (as in `0.9 :: head :- body.`)");
      if (!(confidence > 0 && confidence <= 1)) throw new RuleSyntaxError(start.line, start.column, `confidence must be in (0, 1], got ${start.text}`);
    }
    const headToken = this.peek();
    const head = this.atom();
    const arrow = this.peek();
    if (arrow.kind !== ":-") throw new RuleSyntaxError(arrow.line, arrow.column, `expected ":-" after the head ${this.describe(headToken)}, got ${this.describe(arrow)} (a rule needs a body; facts go in a data file)`);
    this.next();
    const body: Atom[] = [];
    const bodyAt: Position[] = [];
    do {
      const t = this.peek();
      if (body.length === MAX_BODY_ATOMS) throw new RuleSyntaxError(t.line, t.column, `body too long: at most ${MAX_BODY_ATOMS} atoms`);
      bodyAt.push(t);
      body.push(this.atom());
    } while (this.accept(","));
    this.expect(".", "at the end of the rule");
    const rule: Rule = {
      name: `${basename(this.file)}:${start.line}`,
      head,
      body,
      confidence,
      provenance: { kind: "declared", source: `${this.file}:${start.line}`, when: this.now },
    };
    // The rule's "." is read, so report and go on with the next rule (throwing would skip it).
    const problem = ruleProblem(rule);
    if (problem) return void this.errors.push({ line: headToken.line, column: headToken.column, message: problem });
    this.rules.push({ rule, at: { line: start.line, column: start.column }, bodyAt });
  }

  private atom(): Atom {
    const p = this.next();
    if (p.kind !== "name" && p.kind !== "string") throw new RuleSyntaxError(p.line, p.column, `expected a predicate, got ${this.describe(p)}${p.kind === "variable" ? " (predicates start with a lower-case letter or are quoted)" : ""}`);
    this.expect("(", `after the predicate ${p.text}`);
    const subject = this.term();
    this.expect(",", `between the two arguments of ${p.text} (atoms are binary: predicate(subject, object))`);
    const object = this.term();
    this.expect(")", `after the second argument of ${p.text} (atoms are binary: predicate(subject, object))`);
    return { predicate: p.text, subject, object };
  }

  private term(): Term {
    const t = this.next();
    if (t.kind === "variable") return { var: t.text === "_" ? `_${++this.anonymous}` : t.text };
    if (t.kind === "name" || t.kind === "string" || t.kind === "number") return { const: t.text };
    throw new RuleSyntaxError(t.line, t.column, `expected a variable or a constant, got ${this.describe(t)}`);
  }

  private peek(): Token {
    return this.tokens[this.pos]!;
  }

  private next(): Token {
    const t = this.tokens[this.pos]!;
    if (t.kind !== "end") this.pos++;
    return t;
  }

  private accept(kind: Token["kind"]): boolean {
    if (this.peek().kind !== kind) return false;
    this.next();
    return true;
  }

  private expect(kind: Token["kind"], where: string): void {
    const t = this.peek();
    if (t.kind !== kind) throw new RuleSyntaxError(t.line, t.column, `expected "${kind}" ${where}, got ${this.describe(t)}`);
    this.next();
  }

  private skipPastDot(): void {
    while (this.peek().kind !== "end" && this.next().kind !== ".");
  }

  private describe(t: Token): string {
    return t.kind === "end" ? "end of input" : JSON.stringify(t.text);
  }
}
