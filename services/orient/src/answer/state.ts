import { type FactView } from "./facts.js";
import { ARTICLES, COPULAS } from "./lexicon.js";
import type { QuestionReading } from "./question.js";
import { nounOwner } from "./relation-match.js";
import { NUMBER, type QuestionAnswer } from "./result.js";

/**
 * "Is order 1004 shipped?", "Is ticket 41 open?", "Was Apollo 11 a success?": yes by a fact giving the
 * thing that value (`order_1004 status shipped`), when the fact names a
 * property of its subject (a noun: `status`, `colour`; never a relation
 * such as `lives_in`) and the value is a bare one: a symbol with no facts
 * of its own and no members. "Is Maria Lisbon?" is never yes by
 * `maria lives_in lisbon`, nor "Is London England?" by `london capital_of
 * england` (England is a thing of its own). Undefined when the question
 * is not of that shape or no fact says so (never no: another fact may).
 */
export async function answerInState(q: QuestionReading, view: FactView): Promise<QuestionAnswer | undefined> {
  const [thing, value] = q.mentions;
  // "Is Apollo 11 a success?": an article may stand before the value.
  const between = q.toks.slice(thing?.end, value?.start);
  const adjoining = between.length === 0 || (between.length === 1 && ARTICLES.has(between[0]!));
  if (q.mentions.length !== 2 || !COPULAS.has(q.toks[0] ?? "") || thing!.start !== 1 || !adjoining || value!.end !== q.toks.length) return undefined;
  for (const v of value!.ids) {
    if (NUMBER.test(v) || !(await bareValue(v, view))) continue;
    for (const e of await view.edges(v)) {
      if (!thing!.ids.includes(e.other) || nounOwner(e.predicate) !== "first") continue;
      return { kind: "yes", pattern: `${e.other} ${e.predicate} ${v}`, subjects: [e.other, v], predicates: [e.predicate], answers: [], proof: [e.step] };
    }
  }
  return undefined;
}

/** Whether a symbol only ever stands at the object's end of facts, and is no class. */
async function bareValue(id: string, view: FactView): Promise<boolean> {
  const edges = await view.edges(id);
  return edges.length > 0 && edges.every((e) => e.direction === "in") && !(await view.isClass(id));
}
