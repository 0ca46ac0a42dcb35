import { elementText, stripHtml, unemphasizeLine, unlinkMarkdown } from "./markup.js";

/** A document format the library understands. */
export type DocumentFormat = "text" | "markdown" | "html";

/** The format of a document from its name and, for fetched ones, its content type. */
export function formatOf(name: string, contentType = ""): DocumentFormat {
  if (/html/i.test(contentType) || /\.x?html?$/i.test(name)) return "html";
  if (/markdown/i.test(contentType) || /\.(md|markdown)$/i.test(name)) return "markdown";
  return "text";
}

/** Plain text of a document: markup removed, paragraphs kept as blank-line breaks. */
export function plainText(source: string, format: DocumentFormat): string {
  if (format === "html") return htmlText(source);
  if (format === "markdown") return markdownText(source);
  return source.replace(/\r\n?/g, "\n");
}

/** The title a document gives itself (first heading or <title>), if any. */
export function titleOf(source: string, format: DocumentFormat): string | undefined {
  const title = format === "html" ? (elementText(source, "title") ?? elementText(source, "h1")) : format === "markdown" ? markdownTitle(source) : undefined;
  return title ? decodeEntities(title).trim() || undefined : undefined;
}

/** The text of the first `# heading` line. */
function markdownTitle(md: string): string | undefined {
  for (const line of md.split(/\r\n?|\n/)) {
    if (line.startsWith("#") && /^[ \t]/.test(line.slice(1)) && line.slice(1).trim()) return line.slice(1).trim();
  }
  return undefined;
}

/** What content_ingest needs from a document: its passages, title and "X is a Y" facts. */
export interface ReadDocument {
  chunks: string[];
  title: string | undefined;
  facts: Array<{ subject: string; object: string }>;
}

const MAX_CHUNKS = 2_000;

/** Reads a document on the calling thread (the worker's entry and the tests use this). */
export function readDocument(raw: string, format: DocumentFormat): ReadDocument {
  const text = plainText(raw, format);
  const facts: ReadDocument["facts"] = [];
  // Statements are read per paragraph: merged chunks would glue a
  // heading onto the sentence after it.
  for (const paragraph of text.split(/\n\s*\n/)) facts.push(...isaStatements(paragraph.replace(/\s+/g, " ").trim()));
  return { chunks: chunkText(text).slice(0, MAX_CHUNKS), title: titleOf(raw, format), facts };
}

/**
 * Splits text into passages of about `target` characters: whole paragraphs
 * merged while they fit, long paragraphs cut at sentence ends.
 */
export function chunkText(text: string, target = 600, max = 1_000): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const pieces = paragraphs.flatMap((p) => (p.length <= max ? [p] : sentences(p, max)));
  const chunks: string[] = [];
  let current = "";
  for (const piece of pieces) {
    if (current && current.length + piece.length + 1 > target) {
      chunks.push(current);
      current = piece;
    } else current = current ? `${current} ${piece}` : piece;
  }
  if (current) chunks.push(current);
  return chunks;
}

/**
 * "A is a B" statements of a passage, as (A, is_a, B): the one shape of
 * fact plain prose states often enough, and safely enough, to extract
 * without a parser. Articles are dropped; both sides stay short.
 */
export function isaStatements(passage: string): Array<{ subject: string; object: string }> {
  const found: Array<{ subject: string; object: string }> = [];
  const re = /(?:^|[.!?]\s+)(?:(?:The|An?) ([A-Za-z][\w-]*(?: [\w-]+){0,2})|([A-Z][\w-]*(?: [\w-]+){0,2})) (?:is|are) (?:a|an|the) (?:kind of |type of )?([a-z][\w-]*(?: [a-z][\w-]*){0,2})(?=[.,;:]|\s+(?:that|which|who|with|in|of|from|and)\b)/g;
  for (const m of passage.matchAll(re)) found.push({ subject: (m[1] ?? m[2]!).trim(), object: m[3]!.trim() });
  return found;
}

function sentences(paragraph: string, max: number): string[] {
  const parts = paragraph.match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [paragraph];
  const out: string[] = [];
  let current = "";
  for (const s of parts) {
    if (current && current.length + s.length > max) {
      out.push(current.trim());
      current = "";
    }
    current += s;
    while (current.length > max) {
      out.push(current.slice(0, max));
      current = current.slice(max);
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

// Both readers below are linear in the input: a document without closing
// delimiters must not cost quadratic time (see markup.ts).
function htmlText(html: string): string {
  return decodeEntities(stripHtml(html))
    .split(/\n\s*\n/)
    .map((p) => p.replace(/[ \t]+/g, " ").trim())
    .filter(Boolean)
    .join("\n\n");
}

function markdownText(md: string): string {
  const lines = unlinkMarkdown(md.replace(/\r\n?/g, "\n"))
    .replace(/^```.*$/gm, "")
    // [ \t], not \s: \s would eat the blank line before a heading or item.
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+(.*)$/gm, "$1\n")
    .replace(/^[ \t]{0,3}(?:[-*+]|\d+\.)[ \t]+/gm, "")
    .replace(/^[ \t]{0,3}>[ \t]?/gm, "")
    .split("\n");
  return lines.map(unemphasizeLine).join("\n");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", mdash: "—", ndash: "–", hellip: "…" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}
