import neo4j, { type Driver, type ManagedTransaction, type Record as Neo4jRecord } from "neo4j-driver";
import type { AdjacentEdge, EdgeFilter, EdgeQuery, GraphBackend, GraphCounts, GraphReader, NodeEdges } from "../backend.js";
import { FAN_FLOOR } from "../activation.js";
import { BOOKKEEPING_PREDICATE_PREFIX, BOOKKEEPING_PREFIXES } from "../bookkeeping.js";
import { GraphError, invalid } from "../errors.js";
import type { GraphSymbol, Triple, TriplePattern } from "../model.js";
import { countExisting, withBookkeepingCounts } from "./bookkeeping-degree.js";
import { bumpVersion, dropVersion, readVersion, versionSchema } from "./graph-version.js";
import { NeighbourhoodCache } from "./neighbourhood-cache.js";

/** Options of {@link openNeo4jBackend}. */
export interface Neo4jOptions {
  /** Bolt URI, e.g. `bolt://127.0.0.1:7687`. */
  uri: string;
  /** @default no auth */
  user?: string;
  password?: string;
  /** @default "neo4j" */
  database?: string;
  /**
   * The node label of this store's symbols. Stores with different labels
   * share a database without seeing each other (tests isolate this way).
   * @default "Symbol"
   */
  label?: string;
  /** Rows per UNWIND statement. @default 1000 */
  batchSize?: number;
  /** How long managed transactions retry transient failures (Neo4j restarting), ms. @default 15000 */
  maxRetryTimeMs?: number;
  /**
   * How many edges activations may keep between calls, valid until the next
   * write by any process (see {@link NeighbourhoodCache}); 0 turns the cache off.
   * @default 200000
   */
  cacheEdges?: number;
}

/** See {@link Neo4jOptions.cacheEdges}. */
export const DEFAULT_CACHE_EDGES = 200_000;

/** Runs one read statement: alone in its own transaction, or inside a shared one. */
type Query = (cypher: string, params: Record<string, unknown>) => Promise<Neo4jRecord[]>;

// Every relationship has this one type; the predicate is a property, so
// predicates are data, not schema.
const REL = "REL";
const LABEL = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

// Whether the relationship r to node m passes an EdgeFilter (parameters from filterParams).
// Every bookkeeping prefix ends at its only ':' (as isBookkeepingSymbol
// relies on), so an id without ':' is world knowledge and the rest are
// looked up by their head: a string test per edge, not a list scan, which
// matters when a hub's thousands of edges are counted for its fan.
const ADMITTED = `($predicates IS NULL OR r.predicate IN $predicates)
           AND (NOT $excludeBookkeeping OR (NOT (m.id CONTAINS ':' AND split(m.id, ':')[0] + ':' IN $bookkeeping)
                AND NOT r.predicate STARTS WITH $bookkeepingPredicate))`;

function filterParams(filter: EdgeFilter): Record<string, unknown> {
  return {
    predicates: filter.predicates ? [...filter.predicates] : null,
    excludeBookkeeping: filter.excludeBookkeeping,
    bookkeeping: [...BOOKKEEPING_PREFIXES],
    bookkeepingPredicate: BOOKKEEPING_PREDICATE_PREFIX,
  };
}

/**
 * Opens the Neo4j backend: one driver per store, managed read/write
 * transactions (retried by the driver on transient errors), parameters only,
 * UNWIND batches, a uniqueness constraint on the symbol id and an index on
 * its label. Model: `(:Symbol {id, label, kind})-[:REL {predicate,
 * confidence, source, createdAt}]->(:Symbol)`.
 */
export async function openNeo4jBackend(options: Neo4jOptions): Promise<Neo4jBackend> {
  const label = options.label ?? "Symbol";
  if (!LABEL.test(label)) throw invalid(`neo4j label ${JSON.stringify(label)} must be a letter then letters, digits or _`);
  const driver = neo4j.driver(
    options.uri,
    options.user ? neo4j.auth.basic(options.user, options.password ?? "") : undefined,
    {
      disableLosslessIntegers: true,
      maxTransactionRetryTime: options.maxRetryTimeMs ?? 15_000,
      connectionAcquisitionTimeout: 10_000,
      connectionTimeout: 5_000,
    },
  );
  const cacheEdges = options.cacheEdges ?? DEFAULT_CACHE_EDGES;
  if (!(Number.isInteger(cacheEdges) && cacheEdges >= 0)) throw invalid(`neo4j cacheEdges must be a non-negative integer, got ${String(options.cacheEdges)}`);
  const backend = new Neo4jBackend(driver, options.database ?? "neo4j", label, options.batchSize ?? 1_000, cacheEdges);
  try {
    await backend.ensureSchema();
  } catch (err) {
    await driver.close();
    throw toGraphError(err, `cannot reach Neo4j at ${options.uri}`);
  }
  return backend;
}

/** The Neo4j {@link GraphBackend}. */
export class Neo4jBackend implements GraphBackend {
  readonly name = "neo4j";
  /** Edges kept between activations; undefined when turned off. */
  private readonly cache: NeighbourhoodCache | undefined;

  constructor(
    private readonly driver: Driver,
    private readonly database: string,
    private readonly label: string,
    private readonly batchSize: number,
    cacheEdges = DEFAULT_CACHE_EDGES,
  ) {
    this.cache = cacheEdges > 0 ? new NeighbourhoodCache(cacheEdges) : undefined;
  }

  /** Creates the uniqueness constraint and label index if missing. */
  async ensureSchema(): Promise<void> {
    const L = this.label;
    await this.run(`CREATE CONSTRAINT ${L}_id IF NOT EXISTS FOR (n:${L}) REQUIRE n.id IS UNIQUE`);
    await this.run(`CREATE INDEX ${L}_label IF NOT EXISTS FOR (n:${L}) ON (n.label)`);
    // Lower-cased label, so name lookups ignore case and still use an index.
    await this.run(`CREATE INDEX ${L}_name IF NOT EXISTS FOR (n:${L}) ON (n.name)`);
    await this.run(`CREATE INDEX ${REL}_predicate IF NOT EXISTS FOR ()-[r:${REL}]-() ON (r.predicate)`);
    for (const statement of versionSchema(L)) await this.run(statement);
    await this.run(countExisting(L, ADMITTED), filterParams({ excludeBookkeeping: true }));
  }

  upsertSymbols(symbols: readonly GraphSymbol[]): Promise<void> {
    return this.write(symbols, `UNWIND $rows AS row MERGE (n:${this.label} {id: row.id}) SET n.label = row.label, n.name = toLower(row.label), n.kind = row.kind`);
  }

  /**
   * A new bookkeeping edge adds to its ends' `bk` counts (see
   * bookkeeping-degree.ts); `fresh` marks it for the counting clauses, only
   * while the statement runs.
   */
  addTriples(triples: readonly Triple[]): Promise<void> {
    const L = this.label;
    return this.write(
      withBookkeepingCounts(triples),
      `UNWIND $rows AS row
       MERGE (s:${L} {id: row.subject}) ON CREATE SET s.label = row.subject, s.name = toLower(row.subject), s.kind = 'entity'
       MERGE (o:${L} {id: row.object}) ON CREATE SET o.label = row.object, o.name = toLower(row.object), o.kind = 'entity'
       MERGE (s)-[r:${REL} {predicate: row.predicate}]->(o)
       ON CREATE SET r.fresh = CASE WHEN row.sbk + row.obk > 0 THEN true ELSE null END
       SET r.confidence = row.confidence, r.source = row.source, r.createdAt = row.createdAt
       WITH s, o, r, row WHERE r.fresh IS NOT NULL
       REMOVE r.fresh
       SET s.bk = coalesce(s.bk, 0) + row.sbk
       WITH o, row
       SET o.bk = coalesce(o.bk, 0) + row.obk`,
    );
  }

  async retractTriples(keys: readonly TriplePattern[]): Promise<number> {
    const L = this.label;
    let removed = 0;
    await this.session("WRITE", async (tx) => {
      removed = 0;
      for (const rows of chunks(withBookkeepingCounts(keys as Required<TriplePattern>[]), this.batchSize)) {
        const result = await tx.run(
          `UNWIND $rows AS k
           MATCH (s:${L} {id: k.subject})-[r:${REL} {predicate: k.predicate}]->(o:${L} {id: k.object})
           SET s.bk = coalesce(s.bk, 0) - k.sbk
           WITH o, r, k
           SET o.bk = coalesce(o.bk, 0) - k.obk
           DELETE r RETURN count(r) AS n`,
          { rows },
        );
        removed += result.records[0]?.get("n") as number;
      }
      if (removed > 0) await tx.run(bumpVersion(L));
    });
    return removed;
  }

  async findTriples(pattern: TriplePattern, options: { limit: number; offset: number }): Promise<Triple[]> {
    const L = this.label;
    const records = await this.read(
      `MATCH (s:${L})-[r:${REL}]->(o:${L})
       WHERE ($subject IS NULL OR s.id = $subject) AND ($predicate IS NULL OR r.predicate = $predicate)
         AND ($object IS NULL OR o.id = $object)
       RETURN s.id AS subject, r.predicate AS predicate, o.id AS object, r.confidence AS confidence,
              r.source AS source, r.createdAt AS createdAt
       ORDER BY subject, predicate, object SKIP $offset LIMIT $limit`,
      {
        subject: pattern.subject ?? null,
        predicate: pattern.predicate ?? null,
        object: pattern.object ?? null,
        offset: neo4j.int(options.offset),
        limit: neo4j.int(options.limit),
      },
    );
    return records.map((r) => toTriple(r));
  }

  async getSymbols(ids: readonly string[]): Promise<GraphSymbol[]> {
    const records = await this.read(
      `MATCH (n:${this.label}) WHERE n.id IN $ids RETURN n.id AS id, n.label AS label, n.kind AS kind ORDER BY id`,
      { ids: [...new Set(ids)] },
    );
    return records.map(toSymbol);
  }

  async symbolsByLabel(labels: readonly string[]): Promise<GraphSymbol[]> {
    const records = await this.read(
      `MATCH (n:${this.label}) WHERE n.name IN $names RETURN n.id AS id, n.label AS label, n.kind AS kind ORDER BY id`,
      { names: [...new Set(labels.map((l) => l.toLowerCase()))] },
    );
    return records.map(toSymbol);
  }

  async symbolsOfKind(kind: string, options: { limit: number }): Promise<GraphSymbol[]> {
    const records = await this.read(
      `MATCH (n:${this.label} {kind: $kind}) RETURN n.id AS id, n.label AS label, n.kind AS kind ORDER BY id LIMIT $limit`,
      { kind, limit: neo4j.int(options.limit) },
    );
    return records.map(toSymbol);
  }

  /**
   * One query for a whole frontier: each node's degree and its admitted
   * edges, strongest first and cut at the limit on the server (no
   * variable-length paths, and a hub ships only what spreading will use).
   * With a prune hint, edges too weak to carry an offer at the floor stay
   * on the server too.
   */
  edgesOf(ids: readonly string[], query: EdgeQuery): Promise<Map<string, NodeEdges>> {
    return this.edgesVia((cypher, params) => this.read(cypher, params), ids, query);
  }

  /** Degrees only, one query for the batch: the degree store when nothing is filtered, else a COUNT subquery. */
  degrees(ids: readonly string[], filter: EdgeFilter): Promise<Map<string, number>> {
    return this.degreesVia((cypher, params) => this.read(cypher, params), ids, filter);
  }

  /**
   * One read transaction for all of `work`'s reads: spreading activation's
   * hops then cost a query each, not a session, a BEGIN and a COMMIT each,
   * and all of them see one state of the graph. The driver retries the
   * transaction (so `work`) on transient failures.
   */
  async readSnapshot<T>(work: (reader: GraphReader) => Promise<T>): Promise<T> {
    let result: T | undefined;
    await this.session("READ", async (tx) => {
      const query: Query = async (cypher, params) => (await tx.run(cypher, params)).records;
      const direct: GraphReader = {
        edgesOf: (ids, edgeQuery) => this.edgesVia(query, ids, edgeQuery),
        degrees: (ids, filter) => this.degreesVia(query, ids, filter),
      };
      result = await work(await this.cachedReader(query, direct));
    });
    return result as T;
  }

  /**
   * The transaction's reader behind the neighbourhood cache, at the graph
   * version this transaction reads first: a repeated activation then costs
   * that one query. Without a cache (or a version node), the reader itself.
   */
  private async cachedReader(query: Query, direct: GraphReader): Promise<GraphReader> {
    if (!this.cache) return direct;
    const [row] = await query(readVersion(this.label), {});
    const version = row?.get("version") as string | null | undefined;
    return typeof version === "string" ? this.cache.readerAt(version, direct) : direct;
  }

  private async edgesVia(query: Query, ids: readonly string[], edgeQuery: EdgeQuery): Promise<Map<string, NodeEdges>> {
    const L = this.label;
    const prune = edgeQuery.prune;
    // reach: what an edge's confidence is multiplied by before the fan
    // factor; an edge whose confidence x reach x fan is under the floor
    // cannot carry an offer. The slack absorbs rounding differences between
    // Cypher's and JavaScript's arithmetic, so nothing usable is cut.
    const nodes = [...new Set(ids)].map((id) => ({ id, reach: prune ? (prune.activations.get(id) ?? 1) * prune.hopDecay : 1 }));
    // The aggregate inside the subquery gives every node one row, so a node
    // whose edges are all pruned still reports its degree (its fan).
    const records = await query(
      `UNWIND $nodes AS node
       MATCH (n:${L} {id: node.id})
       WITH node, n, ${this.degreeOf(edgeQuery)} AS degree
       WITH node, n, degree, CASE WHEN degree <= 1 THEN 1.0 ELSE 1.0 - log(toFloat(degree)) / log(2.0) / 10.0 END AS fan
       WITH node, n, degree, CASE WHEN fan < $fanFloor THEN $fanFloor ELSE fan END AS fan
       CALL {
         WITH node, n, fan
         // A node that could not pass the floor even over a certain edge (a
         // weak hub, typically) is not expanded at all.
         WITH node, n, fan WHERE node.reach * fan >= $cut
         MATCH (n)-[r:${REL}]-(m:${L})
         WHERE r.confidence * node.reach * fan >= $cut AND ${ADMITTED}
         WITH m, r, CASE WHEN startNode(r) = n THEN 'out' ELSE 'in' END AS direction
         ORDER BY r.confidence DESC, r.predicate, m.id, direction
         LIMIT $limit
         RETURN collect([m.id, direction, r.predicate, r.confidence, r.source, r.createdAt]) AS edges
       }
       RETURN node.id AS id, degree, edges`,
      {
        nodes,
        ...filterParams(edgeQuery),
        limit: neo4j.int(edgeQuery.limitPerNode ?? 2 ** 31 - 1),
        fanFloor: FAN_FLOOR,
        cut: prune ? prune.floor * (1 - 1e-9) : 0,
      },
    );
    const result = new Map<string, NodeEdges>(ids.map((id) => [id, { edges: [], degree: 0 }]));
    for (const r of records) {
      const id = r.get("id") as string;
      const edges = (r.get("edges") as EdgeRow[]).map((row) => toAdjacentEdge(id, row));
      result.set(id, { edges, degree: r.get("degree") as number });
    }
    return result;
  }

  private async degreesVia(query: Query, ids: readonly string[], filter: EdgeFilter): Promise<Map<string, number>> {
    const records = await query(
      `UNWIND $ids AS id
       MATCH (n:${this.label} {id: id})
       RETURN id, ${this.degreeOf(filter)} AS degree`,
      { ids: [...new Set(ids)], ...filterParams(filter) },
    );
    const result = new Map<string, number>(ids.map((id) => [id, 0]));
    for (const r of records) result.set(r.get("id") as string, r.get("degree") as number);
    return result;
  }

  /**
   * The Cypher expression for node `n`'s degree under a filter. Unfiltered,
   * `COUNT { (n)-[:REL]-() }` is answered from the node's degree counts
   * without touching a relationship (a REL always joins two nodes of the
   * same label, so no label check is needed); with bookkeeping left out and
   * no predicate filter (what activation asks by default), the same less
   * the node's `bk` count (bookkeeping-degree.ts); filtered by predicate, it
   * expands the node's relationships once.
   */
  private degreeOf(filter: EdgeFilter): string {
    if (!filter.predicates && !filter.excludeBookkeeping) return `COUNT { (n)-[:${REL}]-() }`;
    // The default filter: all edges but the bookkeeping ones n counts in bk.
    if (!filter.predicates) return `COUNT { (n)-[:${REL}]-() } - coalesce(n.bk, 0)`;
    return `COUNT { MATCH (n)-[r:${REL}]-(m:${this.label}) WHERE ${ADMITTED} }`;
  }

  async counts(): Promise<GraphCounts> {
    const L = this.label;
    const [row] = await this.read(
      `CALL { MATCH (n:${L}) RETURN count(n) AS symbols } CALL { MATCH (:${L})-[r:${REL}]->(:${L}) RETURN count(r) AS triples } RETURN symbols, triples`,
    );
    return { symbols: row!.get("symbols") as number, triples: row!.get("triples") as number };
  }

  async clear(): Promise<void> {
    // Batched deletes keep one huge transaction from exhausting the heap.
    const session = this.driver.session({ database: this.database });
    try {
      // Clearing spans many transactions: a new version before and after,
      // so nothing cached from before survives, nor anything read half-way.
      await session.run(bumpVersion(this.label));
      // Relationships first: detaching a hub with many edges in one inner
      // transaction can exceed Neo4j's transaction memory limit.
      await session.run(`MATCH (:${this.label})-[r:${REL}]->() CALL { WITH r DELETE r } IN TRANSACTIONS OF 10000 ROWS`);
      await session.run(`MATCH (n:${this.label}) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS`);
      await session.run(bumpVersion(this.label));
    } catch (err) {
      throw toGraphError(err, "clearing the graph failed");
    } finally {
      await session.close();
    }
  }

  /** Drops this label's constraint and index too (test clean-up). */
  async dropSchema(): Promise<void> {
    await this.run(`DROP CONSTRAINT ${this.label}_id IF EXISTS`);
    await this.run(`DROP INDEX ${this.label}_label IF EXISTS`);
    await this.run(`DROP INDEX ${this.label}_name IF EXISTS`);
    for (const statement of dropVersion(this.label)) await this.run(statement);
  }

  close(): Promise<void> {
    return this.driver.close();
  }

  private async write(rows: readonly object[], cypher: string): Promise<void> {
    if (rows.length === 0) return;
    await this.session("WRITE", async (tx) => {
      for (const chunk of chunks(rows, this.batchSize)) await tx.run(cypher, { rows: chunk });
      await tx.run(bumpVersion(this.label));
    });
  }

  async version(): Promise<string> {
    const [row] = await this.read(readVersion(this.label));
    return (row?.get("version") as string | null | undefined) ?? "";
  }

  private async read(cypher: string, params: Record<string, unknown> = {}): Promise<Neo4jRecord[]> {
    let records: Neo4jRecord[] = [];
    await this.session("READ", async (tx) => {
      records = (await tx.run(cypher, params)).records;
    });
    return records;
  }

  private async run(cypher: string, params: Record<string, unknown> = {}): Promise<void> {
    await this.session("WRITE", async (tx) => {
      await tx.run(cypher, params);
    });
  }

  /** A managed transaction: the driver retries transient failures; the work must be idempotent. */
  private async session(mode: "READ" | "WRITE", work: (tx: ManagedTransaction) => Promise<void>): Promise<void> {
    const session = this.driver.session({ database: this.database, defaultAccessMode: mode === "READ" ? neo4j.session.READ : neo4j.session.WRITE });
    try {
      if (mode === "READ") await session.executeRead(work);
      else await session.executeWrite(work);
    } catch (err) {
      throw toGraphError(err, `Neo4j ${mode.toLowerCase()} failed`);
    } finally {
      await session.close();
    }
  }
}

function toSymbol(r: Neo4jRecord): GraphSymbol {
  return { id: r.get("id") as string, label: r.get("label") as string, kind: r.get("kind") as string };
}

/** A row with predicate, confidence, source and createdAt columns; subject and object from their columns unless given. */
function toTriple(r: Neo4jRecord, subject = r.get("subject") as string, object = r.get("object") as string): Triple {
  return {
    subject,
    predicate: r.get("predicate") as string,
    object,
    confidence: r.get("confidence") as number,
    source: r.get("source") as string,
    createdAt: r.get("createdAt") as number,
  };
}

/** An edge as edgesVia collects it: [other, direction, predicate, confidence, source, createdAt]. */
type EdgeRow = [string, "out" | "in", string, number, string, number];

function toAdjacentEdge(id: string, [other, direction, predicate, confidence, source, createdAt]: EdgeRow): AdjacentEdge {
  const [subject, object] = direction === "out" ? [id, other] : [other, id];
  return { other, direction, triple: { subject, predicate, object, confidence, source, createdAt } };
}

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Maps driver errors: unreachable or restarting Neo4j is UNAVAILABLE (retryable), the rest INTERNAL. */
function toGraphError(err: unknown, context: string): GraphError {
  if (err instanceof GraphError) return err;
  const code = (err as { code?: string }).code ?? "";
  const message = (err as Error).message ?? String(err);
  if (code === "ServiceUnavailable" || code === "SessionExpired" || /ECONNREFUSED|connect|unavailable/i.test(message)) {
    return new GraphError("UNAVAILABLE", `${context}: ${message}`, { cause: err });
  }
  if (code.startsWith("Neo.ClientError.Statement")) return new GraphError("INVALID_ARGUMENT", `${context}: ${message}`, { cause: err });
  return new GraphError("INTERNAL", `${context}: ${message}`, { cause: err });
}
