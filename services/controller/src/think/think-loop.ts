/**
 * The standalone think loop (seed 002 `ThinkLoop`): a question is the
 * setpoint, an oracle is the plant, and the PI law of `goals/progress.ts`
 * turns "how close is what was found to the question" into a reward each
 * step.
 *
 *   q(k)  = reformulateQuery(question, missing terms, hot memory, queries asked)
 *   y(k)  = oracle.search(q(k))
 *   e(k)  = coverage: 1 - |Q ∩ E(k)| / |Q|, E(k) = tokens(y(0..k))  (default)
 *           jaccard:  1 - |Q ∩ Y| / |Q ∪ Y|, Y = tokens(y(k))        (the seed's)
 *   I, K, r = controlStep(e(k), I(k-1))
 *
 * Stops CONVERGED when e < threshold; STALLED when the reward fell
 * `stall_patience` steps in a row (the seed's rule), when that many steps
 * in a row matched no new question term, or when no query is left that was
 * not asked before; CAPPED at `max_iterations`.
 *
 * The two measures answer different questions. The seed's Jaccard compares
 * the question with each observation on its own, so the reward follows how
 * on-topic the latest answer was, and falls when answers drift away: that
 * is what its stall rule watches. Coverage accumulates everything found, so
 * it says how much of the question is answered by now; its error never
 * rises, so under it the reward never falls and the seed's rule cannot
 * fire, which is why the "no new term" rule exists (it also stops an oracle
 * that only returns off-topic text, where e = 1 and r = 0 never fall).
 *
 * After the loop, hot entries whose reward reached the promotion threshold
 * go to the cold store, as the seed's `drain_to_cold`.
 */
import { LoopState } from "@boyd/proto";
import { invalidGoalInput } from "../goals/errors.js";
import { controlStep, errorOf, goalTokens } from "../goals/progress.js";
import { inMemoryColdStore } from "./cold-store.js";
import { HotMemory } from "./hot-memory.js";
import { resolveThinkOptions, type ThinkOptions } from "./options.js";
import { questionTerms, reformulateQuery } from "./refine.js";
import type { AnswerPassage, ColdEntry, ColdStore, HotEntry, ThinkOracle, ThinkResult, ThinkStep } from "./types.js";

const SUMMARY_CHARS = 120;

/** One line of at most `SUMMARY_CHARS` characters. */
export function summarizeObservation(text: string, max = SUMMARY_CHARS): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/**
 * Thinks about `question` by querying `oracle` until the evidence covers
 * it, progress stops, or the iteration cap is reached.
 *
 * @throws GoalError INVALID_ARGUMENT for bad options or a question without
 *   content words (nothing to measure); whatever the oracle or the cold
 *   store throw; the signal's reason when aborted.
 */
export async function think(question: string, oracle: ThinkOracle, options: ThinkOptions = {}): Promise<ThinkResult> {
  const o = resolveThinkOptions(options);
  const s = o.control;
  const terms = questionTerms(question);
  if (terms.size === 0) throw invalidGoalInput("question", `has no content words to look for: ${JSON.stringify(question)}`);
  const criteria = new Set(terms.keys());
  const evidence = new Set<string>();
  const matched = new Set<string>();
  const hot = new HotMemory(o.hotCapacity);
  const steps: ThinkStep[] = [];

  let integral = 0;
  // The seed starts from -inf; rewards are never negative, so 0 behaves the
  // same and stays a plain number (as in evaluateProgress).
  let previousReward = 0;
  let declineStreak = 0;
  let idleStreak = 0;
  let state = LoopState.CAPPED;
  let reason = `capped after ${s.maxIterations} iteration(s)`;

  const asked: string[] = [];
  for (let k = 0; k < s.maxIterations; k++) {
    options.signal?.throwIfAborted();
    const query = reformulateQuery({ question, terms, matched, hot: hot.entries(), asked });
    if (query === undefined) {
      state = LoopState.STALLED;
      reason = `stalled: no new query left after ${k} step(s) (every reformulation from hot memory was asked)`;
      break;
    }
    asked.push(query);
    const answer = await oracle.search(query);
    const observed = new Set(goalTokens(answer.text).keys());
    for (const t of observed) evidence.add(t);
    // In question order, so reports read like the question.
    const newTerms: string[] = [];
    for (const [t, word] of terms) {
      if (observed.has(t) && !matched.has(t)) {
        matched.add(t);
        newTerms.push(word);
      }
    }
    const e = o.measure === "jaccard" ? errorOf(criteria, observed, "jaccard") : errorOf(criteria, evidence, "coverage");
    const signal = controlStep(e, integral, s);
    integral = signal.integral;
    declineStreak = signal.reward < previousReward ? declineStreak + 1 : 0;
    idleStreak = newTerms.length === 0 ? idleStreak + 1 : 0;
    previousReward = signal.reward;

    if (answer.text.trim() !== "") {
      hot.push({
        step: k,
        query,
        content: answer.text,
        hits: answer.hits,
        reward: signal.reward,
        questionTerms: [...terms].filter(([t]) => observed.has(t)).map(([, w]) => w),
      });
    }
    const step: ThinkStep = {
      k,
      query,
      ...signal,
      observation: summarizeObservation(answer.text),
      hits: answer.hits.length,
      matchedTerms: [...terms].filter(([t]) => matched.has(t)).map(([, w]) => w),
      newTerms,
      declineStreak,
      idleStreak,
    };
    steps.push(step);
    options.onStep?.(step);

    if (e < s.convergenceThreshold) {
      state = LoopState.CONVERGED;
      reason = `converged: error ${e.toFixed(3)} < ${s.convergenceThreshold} after ${k + 1} step(s)`;
      break;
    }
    if (declineStreak >= s.stallPatience) {
      state = LoopState.STALLED;
      reason = `stalled: reward fell ${declineStreak} step(s) in a row`;
      break;
    }
    if (idleStreak >= s.stallPatience) {
      state = LoopState.STALLED;
      reason = `stalled: ${idleStreak} step(s) in a row found no new question term`;
      break;
    }
  }

  const promoted = await promote(hot, o.promotionThreshold, question, options.coldStore ?? inMemoryColdStore());
  return {
    question,
    measure: o.measure,
    state,
    reason,
    steps,
    finalError: steps.at(-1)?.error ?? 1,
    questionTerms: [...terms.values()],
    missingTerms: [...terms].filter(([t]) => !matched.has(t)).map(([, w]) => w),
    answer: bestPassages(hot.entries(), terms, o.answerPassages),
    promoted,
    hot: hot.snapshot(),
  };
}

/** Sends the promotable hot entries (each text once) to the cold store. */
async function promote(hot: HotMemory, threshold: number, question: string, cold: ColdStore): Promise<Array<ColdEntry & { id: string }>> {
  const seen = new Set<string>();
  const entries: ColdEntry[] = [];
  for (const e of hot.promotable(threshold)) {
    if (seen.has(e.content)) continue;
    seen.add(e.content);
    entries.push({ content: e.content, reward: e.reward, step: e.step });
  }
  if (entries.length === 0) return [];
  const ids = await cold.promote(entries, question);
  return entries.map((e, i) => ({ ...e, id: ids[i] ?? "" }));
}

/**
 * The answer: distinct passages from hot memory that contain question
 * terms, most terms first, earlier steps first on ties. Ranked by terms
 * rather than by reward because the reward grows with the integral, so it
 * favours late steps whatever they found.
 */
export function bestPassages(entries: readonly HotEntry[], terms: ReadonlyMap<string, string>, limit: number): AnswerPassage[] {
  const seen = new Set<string>();
  const out: AnswerPassage[] = [];
  for (const e of entries) {
    const passages = e.hits.length > 0 ? e.hits : [{ passage: e.content, source: "", score: 0 }];
    for (const h of passages) {
      const key = h.passage.trim();
      if (key === "" || seen.has(key)) continue;
      seen.add(key);
      const own = goalTokens(h.passage);
      const questionTerms = [...terms].filter(([t]) => own.has(t)).map(([, w]) => w);
      if (questionTerms.length > 0) out.push({ passage: key, source: h.source, questionTerms, step: e.step });
    }
  }
  // Array.prototype.sort is stable, so ties keep discovery order.
  return out.sort((a, b) => b.questionTerms.length - a.questionTerms.length).slice(0, limit);
}
