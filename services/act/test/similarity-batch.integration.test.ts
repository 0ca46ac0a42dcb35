// similarity_search profiles its candidates with one OrientService.QueryBatch
// (it made one Query per candidate, up to 41 round trips), and answers as it
// did: the reference below is the tool as it was, one Query per profile, run
// against the same real graph (examples/solar-system.csv, plus a symbol with
// more facts than a profile reads). Round trips are counted on the real
// nats-server, by a connection subscribed to OrientService's subjects.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { connectNats, createClient, InProcessTransport, serveService, type NatsTransport, type Subscription } from "@boyd/bus";
import { ingestFile } from "@boyd/graph";
import { createOrientHandlers } from "@boyd/orient";
import { ActionOutcome, OrientServiceDefinition } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { similarity, TextEncoder } from "@boyd/vsa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factsAbout, factsAboutMany, resolveSymbol, type OrientClient } from "../src/tools/graph-client.js";
import { startHarness, type Harness } from "./fixtures/harness.js";

const SOLAR_SYSTEM = join(dirname(fileURLToPath(import.meta.url)), "../../../examples/solar-system.csv");
const ORIENT_SUBJECTS = "boyd.v1.OrientService.>";

let nats: NatsServer;
let transport: NatsTransport;
let watcher: NatsTransport;
let h: Harness;
let orient: OrientClient;

beforeAll(async () => {
  nats = await startNats();
  [transport, watcher] = await Promise.all([connectNats({ servers: nats.url }), connectNats({ servers: nats.url })]);
  h = await startHarness(transport);
  orient = createClient(transport, OrientServiceDefinition, { timeoutMs: 10_000 });
  await ingestFile(h.graph, SOLAR_SYSTEM, { strict: true });
  // More facts from jupiter than the 30 a profile reads: the batch must keep the limit.
  await h.graph.addTriples(Array.from({ length: 35 }, (_, i) => ({ subject: "jupiter", predicate: "has_moon", object: `jupiter_moon_${String(i).padStart(2, "0")}`, confidence: 1 })));
});

afterAll(async () => {
  await h?.close();
  await Promise.all([transport?.close(), watcher?.close()]);
  await nats?.stop();
});

/** similarity_search as it was before QueryBatch: one Query per profile. */
async function similarityOneQueryEach(agentId: string, text: string, topK: number): Promise<string> {
  const encoder = new TextEncoder();
  const target = await resolveSymbol(orient, agentId, text);
  const { activations } = await orient.activate({ agentId, seeds: [target.id], params: { maxDepth: 2, topK: 40, predicateFilter: [], includeBookkeeping: false } });
  const profile = async (id: string, label: string) => {
    const facts = await factsAbout(orient, agentId, id, "from", 30);
    return encoder.encode([label, ...facts.map((t) => `${t.predicateLabel || t.predicate} ${t.objectLabel || t.object}`)].join(". "));
  };
  const candidates = activations.flatMap((a) => (a.symbol && a.symbol.id !== target.id ? [{ id: a.symbol.id, label: a.symbol.label || a.symbol.id }] : []));
  const [targetVector, ...vectors] = await Promise.all([profile(target.id, target.label), ...candidates.map((c) => profile(c.id, c.label))]);
  const ranked = candidates.map((c, k) => ({ symbol: c.label, similarity: similarity(targetVector!, vectors[k]!) }));
  ranked.sort((a, b) => b.similarity - a.similarity || a.symbol.localeCompare(b.symbol));
  return ranked
    .slice(0, topK)
    .map((r) => `${r.symbol}  ${r.similarity.toFixed(3)}`)
    .join("\n");
}

/** Runs `work` and counts the OrientService requests nats-server delivered meanwhile, by method. */
async function countOrientCalls(work: () => Promise<unknown>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const sub: Subscription = watcher.subscribe(ORIENT_SUBJECTS, (msg) => {
    const method = msg.subject.slice(ORIENT_SUBJECTS.length - 1);
    counts[method] = (counts[method] ?? 0) + 1;
  });
  await watcher.flush();
  await work();
  await transport.flush();
  await watcher.flush();
  await sub.drain();
  return counts;
}

describe("act similarity_search - one QueryBatch for every profile, the same answer", () => {
  it.each(["Earth", "Sun", "Jupiter", "Saturn", "moon"])("%s: one Query to resolve it, one Activate, one QueryBatch; ranking and content as with one Query each", async (symbol) => {
    let content = "";
    const counts = await countOrientCalls(async () => {
      const { result } = await h.call("similarity_search", { symbol, top_k: 50 });
      expect(result!.outcome, result!.output!.error?.message).toBe(ActionOutcome.EXECUTED);
      content = result!.output!.content;
    });
    expect(counts).toEqual({ Query: 1, Activate: 1, QueryBatch: 1 });
    expect(content.split("\n").length).toBeGreaterThan(5);
    expect(content).toBe(await similarityOneQueryEach(h.agentId, symbol, 50));
  });
});

describe("act graph client - factsAboutMany", () => {
  it("both directions for 60 symbols: 120 queries in two QueryBatch calls (100 at most each), each symbol's facts as factsAbout gives them", async () => {
    const symbols = new Set((await h.graph.query({}, { limit: 1_000 })).flatMap((t) => [t.subject, t.object]));
    const ids = ["jupiter", ...[...symbols].filter((id) => id !== "jupiter").slice(0, 58), "nothing_by_this_id"];
    let many: Awaited<ReturnType<typeof factsAboutMany>> = [];
    const counts = await countOrientCalls(async () => {
      many = await factsAboutMany(orient, h.agentId, ids, "both", 30);
    });
    expect(counts).toEqual({ QueryBatch: 2 });
    expect(many).toEqual(await Promise.all(ids.map((id) => factsAbout(orient, h.agentId, id, "both", 30))));
    expect(many.at(-1)).toEqual([]);
    // Jupiter has 35 facts of its own: 30 of them (the limit), and the moons that orbit it.
    expect(many[0]!.filter((t) => t.subject === "jupiter")).toHaveLength(30);
    expect(many[0]!.filter((t) => t.object === "jupiter").length).toBeGreaterThan(0);
  });
});

describe("act graph client - factsAboutMany with an orient that predates QueryBatch", () => {
  it("asks one Query per id (nobody serves QueryBatch: UNAVAILABLE), with the same facts; other errors are not hidden", async () => {
    const older = new InProcessTransport();
    const { queryBatch: _unserved, ...methods } = OrientServiceDefinition.methods;
    const binding = await serveService(older, { ...OrientServiceDefinition, methods }, createOrientHandlers(h.graph));
    try {
      const olderOrient: OrientClient = createClient(older, OrientServiceDefinition);
      await expect(olderOrient.queryBatch({ agentId: h.agentId, queries: [{ subject: "earth" }] })).rejects.toMatchObject({ code: "UNAVAILABLE" });
      const ids = ["jupiter", "earth", "sun", "nothing_by_this_id"];
      const expected = await Promise.all(ids.map((id) => factsAbout(orient, h.agentId, id, "both", 30)));
      expect(await factsAboutMany(olderOrient, h.agentId, ids, "both", 30)).toEqual(expected);
      await expect(factsAboutMany(orient, h.agentId, ids, "from", 0)).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: expect.stringContaining("queries[0].limit must be in 1..10000") });
    } finally {
      await binding.stop();
    }
  });
});
