import { formatRule, type Answer, type Conflict, type Derivation, type Rule, type Triple } from "@boyd/graph";

/** A fact in a proof: `s p o (confidence, source)`. */
export function factText(t: Triple): string {
  return `${t.subject} ${t.predicate} ${t.object} (${+t.confidence.toFixed(4)}${t.source ? `, ${t.source}` : ""})`;
}

/**
 * The proof line under a derived fact: the rule by name and in the rules
 * syntax, then the facts it used, so a reader can check it by hand.
 */
export function proofText(d: Pick<Derivation, "rule" | "antecedents"> | Answer, rules: ReadonlyMap<string, Rule>): string {
  const rule = d.rule === undefined ? undefined : rules.get(d.rule);
  const text = rule ? ` [${formatRule(rule)}]` : "";
  return `  proof: rule ${d.rule ?? "(stated)"}${text} from ${d.antecedents.map(factText).join("; ")}`;
}

/** A functional-property contradiction, one line. */
export function conflictText(c: Conflict): string {
  return `conflict: ${c.predicate} is functional (${c.declaredBy.source || "declared"}) but ${c.subject} has ${c.values.map(factText).join(" and ")}`;
}
