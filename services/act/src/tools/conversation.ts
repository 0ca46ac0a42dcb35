import { BusError } from "@boyd/bus";
import { DangerLevel } from "@boyd/proto";
import { z } from "zod";
import { defineTool, type ToolDefinition } from "../tool.js";
import { builtinDescriptor, type MemoryClient } from "./graph-client.js";

/** memory_recall: the agent's own past episodes about some symbols. */
export function memoryRecallTool(memory: MemoryClient): ToolDefinition {
  return defineTool({
    descriptor: builtinDescriptor("memory_recall"),
    input: z.object({ query_symbols: z.array(z.string().trim().min(1).max(512)).min(1).max(50), top_k: z.number().int().min(1).max(50).default(5), query: z.string().max(2_000).optional() }).strict(),
    assess: (i) => ({
      action: { detail: { $case: "other", value: { summary: `recall episodes about ${i.query_symbols.join(", ")}` } } },
      danger: DangerLevel.SAFE,
      reversible: true,
      preview: `recall ${i.query_symbols.join(", ")}`,
      consequences: "reads the agent's memory; nothing changes",
      sideEffects: false,
    }),
    async run(i, ctx) {
      const { episodes, facts } = await memory.recall({ agentId: ctx.agentId, symbols: i.query_symbols, query: i.query ?? i.query_symbols.join(" "), topK: i.top_k, includeFacts: true });
      const lines = [
        ...episodes.map((e) => `episode (${e.relevanceScore.toFixed(2)}): ${e.summary}`),
        ...facts.map((f) => `fact: ${f.content.slice(0, 300)}`),
      ];
      return {
        content: lines.length ? lines.join("\n") : `no memories about ${i.query_symbols.join(", ")}`,
        symbols: [...new Set(episodes.flatMap((e) => e.learnings))],
        data: { episodes: episodes.map((e) => ({ id: e.symbolId, summary: e.summary, score: e.relevanceScore, goal: e.goalId })), facts: facts.map((f) => ({ id: f.id, content: f.content })) },
      };
    },
  });
}

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
        about: z.object({ tool: z.string().min(1).max(200), input: z.record(z.unknown()).default({}) }).strict().optional(),
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
