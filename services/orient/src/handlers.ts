import { realpath, stat } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { BusError, type ServiceHandlers } from "@boyd/bus";
import {
  formatRule,
  GraphStore,
  ingestFile,
  ingestStream,
  isBookkeepingPredicate,
  isBookkeepingSymbol,
  openEmbeddedBackend,
  type IngestFormat as GraphIngestFormat,
  type IngestSummary,
  type Conflict,
  type Rule,
  type Triple,
  type TripleInput,
} from "@boyd/graph";
import { IngestFormat, type OrientServiceDefinition, type Triple as ProtoTriple } from "@boyd/proto";
import { fromProtoSymbol, toActivationQuery, toProtoActivations, toProtoGap, toProtoSymbol, toProtoTriple } from "./convert.js";
import { QuestionAnswerer } from "./answer/engine.js";
import { orient } from "./orientation.js";
import { answerQuery, answerQueryBatch, optional, resolveLabel } from "./query.js";

/** Options of {@link createOrientHandlers}. */
export interface OrientHandlerOptions {
  /** Ingest may read files only below this directory; without it, paths are refused. */
  ingestRoot?: string | undefined;
}

const FORMATS: Record<number, GraphIngestFormat | undefined> = {
  [IngestFormat.N_TRIPLES]: "ntriples",
  [IngestFormat.CSV]: "csv",
  [IngestFormat.JSON_LINES]: "jsonl",
  [IngestFormat.RULES]: "rules",
};

/**
 * The orient service's handlers: pure functions of the graph store and the
 * request, with no knowledge of NATS or gRPC. Graph errors keep their codes
 * (INVALID_ARGUMENT, UNAVAILABLE...) across the bus.
 */
export function createOrientHandlers(store: GraphStore, options: OrientHandlerOptions = {}): ServiceHandlers<typeof OrientServiceDefinition> {
  const answerer = new QuestionAnswerer(store);
  return {
    async orient(request) {
      return { orientation: await orient(store, request, answerer) };
    },

    query(request) {
      return answerQuery(store, request);
    },

    queryBatch(request) {
      return answerQueryBatch(store, request);
    },

    async mutate(request) {
      const now = Date.now();
      const source = `mutate:${request.agentId || "anonymous"}`;
      // Labels that name no symbol get one when they are added (as the
      // contract says); removing by an unknown label stays NOT_FOUND.
      const fresh = new Map<string, string>();
      const termOf = async (label: string, field: string, create: boolean): Promise<string> => {
        if (!request.termsAreLabels) return label;
        try {
          return await resolveLabel(store, label, field);
        } catch (err) {
          const key = label.trim().toLowerCase();
          if (!create || !key || !(err instanceof BusError && err.code === "NOT_FOUND")) throw err;
          if (!fresh.has(key)) fresh.set(key, await freeId(store, key, new Set(fresh.values())));
          return fresh.get(key)!;
        }
      };
      const resolveTerms = async (t: ProtoTriple, i: number, field: string): Promise<TripleInput> => ({
        subject: await termOf(t.subject, `${field}[${i}].subject`, field === "add"),
        predicate: t.predicate,
        object: await termOf(t.object, `${field}[${i}].object`, field === "add"),
        confidence: t.confidence === 0 ? 1 : t.confidence,
        source: t.source || source,
        createdAt: t.createdAtUnixMs || now,
      });
      const add = await Promise.all(request.add.map((t, i) => resolveTerms(t, i, "add")));
      const remove = await Promise.all(request.remove.map((t, i) => resolveTerms(t, i, "remove")));
      const labelled = new Map(request.add.flatMap((t) => [t.subject, t.object]).map((l) => [l.trim().toLowerCase(), l.trim()]));
      const symbols = [...request.upsertSymbols.map(fromProtoSymbol), ...[...fresh].map(([key, id]) => ({ id, label: labelled.get(key) ?? key, kind: "entity" }))];
      // Validate everything before writing anything.
      const scratch = new GraphStore((await openEmbeddedBackend()).backend);
      await scratch.upsertSymbols(symbols);
      await scratch.addTriples(add);
      await scratch.retractTriples(remove);
      const mentioned = [...new Set([...symbols.map((s) => s.id), ...add.flatMap((t) => [t.subject, t.object])])];
      const existingSymbols = new Set((await store.symbols(mentioned)).map((s) => s.id));
      const existingTriples = await countExisting(store, add);
      if (request.dryRun) {
        return { added: add.length - existingTriples, unchanged: existingTriples, removed: 0, createdSymbols: [] };
      }
      await store.upsertSymbols(symbols);
      await store.addTriples(add);
      const removed = await store.retractTriples(remove);
      const created = await store.symbols(mentioned.filter((id) => !existingSymbols.has(id)));
      return { added: add.length - existingTriples, unchanged: existingTriples, removed, createdSymbols: created.map(toProtoSymbol) };
    },

    async activate(request) {
      const result = await store.activate(toActivationQuery(request.seeds, request.params));
      return { ...(await toProtoActivations(store, result)), expandedNodes: result.expanded };
    },

    async inferRules(request) {
      const inForce = await store.rules();
      const known = new Map(inForce.map((r) => [r.name, r]));
      const unknown = request.ruleIds.filter((id) => !known.has(id));
      if (unknown.length > 0) throw new BusError("INVALID_ARGUMENT", `unknown rule_ids: ${unknown.join(", ")} (known: ${[...known.keys()].join(", ")})`);
      const rules = request.ruleIds.length ? request.ruleIds.map((id) => known.get(id)!) : inForce;
      const derivedOf = derivedTriple(known);
      if (request.queryPredicate) {
        const query = { predicate: request.queryPredicate, ...optional("subject", request.querySubject || undefined), ...optional("object", request.queryObject || undefined) };
        const result = await store.infer({ mode: "backward", query, rules, ...optional("maxDepth", request.maxDepth), ...optional("minConfidence", request.minConfidence) });
        const answers = result.mode === "backward" ? result.answers : [];
        return { derived: [], answers: answers.map((a) => derivedOf({ ...a, iteration: 0 })), iterations: 0, committed: false, conflicts: result.conflicts.map(toProtoConflict) };
      }
      const commit = request.commit ?? true;
      const result = await store.infer({
        mode: "forward",
        commit,
        rules,
        ...optional("maxIterations", request.maxIterations),
        ...optional("minConfidence", request.minConfidence),
        ...optional("maxNewTriples", request.maxNewTriples),
      });
      const derived = result.mode === "forward" ? result.derived : [];
      return {
        derived: derived.map(derivedOf),
        answers: [],
        iterations: derived.reduce((n, d) => Math.max(n, d.iteration + 1), 0),
        committed: commit && derived.length > 0,
        conflicts: result.conflicts.map(toProtoConflict),
      };
    },

    async gapAnalysis(request) {
      let entities = request.focusSymbols;
      if (entities.length === 0) {
        if (!request.goalId) throw new BusError("INVALID_ARGUMENT", "gap analysis needs goal_id or focus_symbols");
        const edges = await store.neighbours(request.goalId);
        entities = [...new Set(edges.filter((e) => !isBookkeepingPredicate(e.triple.predicate) && !isBookkeepingSymbol(e.other)).map((e) => e.other))];
        if (entities.length === 0) throw new BusError("FAILED_PRECONDITION", `goal ${request.goalId} links to no entities; pass focus_symbols`);
      }
      const gaps = await store.gapAnalysis(entities, { limit: request.maxGaps ?? 10 });
      const labels = new Map((await store.symbols(entities)).map((s) => [s.id, s.label]));
      const withGaps = new Set(gaps.map((g) => g.entity));
      return {
        gaps: gaps.slice(0, request.maxGaps ?? 10).map((g) => toProtoGap(g, labels.get(g.entity) ?? g.entity)),
        coverage: (entities.length - withGaps.size) / entities.length,
      };
    },

    async ingest(request) {
      if (request.defaultConfidence !== undefined && request.defaultConfidence !== 1) {
        throw new BusError("INVALID_ARGUMENT", "default_confidence is not supported: state a confidence per line (CSV 4th column, JSON Lines field)");
      }
      const format = FORMATS[request.format];
      const target = request.dryRun ? new GraphStore((await openEmbeddedBackend()).backend) : store;
      const before = await target.counts();
      const ingestOptions = { strict: request.strict, ...optional("format", format), ...optional("source", request.sourceLabel || undefined) };
      let summary: IngestSummary;
      if (request.source?.$case === "content") {
        if (!format) throw new BusError("INVALID_ARGUMENT", "format is required when content is sent inline");
        summary = await ingestStream(target, [request.source.value], `${request.sourceLabel || "inline"}`, ingestOptions);
      } else if (request.source?.$case === "path") {
        summary = await ingestFile(target, await confined(request.source.value, options.ingestRoot), ingestOptions);
      } else {
        throw new BusError("INVALID_ARGUMENT", "one of content or path is required");
      }
      const after = await target.counts();
      return {
        linesRead: summary.lines,
        triplesAdded: summary.triples,
        symbolsCreated: Math.max(0, after.symbols - before.symbols),
        errors: summary.errors.map((e) => ({ line: e.line, column: 0, message: e.reason })),
        committed: !request.dryRun,
        rulesAdded: summary.rules ?? 0,
      };
    },
  };
}

/** A derivation (or a backward answer) for the wire, with its rule's text. */
function derivedTriple(rules: ReadonlyMap<string, Rule>) {
  return (d: { triple: Triple; rule?: string | undefined; antecedents: readonly Triple[]; iteration: number }) => {
    const rule = d.rule === undefined ? undefined : rules.get(d.rule);
    return { triple: toProtoTriple(d.triple), ruleId: d.rule ?? "", antecedents: d.antecedents.map((t) => toProtoTriple(t)), iteration: d.iteration, ruleText: rule ? formatRule(rule) : "" };
  };
}

function toProtoConflict(c: Conflict) {
  return { predicate: c.predicate, subject: c.subject, values: c.values.map((t) => toProtoTriple(t)) };
}

// An id for a new symbol made from its label: the label in lower case with
// spaces as underscores, suffixed when another symbol already has it.
async function freeId(store: GraphStore, key: string, taken: ReadonlySet<string>): Promise<string> {
  const base = key.replace(/\s+/g, "_");
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}_${n}`;
    if (!taken.has(id) && (await store.symbols([id])).length === 0) return id;
  }
}

async function countExisting(store: GraphStore, triples: readonly TripleInput[]): Promise<number> {
  let n = 0;
  for (const t of triples) if ((await store.query({ subject: t.subject, predicate: t.predicate, object: t.object })).length > 0) n++;
  return n;
}

/**
 * Resolves an ingest path inside the configured root: `..`, absolute paths
 * and symlinks that lead outside are refused. No root, no paths.
 */
async function confined(path: string, root: string | undefined): Promise<string> {
  if (!root) throw new BusError("PERMISSION_DENIED", "ingest by path is disabled (no ingest root configured); send the content inline");
  const realRoot = await realpath(root);
  let real: string;
  try {
    real = await realpath(isAbsolute(path) ? path : resolve(realRoot, path));
  } catch {
    throw new BusError("NOT_FOUND", `ingest path ${JSON.stringify(path)} does not exist under the ingest root`);
  }
  const rel = relative(realRoot, real);
  if (rel === "" || rel.startsWith(`..${sep}`) || rel === ".." || isAbsolute(rel)) {
    throw new BusError("PERMISSION_DENIED", `ingest path ${JSON.stringify(path)} is outside the ingest root`);
  }
  // A FIFO would be opened in a libuv thread that waits for a writer, holding
  // it until one comes (four such calls stop every file read of the service);
  // a directory or device is no knowledge file either.
  if (!(await stat(real)).isFile()) throw new BusError("INVALID_ARGUMENT", `ingest path ${JSON.stringify(path)} is not a regular file`);
  return real;
}

