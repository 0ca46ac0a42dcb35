import type { FactView } from "./facts.js";
import { ARTICLES } from "./lexicon.js";
import type { QuestionReading } from "./question.js";
import { NUMBER, unread, type QuestionAnswer } from "./result.js";

/** Words that leave a thing out of the answers ("other than Inception", "apart from Jaws"), by their tokens. */
const EXCLUDING: readonly (readonly string[])[] = [["other", "than"], ["apart", "from"], ["aside", "from"], ["except", "for"], ["except"], ["besides"], ["excluding"], ["but", "not"]];

/** What exclusionAsked finds: the question without the exclusion, and the things left out. */
export interface Exclusion {
  readonly rest: string;
  readonly left: readonly string[];
}

/**
 * "Which films did Nolan direct other than Inception?", "Apart from Jaws,
 * which films did Spielberg direct?": the question without the words of
 * exclusion and the one thing named after them, and that thing. `unread`
 * when such words stand before anything else ("but not Jupiter" after a
 * verb, "except when ..."): no reading takes them, and one that ignored
 * them would answer wrong. Undefined when none are asked.
 */
export function exclusionAsked(text: string, q: QuestionReading): Exclusion | "unread" | undefined {
  const { toks } = q;
  for (let i = 0; i < toks.length; i++) {
    const words = EXCLUDING.find((e) => e.every((w, k) => toks[i + k] === w));
    if (!words) continue;
    let at = i + words.length;
    while (ARTICLES.has(toks[at] ?? "")) at++;
    const thing = q.mentions.find((m) => m.start === at || (m.start === i + words.length && m.end > at));
    // "but not" says a relation does not hold ("orbit Mars but not Jupiter"): never an exclusion of the answers.
    if (!thing || thing.ids.length !== 1 || words[0] === "but") return "unread";
    // Cut from the text as written: its capitals tell names apart ("Spielberg" is Steven Spielberg).
    const said = new RegExp(`\\b${words.join("\\s+")}\\W+${asWritten(toks.slice(i + words.length, thing.end))}\\b,?`, "i");
    const rest = text.replace(said, " ").replace(/\s+/g, " ").trim();
    return rest === text ? "unread" : { rest, left: thing.ids };
  }
  return undefined;
}

/**
 * The answers to the question without its exclusion, less the things it
 * left out. Only a list of things is so narrowed: a yes, or a number (a
 * count of all of them), says nothing of the rest. Refused when what is
 * left out could be none of the answers: "Which incidents affected
 * something other than checkout?" leaves checkout out of what was
 * affected, not out of the incidents, which no reading here takes.
 */
export async function leftOut(found: QuestionAnswer, exclusion: Exclusion, view: FactView): Promise<QuestionAnswer> {
  const refused: QuestionAnswer = { ...unread(found.subjects), kind: found.kind === "entities" ? "entities" : "unknown" };
  if (found.kind !== "entities" || found.pattern === "" || found.answers.some((a) => NUMBER.test(a.id))) return refused;
  if (found.answers.length > 0 && !(await couldBeAnswers(exclusion.left, found, view))) return refused;
  return { ...found, pattern: `${found.pattern}, ?x not ${exclusion.left.join(", ")}`, answers: found.answers.filter((a) => !exclusion.left.includes(a.id)) };
}

/** Whether one of `ids` could be one of the answers: it is one, or it is of a class one of them is of (not so "checkout" among incidents, or "1"). */
async function couldBeAnswers(ids: readonly string[], found: QuestionAnswer, view: FactView): Promise<boolean> {
  if (found.answers.some((a) => ids.includes(a.id))) return true;
  const left = new Set((await Promise.all(ids.map((id) => view.kinds(id)))).flat());
  for (const a of found.answers) if ((await view.kinds(a.id)).some((k) => left.has(k))) return true;
  return false;
}

/**
 * A regular expression's source matching tokens as the text writes them:
 * each token, any run of other characters between ("St. Anne's" for
 * `st anne s`). Used to cut a phrase out of the text as written, whose
 * capitals tell names apart.
 */
export function asWritten(tokens: readonly string[]): string {
  return tokens.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\W+");
}
