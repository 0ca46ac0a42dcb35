import { BusError } from "@boyd/bus";
import { DangerLevel, type Triple } from "@boyd/proto";
import { z } from "zod";
import { defineTool, type ToolDefinition } from "../tool.js";
import { builtinDescriptor, tripleLine, type OrientClient } from "./graph-client.js";

/** A parsed expression: an atom or a list. */
export type SExpr = string | SExpr[];

/** Parses one s-expression: atoms, "quoted atoms", nested lists. INVALID_ARGUMENT names the offset. */
export function parseSExpr(text: string): SExpr {
  let at = 0;
  const fail = (why: string): never => {
    throw new BusError("INVALID_ARGUMENT", `expression: ${why} at offset ${at}`);
  };
  const skip = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  const read = (): SExpr => {
    skip();
    const c = text[at];
    if (c === undefined) return fail("unexpected end");
    if (c === ")") return fail("unexpected ')'");
    if (c === "(") {
      at++;
      const list: SExpr[] = [];
      for (skip(); text[at] !== ")"; skip()) {
        if (at >= text.length) return fail("missing ')'");
        list.push(read());
      }
      at++;
      return list;
    }
    if (c === '"') {
      const m = /^"((?:[^"\\]|\\.)*)"/.exec(text.slice(at));
      if (!m) return fail("unterminated string");
      at += m[0].length;
      return m[1]!.replace(/\\(.)/g, "$1");
    }
    const m = /^[^\s()"]+/.exec(text.slice(at))!;
    at += m[0].length;
    return m[0];
  };
  const expr = read();
  skip();
  if (at < text.length) fail("text after the first complete expression");
  return expr;
}

interface Verdict {
  holds: boolean;
  lines: string[];
  symbols: string[];
}

/**
 * reason: decides whether a statement follows from the graph. Forms:
 * `(triple S P O)` or `(P S O)` for a fact, `(and ...)`, `(or ...)`,
 * `(not e)`. A fact holds when the graph has it or forward chaining
 * derives it (without writing the derivation); negation is closed-world.
 */
export function reasonTool(orient: OrientClient): ToolDefinition {
  return defineTool({
    descriptor: builtinDescriptor("reason"),
    input: z.object({ expression: z.string().trim().min(2).max(4_096) }).strict(),
    assess: (i) => ({
      action: { detail: { $case: "other", value: { summary: `evaluate ${i.expression}` } } },
      danger: DangerLevel.SAFE,
      reversible: true,
      preview: i.expression,
      consequences: "reads the knowledge graph; nothing changes",
      sideEffects: false,
    }),
    async run(i, ctx) {
      const expr = parseSExpr(i.expression);
      let derived: Triple[] | undefined;
      const derivations = async () => (derived ??= (await orient.inferRules({ agentId: ctx.agentId, commit: false, maxIterations: 5 })).derived.flatMap((d) => (d.triple ? [d.triple] : [])));
      const same = (a: string, b: string) => norm(a) === norm(b);
      const fact = async (s: string, p: string, o: string): Promise<Verdict> => {
        const matches = (t: Triple) => same(t.subjectLabel || t.subject, s) && same(t.objectLabel || t.object, o) && (same(t.predicateLabel, p) || same(t.predicate, p));
        const known = await candidates(orient, ctx.agentId, s);
        const hit = known.find(matches) ?? (await derivations()).find(matches);
        const symbols = [s, p, o];
        if (!hit) return { holds: false, lines: [`unknown: ${s} ${p} ${o} (neither stored nor derivable)`], symbols };
        const how = known.includes(hit) ? "known" : "derived";
        return { holds: true, lines: [`${how}: ${tripleLine(hit)}`], symbols };
      };
      const evaluate = async (e: SExpr): Promise<Verdict> => {
        if (typeof e === "string") throw new BusError("INVALID_ARGUMENT", `expression: ${JSON.stringify(e)} is an atom, not a statement`);
        const [head, ...args] = e;
        if (typeof head !== "string") throw new BusError("INVALID_ARGUMENT", "expression: a list must start with an operator or a predicate");
        const op = head.toLowerCase();
        if (op === "and" || op === "or") {
          if (!args.length) throw new BusError("INVALID_ARGUMENT", `expression: (${op}) needs at least one argument`);
          const parts = [];
          for (const a of args) parts.push(await evaluate(a));
          const holds = op === "and" ? parts.every((p) => p.holds) : parts.some((p) => p.holds);
          return { holds, lines: parts.flatMap((p) => p.lines), symbols: parts.flatMap((p) => p.symbols) };
        }
        if (op === "not") {
          if (args.length !== 1) throw new BusError("INVALID_ARGUMENT", "expression: (not e) takes exactly one argument");
          const inner = await evaluate(args[0]!);
          return { ...inner, holds: !inner.holds };
        }
        const atoms = args.map((a) => {
          if (typeof a !== "string") throw new BusError("INVALID_ARGUMENT", `expression: (${head} ...) takes atoms, not lists`);
          return a;
        });
        if (op === "triple") {
          if (atoms.length !== 3) throw new BusError("INVALID_ARGUMENT", "expression: (triple S P O) takes three atoms");
          return fact(atoms[0]!, atoms[1]!, atoms[2]!);
        }
        if (atoms.length !== 2) throw new BusError("INVALID_ARGUMENT", `expression: (${head} S O) takes two atoms`);
        return fact(atoms[0]!, head, atoms[1]!);
      };
      const verdict = await evaluate(expr);
      return {
        content: `${verdict.holds ? "true" : "false"}: ${i.expression}\n${verdict.lines.join("\n")}`,
        symbols: [...new Set(verdict.symbols)],
        data: { holds: verdict.holds, explanation: verdict.lines },
      };
    },
  });
}

// "is_a", "Is A" and "is-a" are one name: decide writes labels as atoms
// with spaces turned into underscores.
function norm(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, " ").trim();
}

async function candidates(orient: OrientClient, agentId: string, subject: string): Promise<Triple[]> {
  for (const label of new Set([subject, subject.replace(/_/g, " ")])) {
    try {
      const { triples } = await orient.query({ agentId, subject: label, termsAreLabels: true, limit: 500 });
      if (triples.length) return triples;
    } catch (err) {
      if (!(err instanceof BusError && err.code === "NOT_FOUND")) throw err;
    }
  }
  return [];
}
