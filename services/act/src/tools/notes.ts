import { createHash } from "node:crypto";
import { DangerLevel } from "@boyd/proto";
import { contentWords } from "@boyd/vsa";
import { z } from "zod";
import { defineTool, type ToolDefinition } from "../tool.js";
import { builtinDescriptor, type MemoryClient, type OrientClient } from "./graph-client.js";
import { contentIngestTool } from "./library.js";

/** Most characters of one note: a note is a remark, not a document. */
const MAX_NOTE_CHARS = 10_000;

/** The tag every note carries in memory, so it can be told from tool output. */
export const NOTE_TAG = "note";

/**
 * save_note: keeps a note where the agent looks when it tries to remember.
 * The note becomes a memory fact (memory_recall searches facts by words,
 * symbols and similarity) and a one-passage document of the library
 * (library_search), both before the call answers, so the next cycle finds
 * it. Only the agent's own memory changes.
 */
export function saveNoteTool(memory: MemoryClient, orient: OrientClient): ToolDefinition {
  const library = contentIngestTool(orient, {});
  return defineTool({
    descriptor: builtinDescriptor("save_note"),
    input: z
      .object({
        text: z.string().trim().min(1).max(MAX_NOTE_CHARS),
        title: z.string().trim().min(1).max(300).optional(),
        tags: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
      })
      .strict(),
    assess: (i) => ({
      action: { detail: { $case: "other", value: { summary: `save a note: ${i.text.slice(0, 200)}` } } },
      danger: DangerLevel.SAFE,
      reversible: true,
      preview: `note: ${i.text.slice(0, 500)}`,
      consequences: "the note is added to the agent's memory and library",
      sideEffects: false,
    }),
    async run(i, ctx) {
      const words = [...new Set(contentWords(i.text))].slice(0, 30);
      const tags = [...new Set([NOTE_TAG, ...i.tags, ...words])];
      const { ids } = await memory.recordFacts({
        agentId: ctx.agentId,
        facts: [{ id: "", agentId: ctx.agentId, content: i.text, source: ctx.goalId ? `note:${ctx.goalId}` : "note", tags, cycle: ctx.cycle, createdAtUnixMs: Date.now() }],
      });
      const source = `note:${createHash("sha256").update(i.text).digest("hex").slice(0, 16)}`;
      const title = i.title ?? `note: ${i.text.slice(0, 60)}`;
      await library.run(library.input.parse({ source, text: i.text, title, format: "text" }), ctx);
      return {
        // The note itself is the output: the run shows it, and evaluation
        // reads it as what the call did.
        content: i.text,
        symbols: words,
        data: { fact: ids[0] ?? "", document: source, title, tags },
      };
    },
  });
}

/**
 * report_progress: tells the person running the agent how a task stands.
 * The report is the call's output: it travels on the bus in the cycle's
 * `acted` event (every events client sees it) and `agent run` prints it
 * under the cycle's line.
 */
export function reportProgressTool(): ToolDefinition {
  return defineTool({
    descriptor: builtinDescriptor("report_progress"),
    input: z
      .object({
        message: z.string().trim().min(1).max(2_000),
        percent: z.number().min(0).max(100).optional(),
      })
      .strict(),
    assess: (i) => ({
      action: { detail: { $case: "other", value: { summary: `report progress: ${i.message.slice(0, 200)}` } } },
      danger: DangerLevel.SAFE,
      reversible: true,
      preview: progressLine(i.message, i.percent),
      consequences: "a progress line is shown to the person running the agent; nothing changes",
      sideEffects: false,
    }),
    async run(i) {
      return { content: progressLine(i.message, i.percent), data: { message: i.message, ...(i.percent !== undefined ? { percent: i.percent } : {}) } };
    },
  });
}

function progressLine(message: string, percent: number | undefined): string {
  return percent === undefined ? message : `${message} (${Math.round(percent)}%)`;
}
