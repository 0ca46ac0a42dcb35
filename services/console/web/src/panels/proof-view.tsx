import type { Proof } from "@boyd/proto";
import { tripleText } from "../model/focus-graph.js";
import { visibleText } from "../model/text.js";

/** A proof as lines: each fact with its source, or the rule and premises it was derived from. */
export function ProofView({ proof }: { proof: Proof | undefined }) {
  if (!proof) return null;
  const lines = proof.steps.flatMap((step) =>
    step.fact ? [step.ruleId ? `${tripleText(step.fact)} (by ${step.ruleId} from ${step.premises.map(tripleText).join("; ")})` : `${tripleText(step.fact)} (${step.fact.source || "graph"})`] : [],
  );
  if (lines.length === 0 && proof.summary) lines.push(proof.summary);
  if (lines.length === 0 && proof.excerpt) lines.push(`${proof.toolName}: ${proof.excerpt}`);
  return (
    <ul class="proof">
      {lines.map((line, i) => (
        <li key={i}>{visibleText(line)}</li>
      ))}
    </ul>
  );
}
