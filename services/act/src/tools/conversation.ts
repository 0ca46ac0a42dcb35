import { BusError } from "@boyd/bus";
import { DangerLevel } from "@boyd/proto";
import { z } from "zod";
import { defineTool, type ToolDefinition } from "../tool.js";
import { builtinDescriptor, type MemoryClient } from "./graph-client.js";
import { exceedsShape, type JsonShape } from "../json-shape.js";

const recallInput = z
  .object({
    query: z.string().trim().max(2_000).optional(),
    query_symbols: z.array(z.string().trim().min(1).max(512)).max(50).optional(),
    top_k: z.number().int().min(1).max(50).default(5),
  })
  .strict()
  .refine((i) => Boolean(i.query) || Boolean(i.query_symbols?.length), { message: "give query (words to look for) or query_symbols", path: ["query"] });

/** What a recall looks for, in words: the query text, else the symbols. */
function recallSubject(i: z.infer<typeof recallInput>): string {
  return i.query || (i.query_symbols ?? []).join(", ");
}

/**
 * memory_recall: the agent's own episodes and facts, found by the words of a
 * plain text query and by similarity; symbols, when given, narrow it further.
 */
export function memoryRecallTool(memory: MemoryClient): ToolDefinition {
  return defineTool({
    descriptor: builtinDescriptor("memory_recall"),
    input: recallInput,
    assess: (i) => ({
      action: { detail: { $case: "other", value: { summary: `recall episodes and facts about ${recallSubject(i)}` } } },
      danger: DangerLevel.SAFE,
      reversible: true,
      preview: `recall ${recallSubject(i)}`,
      consequences: "reads the agent's memory; nothing changes",
      sideEffects: false,
    }),
    async run(i, ctx) {
      const symbols = i.query_symbols ?? [];
      const { episodes, facts } = await memory.recall({ agentId: ctx.agentId, symbols, query: i.query || symbols.join(" "), topK: i.top_k, includeFacts: true });
      const lines = [
        ...episodes.map((e) => `episode (${e.relevanceScore.toFixed(2)}): ${e.summary}`),
        ...facts.map((f) => `fact: ${f.content.slice(0, 300)}`),
      ];
      return {
        content: lines.length ? lines.join("\n") : `no memories about ${recallSubject(i)}`,
        symbols: [...new Set(episodes.flatMap((e) => e.learnings))],
        data: { episodes: episodes.map((e) => ({ id: e.symbolId, summary: e.summary, score: e.relevanceScore, goal: e.goalId })), facts: facts.map((f) => ({ id: f.id, content: f.content })) },
      };
    },
  });
}

/** Bounds of `about.input`: the controller merges it into a retried step and serialises it, so it must be a tool input's size, not a bomb. */
const ABOUT_LIMITS: JsonShape = { depth: 32, values: 1_000 };

// Measured before the record is parsed, so a hundred thousand keys are refused without being walked twice.
const AboutInput = z
  .unknown()
  .superRefine((input, ctx) => {
    const excess = exceedsShape(input, ABOUT_LIMITS);
    if (excess) ctx.addIssue({ code: z.ZodIssueCode.custom, message: excess.limit === "depth" ? `nested more than ${ABOUT_LIMITS.depth} levels deep` : `holds more than ${ABOUT_LIMITS.values} values`, fatal: true });
  })
  .pipe(z.record(z.unknown()))
  .default({});

/**
 * user_interact: asks the person a question and waits for the answer. The
 * question is an approval-style request any client (CLI, REPL, gRPC, a NATS
 * subscriber) can answer; no answer by the deadline fails the call.
 */
export function userInteractTool(defaults: { timeoutMs: number } = { timeoutMs: 120_000 }): ToolDefinition {
  return defineTool({
    descriptor: builtinDescriptor("user_interact"),
    input: z
      .object({
        question: z.string().trim().min(1).max(4_000),
        options: z.array(z.string().min(1).max(200)).max(20).default([]),
        timeout_ms: z.number().int().min(1).max(3_600_000).optional(),
        // The call the question is about (a failed plan step): the agent reads the answer against it.
        about: z.object({ tool: z.string().min(1).max(200), input: AboutInput }).strict().optional(),
      })
      .strict(),
    assess: (i) => ({
      action: { detail: { $case: "userQuestion", value: { question: i.question, options: i.options } } },
      danger: DangerLevel.SAFE,
      reversible: true,
      preview: i.question,
      consequences: "a person is asked; the call waits for the answer",
      sideEffects: false,
    }),
    async run(i, ctx) {
      if (!ctx.ask) throw new BusError("FAILED_PRECONDITION", "no one can be asked from here");
      const answer = await ctx.ask(i.question, i.options, Math.max(1, Math.min(i.timeout_ms ?? defaults.timeoutMs, ctx.deadline - Date.now())));
      if (i.options.length && !i.options.includes(answer)) return { content: answer, data: { answer, option: null }, failure: { code: "INVALID_ARGUMENT", message: `the answer is not one of ${i.options.join(", ")}` } };
      return { content: answer, data: { answer } };
    },
  });
}
