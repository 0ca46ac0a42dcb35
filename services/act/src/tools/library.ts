import { createHash } from "node:crypto";
import { BusError } from "@boyd/bus";
import { DangerLevel, SymbolKind, type Triple } from "@boyd/proto";
import { contentWords, similarity, TextEncoder, type Hypervector } from "@boyd/vsa";
import { z } from "zod";
import { defineTool, type CallContext, type ToolDefinition } from "../tool.js";
import { readDocumentOffThread } from "./document-reader.js";
import { formatOf, type DocumentFormat } from "./documents.js";
import { builtinDescriptor, type OrientClient } from "./graph-client.js";

/** Predicates the library writes; searches read `has_chunk` back. */
export const LIBRARY = { hasChunk: "library:has_chunk", mentions: "library:mentions", isA: "is_a" } as const;

/** A document as a source gave it. */
export interface SourceText {
  readonly text: string;
  readonly contentType?: string;
  /** Set when the source was read only in part (a file or body past its cap): says how much, for the person reading the result. */
  readonly cut?: string;
}

/** Where documents come from besides inline text. */
export interface DocumentSources {
  /** Reads a workspace file (confined like file_io). */
  file?(path: string, context: CallContext): Promise<SourceText>;
  /** Fetches a URL (guarded like http_fetch). */
  url?(url: string, context: CallContext): Promise<SourceText>;
}

const MAX_DOCUMENT_CHARS = 2_000_000;
const isUrl = (s: string) => /^https?:\/\//i.test(s);

/**
 * content_ingest: brings a text, Markdown or HTML document into the local
 * library. The library lives in the knowledge graph (through the orient
 * service), so every replica and mode sees one library: a document symbol,
 * one symbol per passage (its label is the passage), `library:has_chunk`
 * and `library:mentions` edges, and "X is a Y" facts found in the prose.
 */
export function contentIngestTool(orient: OrientClient, sources: DocumentSources): ToolDefinition {
  const Input = z
    .object({
      source: z.string().trim().min(1).max(4_096),
      text: z.string().max(MAX_DOCUMENT_CHARS).optional(),
      title: z.string().trim().min(1).max(300).optional(),
      format: z.enum(["text", "markdown", "html"]).optional(),
    })
    .strict();
  return defineTool({
    descriptor: builtinDescriptor("content_ingest"),
    input: Input,
    assess: (i) => {
      const where = i.text !== undefined ? `inline text "${i.source}"` : i.source;
      const detail =
        i.text === undefined && isUrl(i.source)
          ? { $case: "networkRequest" as const, value: { method: "GET", url: i.source, host: safeHost(i.source), privateAddress: false } }
          : i.text === undefined
            ? { $case: "fileRead" as const, value: { path: i.source } }
            : { $case: "other" as const, value: { summary: `ingest ${where}` } };
      return {
        action: { detail },
        danger: DangerLevel.CAUTIOUS,
        reversible: true,
        preview: `ingest ${where} into the library`,
        consequences: "the document's passages and facts are added to the knowledge graph",
        // The change is to the agent's own graph; fetching reads only.
        sideEffects: false,
      };
    },
    async run(i, ctx) {
      const { text: raw, contentType = "", cut } = await sourceText(i, sources, ctx);
      const format: DocumentFormat = i.format ?? formatOf(i.source, contentType);
      // A document that only partly made it in must say so, or the library looks complete when it is not.
      const partial = cut ?? (raw.length > MAX_DOCUMENT_CHARS ? `only its first ${MAX_DOCUMENT_CHARS} of ${raw.length} characters were read` : undefined);
      const doc = await readDocumentOffThread(raw.slice(0, MAX_DOCUMENT_CHARS), format, i.source);
      const { chunks, facts } = doc;
      if (!chunks.length) throw new BusError("INVALID_ARGUMENT", `source: ${JSON.stringify(i.source)} holds no text`);
      const title = i.title ?? doc.title ?? i.source.split(/[\\/]/).pop() ?? i.source;
      const docId = `doc:${createHash("sha256").update(i.source).digest("hex").slice(0, 16)}`;
      const symbols = [{ id: docId, label: title, kind: SymbolKind.ENTITY, type: "document" }];
      const add: Triple[] = [];
      const terms = new Map<string, number>();
      chunks.forEach((chunk, n) => {
        const chunkId = `${docId}#${n}`;
        symbols.push({ id: chunkId, label: chunk, kind: SymbolKind.LITERAL, type: "chunk" });
        add.push(edge(docId, LIBRARY.hasChunk, chunkId, 1));
        for (const word of new Set(contentWords(chunk).filter((w) => w.length > 3)).values()) terms.set(word, (terms.get(word) ?? 0) + 1);
      });
      // The document's most frequent words, as symbols others can reach.
      const top = [...terms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 25);
      for (const [word] of top) {
        symbols.push({ id: `term:${word}`, label: word, kind: SymbolKind.ENTITY, type: "term" });
        add.push(edge(docId, LIBRARY.mentions, `term:${word}`, 0.8));
      }
      // In batches: a 2 MB document in one Mutate exceeds NATS's 1 MB payload limit.
      for (const batch of mutateBatches(symbols, add)) await orient.mutate({ agentId: ctx.agentId, ...batch });
      if (facts.length) {
        await orient.mutate({ agentId: ctx.agentId, termsAreLabels: true, add: facts.slice(0, 200).map((f) => ({ ...edge(f.subject, LIBRARY.isA, f.object, 0.6), source: `library:${docId}` })) });
      }
      return {
        content: `ingested "${title}" (${format}): ${chunks.length} passage(s), ${top.length} term(s), ${facts.length} fact(s)${facts.length ? `: ${facts.slice(0, 5).map((f) => `${f.subject} is a ${f.object}`).join("; ")}` : ""}${partial ? ` [partial: ${partial}]` : ""}`,
        symbols: [title, ...top.slice(0, 10).map(([w]) => w), ...facts.flatMap((f) => [f.subject, f.object])],
        data: { document: docId, title, format, chunks: chunks.length, terms: top.map(([w]) => w), facts, ...(partial ? { partial } : {}) },
      };
    },
  });
}

async function sourceText(i: { source: string; text?: string | undefined }, sources: DocumentSources, ctx: CallContext): Promise<SourceText> {
  if (i.text !== undefined) return { text: i.text };
  if (isUrl(i.source)) {
    if (!sources.url) throw new BusError("FAILED_PRECONDITION", "content_ingest cannot fetch URLs here (no http_fetch configured)");
    return sources.url(i.source, ctx);
  }
  if (!sources.file) throw new BusError("FAILED_PRECONDITION", "content_ingest cannot read files here (no workspace configured)");
  return sources.file(i.source, ctx);
}

/** Bytes of passage text per Mutate: well under NATS's default 1 MB payload. */
const MUTATE_BATCH_CHARS = 256 * 1024;

type LibrarySymbol = { id: string; label: string; kind: SymbolKind; type: string };

/**
 * Symbols and edges cut into Mutate requests of bounded size; each edge goes
 * with (or after) the batch that creates its endpoints, as edges follow their
 * symbols in `add` order.
 */
function mutateBatches(symbols: LibrarySymbol[], add: Triple[]): Array<{ upsertSymbols: LibrarySymbol[]; add: Triple[] }> {
  const batches: Array<{ upsertSymbols: LibrarySymbol[]; add: Triple[] }> = [];
  let current: LibrarySymbol[] = [];
  let chars = 0;
  for (const symbol of symbols) {
    if (current.length && chars + symbol.label.length > MUTATE_BATCH_CHARS) {
      batches.push({ upsertSymbols: current, add: [] });
      current = [];
      chars = 0;
    }
    current.push(symbol);
    chars += symbol.label.length;
  }
  // Edges are small (ids only); they go last, once every symbol exists.
  batches.push({ upsertSymbols: current, add });
  return batches;
}

/**
 * library_search: the passages most similar to a query, by hypervector
 * similarity of their text (encodings cached per passage id).
 */
export function librarySearchTool(orient: OrientClient, encoder = new TextEncoder()): ToolDefinition {
  const vectors = new Map<string, Hypervector>();
  return defineTool({
    descriptor: builtinDescriptor("library_search"),
    input: z.object({ query: z.string().trim().min(1).max(2_000), top_k: z.number().int().min(1).max(50).default(5), min_similarity: z.number().min(0).max(1).default(0) }).strict(),
    assess: (i) => ({
      action: { detail: { $case: "other", value: { summary: `search the library for "${i.query}"` } } },
      danger: DangerLevel.SAFE,
      reversible: true,
      preview: `library search: ${i.query}`,
      consequences: "reads the library; nothing changes",
      sideEffects: false,
    }),
    async run(i, ctx) {
      const query = encoder.encode(i.query);
      const hits: Array<{ passage: string; document: string; chunk: string; similarity: number }> = [];
      for (let page = ""; ; ) {
        const r = await orient.query({ agentId: ctx.agentId, predicate: LIBRARY.hasChunk, limit: 10_000, pageToken: page });
        for (const t of r.triples) {
          let v = vectors.get(t.object);
          if (!v) {
            v = encoder.encode(t.objectLabel);
            if (vectors.size > 50_000) vectors.clear();
            vectors.set(t.object, v);
          }
          hits.push({ passage: t.objectLabel, document: t.subjectLabel || t.subject, chunk: t.object, similarity: similarity(query, v) });
        }
        if (!r.nextPageToken) break;
        page = r.nextPageToken;
      }
      hits.sort((a, b) => b.similarity - a.similarity || a.chunk.localeCompare(b.chunk));
      const top = hits.filter((h) => h.similarity >= i.min_similarity).slice(0, i.top_k);
      return {
        content: top.length ? top.map((h, n) => `${n + 1}. [${h.document}] (${h.similarity.toFixed(3)}) ${h.passage}`).join("\n") : hits.length ? "no passage is similar enough" : "the library is empty",
        symbols: [...new Set(top.flatMap((h) => contentWords(h.passage).slice(0, 8)))],
        data: { searched: hits.length, hits: top },
      };
    },
  });
}

function edge(subject: string, predicate: string, object: string, confidence: number): Triple {
  return { subject, predicate, object, confidence, source: "library", createdAtUnixMs: 0, temporal: undefined, subjectLabel: "", predicateLabel: "", objectLabel: "" };
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}
