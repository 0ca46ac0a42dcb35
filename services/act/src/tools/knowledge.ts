import { DangerLevel } from "@boyd/proto";
import { similarity, TextEncoder } from "@boyd/vsa";
import { z } from "zod";
import { defineTool, type CallAssessment, type CallContext, type ToolDefinition } from "../tool.js";
import { builtinDescriptor, factsAbout, factsAboutMany, resolveSymbol, tripleLine, type OrientClient } from "./graph-client.js";

const Symbol = z.string().trim().min(1).max(512);
const read = (summary: string): CallAssessment => ({
  action: { detail: { $case: "other", value: { summary } } },
  danger: DangerLevel.SAFE,
  reversible: true,
  preview: summary,
  consequences: "reads the knowledge graph; nothing changes",
  sideEffects: false,
});

/** kg_query: the facts about a symbol, in either direction. */
export function kgQueryTool(orient: OrientClient): ToolDefinition {
  return defineTool({
    descriptor: builtinDescriptor("kg_query"),
    input: z.object({ symbol: Symbol, direction: z.enum(["from", "to", "both"]).default("both"), limit: z.number().int().min(1).max(500).default(50) }).strict(),
    assess: (i) => read(`query the facts ${i.direction === "both" ? "about" : i.direction === "from" ? "from" : "into"} ${i.symbol}`),
    async run(i, ctx) {
      const symbol = await resolveSymbol(orient, ctx.agentId, i.symbol);
      const triples = await factsAbout(orient, ctx.agentId, symbol.id, i.direction, i.limit);
      const symbols = new Set([symbol.label]);
      for (const t of triples) [t.subjectLabel || t.subject, t.predicateLabel || t.predicate, t.objectLabel || t.object].forEach((s) => symbols.add(s));
      return {
        content: triples.length ? triples.map(tripleLine).join("\n") : `nothing is known about "${symbol.label}"`,
        symbols: [...symbols],
        data: { symbol, triples: triples.map((t) => ({ subject: t.subjectLabel || t.subject, predicate: t.predicateLabel || t.predicate, object: t.objectLabel || t.object, confidence: t.confidence })) },
      };
    },
  });
}

/**
 * The provenance of a fact the agent writes: which agent, working on which
 * goal, in which cycle (`agent:<agentId>:goal:<goalId>:cycle:<cycle>`).
 * Orient keeps a triple's own source, so the graph can tell the agent's
 * writes from what it read, and never answers a goal from the agent's own
 * writes about it.
 */
export function agentSource(agentId: string, goalId: string, cycle: number): string {
  return `agent:${agentId}:goal:${goalId}:cycle:${cycle}`;
}

/**
 * kg_mutate: assert (or retract) one fact, by labels; missing symbols are
 * created. `goal` is the goal the fact is written for (decide fills it with
 * the decision's goal); every asserted fact carries agentSource(agent, goal,
 * cycle).
 */
export function kgMutateTool(orient: OrientClient): ToolDefinition {
  const Input = z
    .object({ subject: Symbol, predicate: Symbol, object: Symbol, confidence: z.number().min(0).max(1).default(1), retract: z.boolean().default(false), goal: z.string().trim().max(1_024).default("") })
    .strict();
  type I = z.infer<typeof Input>;
  const triple = (i: I, ctx: CallContext) => ({
    subject: i.subject,
    predicate: i.predicate,
    object: i.object,
    confidence: i.confidence,
    source: agentSource(ctx.agentId, goalOf(i, ctx), ctx.cycle),
    createdAtUnixMs: 0,
    temporal: undefined,
    subjectLabel: "",
    predicateLabel: "",
    objectLabel: "",
  });
  return defineTool({
    descriptor: builtinDescriptor("kg_mutate"),
    input: Input,
    assess: (i, ctx) => {
      const t = triple(i, ctx);
      return {
        action: { detail: { $case: "kgMutation", value: { assertTriples: i.retract ? [] : [t], retractTriples: i.retract ? [t] : [] } } },
        danger: DangerLevel.CAUTIOUS,
        reversible: true,
        preview: `${i.retract ? "retract" : "assert"} ${tripleLine(t)}`,
        consequences: i.retract ? "the fact is removed from the knowledge graph" : "the fact is added to the knowledge graph (missing symbols are created)",
        sideEffects: true,
      };
    },
    async run(i, ctx) {
      const t = triple(i, ctx);
      const r = await orient.mutate({ agentId: ctx.agentId, termsAreLabels: true, ...(i.retract ? { remove: [t] } : { add: [t] }) });
      const what = i.retract ? `retracted (${r.removed} removed)` : r.added ? "asserted" : "already known";
      return { content: `${tripleLine(t)} ${what}`, symbols: [i.subject, i.predicate, i.object], data: { ...r, source: t.source } };
    },
  });
}

/**
 * The goal a write is for: the decision's goal (the executor passes it),
 * else the input's `goal`, which decide also fills.
 */
function goalOf(i: { goal: string }, ctx: CallContext): string {
  return ctx.goalId || i.goal;
}

/** infer_rules: forward chaining over the graph; derived facts are written. */
export function inferRulesTool(orient: OrientClient): ToolDefinition {
  return defineTool({
    descriptor: builtinDescriptor("infer_rules"),
    input: z.object({ max_iterations: z.number().int().min(1).max(50).default(5), min_confidence: z.number().min(0).max(1).default(0.1), commit: z.boolean().default(true) }).strict(),
    assess: (i) => read(`forward-chain rules (${i.max_iterations} rounds at most${i.commit ? ", derived facts written" : ""})`),
    async run(i, ctx) {
      const r = await orient.inferRules({ agentId: ctx.agentId, maxIterations: i.max_iterations, minConfidence: i.min_confidence, commit: i.commit });
      const symbols = new Set<string>();
      for (const d of r.derived) if (d.triple) [d.triple.subjectLabel || d.triple.subject, d.triple.objectLabel || d.triple.object].forEach((s) => symbols.add(s));
      const lines = r.derived.slice(0, 200).map((d) => (d.triple ? `${tripleLine(d.triple)}  (${d.ruleId})` : ""));
      return {
        content: r.derived.length ? `derived ${r.derived.length} fact(s) in ${r.iterations} round(s):\n${lines.join("\n")}` : `nothing new follows (${r.iterations} round(s))`,
        symbols: [...symbols],
        data: { derived: r.derived.length, iterations: r.iterations, committed: r.committed },
      };
    },
  });
}

/** gap_analysis: what is missing around a goal. */
export function gapAnalysisTool(orient: OrientClient): ToolDefinition {
  return defineTool({
    descriptor: builtinDescriptor("gap_analysis"),
    input: z.object({ goal: Symbol, max_gaps: z.number().int().min(1).max(100).default(10), focus: z.array(Symbol).max(50).default([]) }).strict(),
    assess: (i) => read(`look for gaps around goal ${i.goal}`),
    async run(i, ctx) {
      const r = await orient.gapAnalysis({ agentId: ctx.agentId, goalId: i.goal, maxGaps: i.max_gaps, focusSymbols: i.focus });
      return {
        content: r.gaps.length ? r.gaps.map((g) => `${g.label || g.symbolId}: ${g.description} (severity ${g.severity.toFixed(2)})`).join("\n") : `no gaps found (coverage ${r.coverage.toFixed(2)})`,
        symbols: r.gaps.map((g) => g.label || g.symbolId),
        data: { coverage: r.coverage, gaps: r.gaps.map((g) => ({ symbol: g.label || g.symbolId, description: g.description, severity: g.severity, suggested: g.suggestedPredicates })) },
      };
    },
  });
}

/**
 * similarity_search: the symbols most like a given one. Candidates are the
 * symbol's neighbourhood (spreading activation, two hops); each is profiled
 * by the text of its label and facts, encoded as a hypervector, and ranked
 * by similarity to the target's profile.
 */
export function similaritySearchTool(orient: OrientClient, encoder = new TextEncoder()): ToolDefinition {
  return defineTool({
    descriptor: builtinDescriptor("similarity_search"),
    input: z.object({ symbol: Symbol, top_k: z.number().int().min(1).max(50).default(5) }).strict(),
    assess: (i) => read(`find the ${i.top_k} symbols most similar to ${i.symbol}`),
    async run(i, ctx) {
      const target = await resolveSymbol(orient, ctx.agentId, i.symbol);
      const { activations } = await orient.activate({ agentId: ctx.agentId, seeds: [target.id], params: { maxDepth: 2, topK: 40, predicateFilter: [], includeBookkeeping: false } });
      const candidates = activations.flatMap((a) => (a.symbol && a.symbol.id !== target.id ? [{ id: a.symbol.id, label: a.symbol.label || a.symbol.id }] : []));
      const profiled = [{ id: target.id, label: target.label }, ...candidates];
      // Every profile's facts in one QueryBatch round trip (it was one Query each, up to 41).
      const facts = await factsAboutMany(orient, ctx.agentId, profiled.map((p) => p.id), "from", 30);
      const [targetVector, ...vectors] = profiled.map((p, k) => encoder.encode([p.label, ...facts[k]!.map((t) => `${t.predicateLabel || t.predicate} ${t.objectLabel || t.object}`)].join(". ")));
      const ranked = candidates.map((c, k) => ({ symbol: c.label, similarity: similarity(targetVector!, vectors[k]!) }));
      ranked.sort((a, b) => b.similarity - a.similarity || a.symbol.localeCompare(b.symbol));
      const top = ranked.slice(0, i.top_k);
      return {
        content: top.length ? top.map((r) => `${r.symbol}  ${r.similarity.toFixed(3)}`).join("\n") : `no symbol near "${target.label}" to compare with`,
        symbols: [target.label, ...top.map((r) => r.symbol)],
        data: { symbol: target, similar: top },
      };
    },
  });
}
