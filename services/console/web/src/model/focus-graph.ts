/**
 * The activated part of the knowledge graph around the focus goal, as plain
 * nodes and edges for cytoscape: the goal's adjacent triples, its supporting
 * triples and the symbols spreading activation reached, from the last
 * Oriented event. Edges behind the last decision (the focus goal's answers'
 * proof steps and premises, and the supporting triples) are marked so the
 * drawing can highlight them; an edge a rule derived names the rule.
 */
import type { Decision, Goal, GoalContext, Orientation, Proof, Triple } from "@boyd/proto";

export interface GraphNode {
  readonly id: string;
  readonly label: string;
  /** Spreading activation reached it (0 when only a triple names it). */
  readonly activation: number;
  readonly isGoalSubject: boolean;
  readonly highlighted: boolean;
}

export interface GraphEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly label: string;
  readonly highlighted: boolean;
  /** The rule that derived it, when a proof step says so. */
  readonly ruleId: string;
}

export interface FocusGraph {
  readonly goalId: string;
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  /** Proof lines (facts and rules) behind the highlighted edges. */
  readonly reasons: readonly string[];
}

/** The goal the last decision served, else the first goal oriented on. */
export function focusGoalId(orientation: Orientation | undefined, decision: Decision | undefined): string {
  if (decision?.goalId && orientation?.goals.some((g) => g.goalId === decision.goalId)) return decision.goalId;
  return orientation?.goals[0]?.goalId ?? decision?.goalId ?? "";
}

/** Most edges drawn: a dense neighbourhood stays readable and fast to lay out. */
export const MAX_EDGES = 80;

export function focusGraph(orientation: Orientation | undefined, decision: Decision | undefined, goal: Goal | undefined): FocusGraph | undefined {
  const goalId = focusGoalId(orientation, decision);
  const context = orientation?.goals.find((g) => g.goalId === goalId);
  if (!context) return undefined;
  const proofs = proofsOf(context, goal);
  const derived = new Map<string, string>();
  const highlighted = new Set<string>();
  for (const proof of proofs) {
    for (const step of proof.steps) {
      if (step.fact) {
        highlighted.add(tripleKey(step.fact));
        if (step.ruleId) derived.set(tripleKey(step.fact), step.ruleId);
      }
      for (const premise of step.premises) highlighted.add(tripleKey(premise));
    }
  }
  for (const t of context.supportingTriples) highlighted.add(tripleKey(t));
  const triples = uniqueTriples([...proofTriples(proofs), ...context.supportingTriples, ...context.triples]).slice(0, MAX_EDGES);
  return {
    goalId,
    nodes: nodesOf(triples, context, highlighted),
    edges: triples.map((t, i) => ({
      id: `e${i}`,
      source: t.subject,
      target: t.object,
      label: t.predicateLabel || t.predicate,
      highlighted: highlighted.has(tripleKey(t)),
      ruleId: derived.get(tripleKey(t)) ?? "",
    })),
    reasons: reasonLines(proofs),
  };
}

function proofsOf(context: GoalContext, goal: Goal | undefined): Proof[] {
  const answers = goal?.answers ?? context.answers;
  const proofs: Proof[] = [];
  for (const answer of answers?.answers ?? []) if (answer.proof) proofs.push(answer.proof);
  if (answers?.proof) proofs.push(answers.proof);
  if (goal?.proof) proofs.push(goal.proof);
  return proofs;
}

function proofTriples(proofs: readonly Proof[]): Triple[] {
  return proofs.flatMap((p) => p.steps.flatMap((s) => [...(s.fact ? [s.fact] : []), ...s.premises]));
}

function tripleKey(t: Triple): string {
  return `${t.subject}\u0000${t.predicate}\u0000${t.object}`;
}

function uniqueTriples(triples: readonly Triple[]): Triple[] {
  const seen = new Set<string>();
  return triples.filter((t) => {
    const key = tripleKey(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function nodesOf(triples: readonly Triple[], context: GoalContext, highlighted: ReadonlySet<string>): GraphNode[] {
  const activation = new Map(context.inferences.map((a) => [a.symbol?.id ?? "", a.activation]));
  const subjects = new Set(context.answers?.subjectIds ?? []);
  const lit = new Set(triples.filter((t) => highlighted.has(tripleKey(t))).flatMap((t) => [t.subject, t.object]));
  const nodes = new Map<string, GraphNode>();
  const add = (id: string, label: string): void => {
    if (!nodes.has(id)) nodes.set(id, { id, label: label || id, activation: activation.get(id) ?? 0, isGoalSubject: subjects.has(id), highlighted: lit.has(id) });
  };
  for (const t of triples) {
    add(t.subject, t.subjectLabel);
    add(t.object, t.objectLabel);
  }
  return [...nodes.values()];
}

function reasonLines(proofs: readonly Proof[]): string[] {
  const lines = new Set<string>();
  for (const proof of proofs) {
    for (const step of proof.steps) {
      if (!step.fact) continue;
      lines.add(step.ruleId ? `${tripleText(step.fact)} (rule ${step.ruleId}: ${step.premises.map(tripleText).join("; ")})` : `${tripleText(step.fact)} (${step.fact.source || "graph"})`);
    }
  }
  return [...lines];
}

/** A triple as the CLI prints it: labels, else ids. */
export function tripleText(t: Triple): string {
  return `${t.subjectLabel || t.subject} ${t.predicateLabel || t.predicate} ${t.objectLabel || t.object}`;
}
