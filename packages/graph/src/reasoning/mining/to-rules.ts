import { atom, c, formatRule, v, type Atom, type Rule, type Term } from "../rule.js";
import type { FactIndex } from "./facts.js";
import type { MinedRuleFigures } from "./miner.js";

/** Where mined rules say they came from. */
export interface MinedProvenance {
  /** The miner and what it read, e.g. `boyd kg mine (embedded)`. */
  readonly source: string;
  /** Unix ms of the mining. */
  readonly when: number;
}

/** An atom over a directed relation of the index: `b⁻(s, o)` is `b(o, s)`. */
function directed(kb: FactIndex, relation: number, subject: Term, object: Term): Atom {
  const { predicate, inverse } = kb.describe(relation);
  return inverse ? atom(predicate, object, subject) : atom(predicate, subject, object);
}

// The variables between X and Y along a path body of up to three atoms.
const PATH_VARIABLES = [v("Z"), v("W")];

/** A stable name from the rule's text (FNV-1a), so mining again names the same rule the same. */
function nameOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `mined-${h.toString(16).padStart(8, "0")}`;
}

/**
 * Whether a rule name is one the miner gives: a fact stored with source
 * `rule:<name>` was derived by a mined rule even after the rule is gone.
 */
export function isMinedRuleName(name: string): boolean {
  return /^mined-[0-9a-f]{8}$/.test(name);
}

/**
 * Mined rules as the graph's Rule: atoms over predicates and symbols, the
 * smoothed confidence as the rule's, the miner's figures in its provenance.
 * A path rule mined for an inverse head is the same clause as its forward
 * twin, so only the forward one is kept.
 */
export function toRules(kb: FactIndex, mined: readonly MinedRuleFigures[], provenance: MinedProvenance): Rule[] {
  const rules: Rule[] = [];
  const X = v("X");
  const Y = v("Y");
  for (const m of mined) {
    let head: Atom;
    let body: Atom[];
    if (m.form.kind === "path") {
      if (kb.describe(m.head).inverse) continue;
      head = directed(kb, m.head, X, Y);
      const vars = [X, ...PATH_VARIABLES.slice(0, m.form.body.length - 1), Y];
      body = m.form.body.map((b, i) => directed(kb, b, vars[i]!, vars[i + 1]!));
    } else {
      head = directed(kb, m.head, X, c(kb.symbols[m.form.c]!));
      body = [directed(kb, m.form.body, X, m.form.d === undefined ? v("Any") : c(kb.symbols[m.form.d]!))];
    }
    const shape = { head, body, confidence: Math.max(Number(m.confidence.toPrecision(4)), 1e-4) };
    rules.push({
      name: nameOf(formatRule({ ...shape, confidence: 1 })),
      ...shape,
      provenance: {
        kind: "mined",
        source: provenance.source,
        when: provenance.when,
        figures: {
          support: m.support,
          headCoverage: m.headCoverage,
          stdConfidence: m.stdConfidence,
          pcaConfidence: m.pcaConfidence,
          bodyCount: m.bodyCount,
        },
      },
    });
  }
  return rules;
}
