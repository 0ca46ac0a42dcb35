import type { GraphStore, Triple } from "@boyd/graph";
import { AnswerKind, type Answer, type Goal, type GoalAnswers, type Proof, type ProofStep, type Triple as ProtoTriple } from "@boyd/proto";
import { toProtoTriple } from "../convert.js";
import { answerQuestion, type QuestionAnswer } from "./answer.js";
import { FactView, type FactStep } from "./facts.js";
import { buildVocabulary, type Vocabulary } from "./vocabulary.js";

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

/**
 * Reads goals as questions over one graph and answers them with proofs.
 * The vocabulary (names, predicates, declarations) is read once and kept
 * until the graph changes: `invalidate()` after a write through this
 * service, and the graph's version for writes made elsewhere (another
 * orient replica on the same Neo4j, `boyd kg ingest`), which moves even
 * when a write leaves the counts as they were (a symbol relabelled).
 */
export class QuestionAnswerer {
  private vocab: Promise<Vocabulary> | undefined;
  private builtAt: string | undefined;
  /**
   * What each question found, by vocabulary: one vocabulary is one graph
   * version (a new one is built after any write), and an answer is a pure
   * function of the graph, the question and the facts it excludes, so an
   * agent asking about the same goal every cycle over an unchanged graph
   * walks it once (orient answered it in ~0.2 ms a cycle, every cycle).
   */
  private readonly found = new WeakMap<Vocabulary, Map<string, QuestionAnswer>>();

  constructor(private readonly store: GraphStore) {}

  invalidate(): void {
    this.vocab = undefined;
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
        (a): Answer => ({ symbolId: a.id, label: vocab.displayName(a.id), confidence: a.confidence, proof: proof(a.steps) }),
      ),
      proof: found.proof.length > 0 ? proof(found.proof) : undefined,
    };
  }

  /** The answer to `question` over the graph `vocab` was built from, never from facts whose source starts with `own`. */
  private async find(vocab: Vocabulary, own: string, question: string): Promise<QuestionAnswer> {
    const key = `${own}\u0000${question}`;
    const kept = this.found.get(vocab)?.get(key);
    if (kept) return kept;
    const view = new FactView(this.store, vocab, (t) => t.source.startsWith(own));
    const found = await answerQuestion(question, vocab, view);
    if (view.usedReasoner) return found;
    let byQuestion = this.found.get(vocab);
    if (!byQuestion) this.found.set(vocab, (byQuestion = new Map()));
    if (byQuestion.size >= MAX_KEPT_QUESTIONS) byQuestion.clear();
    byQuestion.set(key, found);
    return found;
  }

  private async vocabulary(): Promise<Vocabulary> {
    const version = await this.store.version();
    if (!this.vocab || version !== this.builtAt) {
      this.builtAt = version;
      this.vocab = buildVocabulary(this.store);
      this.vocab.catch(() => (this.vocab = undefined));
    }
    return this.vocab;
  }
}

function labelled(t: Triple, vocab: Vocabulary): ProtoTriple {
  return { ...toProtoTriple(t), subjectLabel: vocab.displayName(t.subject), predicateLabel: t.predicate, objectLabel: vocab.displayName(t.object) };
}

/** "phobos orbits mars (examples/solar-system.csv:23)"; a derived fact names its rule. */
function factLine(t: Pick<ProtoTriple, "subject" | "predicate" | "object" | "source" | "subjectLabel" | "objectLabel">, rule = ""): string {
  const s = t.subjectLabel || t.subject;
  const o = t.objectLabel || t.object;
  return `${s} ${t.predicate} ${o} (${rule ? `by ${rule}` : t.source || "no source"})`;
}

function toProof(steps: readonly FactStep[], vocab: Vocabulary, cycle: number): Proof {
  const proofSteps: ProofStep[] = steps.map((s) => ({ fact: labelled(s.triple, vocab), ruleId: s.rule ?? "", premises: (s.premises ?? []).map((p) => labelled(p, vocab)) }));
  const lines = proofSteps.map((s) => factLine(s.fact!, s.ruleId));
  const stated = proofSteps.flatMap((s) => s.premises).map((p) => factLine(p));
  const summary = [...lines, ...(stated.length ? [`from ${stated.join("; ")}`] : [])].join("; ");
  return { steps: proofSteps, toolName: "", excerpt: "", cycle, summary };
}
