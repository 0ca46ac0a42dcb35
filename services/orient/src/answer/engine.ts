import type { GraphChange, GraphStore, Triple } from "@boyd/graph";
import { AnswerKind, type Answer, type Goal, type GoalAnswers, type Proof, type ProofStep, type Triple as ProtoTriple } from "@boyd/proto";
import { toProtoTriple } from "../convert.js";
import { answerQuestion } from "./answer.js";
import type { QuestionAnswer } from "./result.js";
import { FactView, type FactStep } from "./facts.js";
import { askedInThePast, noLongerHolds } from "./tense.js";
import { buildVocabulary, extendVocabulary, type Vocabulary } from "./vocabulary.js";

/** The source prefix of facts an agent wrote while working on a goal (see act's kg_mutate). */
export function agentGoalSource(agentId: string, goalId: string): string {
  return `agent:${agentId}:goal:${goalId}:`;
}

const KINDS: Record<QuestionAnswer["kind"], AnswerKind> = {
  entities: AnswerKind.ENTITIES,
  yes: AnswerKind.YES,
  no: AnswerKind.NO,
  unknown: AnswerKind.UNKNOWN,
  unread: AnswerKind.UNSPECIFIED,
};

/** Answers kept per goal; the rest are counted in the summary. */
const MAX_ANSWERS = 20;

/** Questions whose answer is kept per graph version (all forgotten when full: agents come and go). */
const MAX_KEPT_QUESTIONS = 1_024;

/** Why a vocabulary was dropped: a change only a rebuild takes in. */
const STALE = new Error("the vocabulary is made again after this change");

/**
 * Reads goals as questions over one graph and answers them with proofs.
 * The vocabulary (names, predicates, declarations) is read once and kept
 * while the graph changes. On a graph only this process writes (embedded),
 * every write through the store is applied to it (extendVocabulary), or,
 * for the few it cannot take in, it is read again when next needed. On a
 * graph others write too (Neo4j), it is read again after any write through
 * the store and whenever the graph's version moved (another orient replica,
 * `boyd kg ingest`), even when a write left the counts as they were (a
 * symbol relabelled).
 */
export class QuestionAnswerer {
  private vocab: Promise<Vocabulary> | undefined;
  /** The vocabulary being read from the graph: a write meanwhile may or may not be in it, so it is not applied to it. */
  private building: Promise<Vocabulary> | undefined;
  private builtAt: string | undefined;
  /**
   * What each question found, by vocabulary: an answer is a pure function
   * of the graph, the question and the facts it excludes, so an agent
   * asking about the same goal every cycle over an unchanged graph walks
   * it once (orient answered it in ~0.2 ms a cycle, every cycle). A change
   * applied to a vocabulary drops what was found with it.
   */
  private readonly found = new WeakMap<Vocabulary, Map<string, QuestionAnswer>>();

  constructor(private readonly store: GraphStore) {
    store.onChange((change) => this.changed(change));
  }

  /** A write through the store: applied to the vocabulary in the order writes were made, else it is read again when next needed. */
  private changed(change: GraphChange): void {
    const current = this.vocab;
    if (!current || current === this.building || !this.store.soleWriter || change.kind === "other") {
      this.vocab = undefined;
      return;
    }
    const next = current.then(async (vocab) => {
      if (!(await extendVocabulary(vocab, change, this.store))) throw STALE;
      this.found.delete(vocab);
      return vocab;
    });
    this.vocab = next;
    next.catch(() => {
      if (this.vocab === next) this.vocab = undefined;
    });
  }

  /** The goal's description read as a question, and the graph's answers (never from the agent's own writes for the goal). */
  async answer(goal: Pick<Goal, "symbolId" | "description">, agentId: string, cycle: number): Promise<GoalAnswers> {
    const vocab = await this.vocabulary();
    const found = await this.find(vocab, agentGoalSource(agentId, goal.symbolId), goal.description);
    const proof = (steps: readonly FactStep[]): Proof => toProof(steps, vocab, cycle);
    return {
      kind: KINDS[found.kind],
      pattern: found.pattern,
      subjectIds: [...found.subjects],
      predicates: [...found.predicates],
      answers: found.answers.slice(0, MAX_ANSWERS).map(
        (a): Answer => ({ symbolId: a.id, label: a.label ?? vocab.distinctName(a.id), confidence: a.confidence, proof: proof(a.steps) }),
      ),
      proof: found.proof.length > 0 ? proof(found.proof) : undefined,
      unanswered: found.answers.length === 0 ? (found.unanswered ?? "") : "",
    };
  }

  /** The answer to `question` over the graph `vocab` was built from, never from facts whose source starts with `own`. */
  private async find(vocab: Vocabulary, own: string, question: string): Promise<QuestionAnswer> {
    const key = `${own}\u0000${question}`;
    // Taken before the walk: a change applied meanwhile replaces it, and what this walk found is then not kept.
    let byQuestion = this.found.get(vocab);
    if (!byQuestion) this.found.set(vocab, (byQuestion = new Map()));
    const kept = byQuestion.get(key);
    if (kept) return kept;
    // "Does Durant play for the Warriors?" is no question `durant formerly_played_for warriors` answers.
    const past = askedInThePast(question);
    const view = new FactView(this.store, vocab, (t) => t.source.startsWith(own) || (!past && noLongerHolds(t.predicate)));
    const found = await answerQuestion(question, vocab, view);
    if (view.usedReasoner) return found;
    if (byQuestion.size >= MAX_KEPT_QUESTIONS) byQuestion.clear();
    byQuestion.set(key, found);
    return found;
  }

  private async vocabulary(): Promise<Vocabulary> {
    if (!this.store.soleWriter) {
      const version = await this.store.version();
      if (version !== this.builtAt) {
        this.builtAt = version;
        this.vocab = undefined;
      }
    }
    for (;;) {
      const current = (this.vocab ??= this.build());
      try {
        return await current;
      } catch (err) {
        if (this.vocab === current) this.vocab = undefined;
        if (err !== STALE) throw err;
      }
    }
  }

  private build(): Promise<Vocabulary> {
    const built = buildVocabulary(this.store);
    this.building = built;
    const done = (): void => {
      if (this.building === built) this.building = undefined;
    };
    built.then(done, done);
    return built;
  }
}

/** A proof's fact with the names a person reads: "Paris (paris_texas)" where two things go by "Paris". */
function labelled(t: Triple, vocab: Vocabulary): ProtoTriple {
  return { ...toProtoTriple(t), subjectLabel: vocab.distinctName(t.subject), predicateLabel: t.predicate, objectLabel: vocab.distinctName(t.object) };
}

/** "phobos orbits mars (examples/solar-system.csv:23)"; a derived fact names its rule. */
function factLine(t: Pick<ProtoTriple, "subject" | "predicate" | "object" | "source" | "subjectLabel" | "objectLabel">, rule = ""): string {
  return `${t.subjectLabel || t.subject} ${t.predicate} ${t.objectLabel || t.object} (${rule ? `by ${rule}` : t.source || "no source"})`;
}

function toProof(steps: readonly FactStep[], vocab: Vocabulary, cycle: number): Proof {
  const proofSteps: ProofStep[] = once(steps).map((s) => ({ fact: labelled(s.triple, vocab), ruleId: s.rule ?? "", premises: (s.premises ?? []).map((p) => labelled(p, vocab)), compared: s.compared ?? false }));
  const lines = proofSteps.map((s) => factLine(s.fact!, s.ruleId));
  const stated = proofSteps.flatMap((s) => s.premises).map((p) => factLine(p));
  const summary = [...lines, ...(stated.length ? [`from ${stated.join("; ")}`] : [])].join("; ");
  return { steps: proofSteps, toolName: "", excerpt: "", cycle, summary };
}

/** Each step once: one fact can serve two parts of a question ("members of The Lumens" and "play drums" both reach `ben_okafor plays drums`). */
function once(steps: readonly FactStep[]): FactStep[] {
  const seen = new Set<string>();
  return steps.filter((s) => {
    const key = `${s.triple.subject}\0${s.triple.predicate}\0${s.triple.object}\0${s.triple.source}\0${s.rule ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
