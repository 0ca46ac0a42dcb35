/**
 * The sentences of a tool's output, where a goal's criterion is looked for
 * next to its subject: its lines, each split at sentence ends. A command's
 * output, and any file, is read line by line, each line a record of its
 * own ("USD rate: 1.00" and "EUR rate: 1.08" are two facts, not one).
 *
 * A Markdown file is often prose wrapped at some width, and CommonMark
 * makes a line break inside a paragraph a space: "The on-call engineer" /
 * "must answer a page within 15 minutes." is one sentence. Such a sentence
 * is added, whole, beside the lines, but only where the break is plainly
 * inside it: the line before is long (wrapped, not a short record), ends
 * on a word, and the next begins in lower case (or a number) and ends the
 * sentence within a few lines.
 */
export function sentencesOf(output: string, markdown: boolean): string[] {
  const lines = output.split(/\r?\n/);
  const sentences = lines.flatMap((line) => line.split(/(?<=[.!?])\s+/));
  return markdown ? [...sentences, ...wrappedSentences(lines)] : sentences;
}

/** Whether a tool's call read a Markdown file (file_io's read of a .md path). */
export function readsMarkdown(toolName: string | undefined, toolInput: string | undefined): boolean {
  if (toolName !== "file_io" || !toolInput) return false;
  try {
    const input: unknown = JSON.parse(toolInput);
    const path = typeof input === "object" && input !== null ? (input as { path?: unknown }).path : undefined;
    return typeof path === "string" && /\.(?:md|markdown)$/i.test(path);
  } catch {
    return false;
  }
}

/** Shortest line taken for a wrapped one: shorter lines are records ("USD rate: 1.00"), not a paragraph's width. */
const WRAP_WIDTH = 40;
/** Lines a wrapped sentence may run on over before it is given up. */
const MAX_CONTINUATIONS = 3;

// A line that starts a block of its own: a heading, a table row, a quote, a fence, an indented code block.
const BLOCK_START = /^(?:\s{0,3}(?:#{1,6}\s|\||>|```|~~~)|\s{4,}\S|\t)/;
// The end of a sentence: . ! or ? before a space or the end.
const SENTENCE_END = /[.!?](?=\s|$)/;

/** The sentences that run from a wrapped line onto the next ones (see sentencesOf). */
function wrappedSentences(lines: readonly string[]): string[] {
  const out: string[] = [];
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s{0,3}(?:```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || BLOCK_START.test(line) || line.trim().length < WRAP_WIDTH) continue;
    // The line's last sentence, unfinished: it must end on a word.
    const start = line.trimEnd().split(/(?<=[.!?])\s+/).pop()!.replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+/, "");
    if (!/[a-z]$/i.test(start)) continue;
    let sentence = start;
    for (let k = 1; k <= MAX_CONTINUATIONS && i + k < lines.length; k++) {
      const next = lines[i + k]!.trim();
      if (!/^[a-z0-9]/.test(next)) break;
      const end = SENTENCE_END.exec(next);
      if (end) {
        out.push(`${sentence} ${next.slice(0, end.index + 1)}`);
        break;
      }
      sentence += ` ${next}`;
    }
  }
  return out;
}
