import { GraphError } from "../errors.js";
import type { GraphSymbol } from "../model.js";
import { checkRule, type Rule } from "./rule.js";

/**
 * Rules live with the knowledge, in whatever backend holds it, as symbols
 * of kind `rule`: id `rule:<name>`, the rule as JSON in the label. A symbol
 * (not a triple) so a rule never shows up as a fact, an edge in spreading
 * activation or a premise; `rule:` is a bookkeeping prefix besides.
 */
export const RULE_KIND = "rule";
export const RULE_PREFIX = "rule:";

export function ruleToSymbol(rule: Rule): GraphSymbol {
  return { id: `${RULE_PREFIX}${rule.name}`, kind: RULE_KIND, label: JSON.stringify(rule) };
}

export function ruleFromSymbol(symbol: GraphSymbol): Rule {
  try {
    return checkRule(JSON.parse(symbol.label) as Rule);
  } catch (err) {
    throw new GraphError("DATA_LOSS", `stored rule ${symbol.id} cannot be read: ${(err as Error).message}`, { cause: err });
  }
}
