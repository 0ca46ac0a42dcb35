// Two orient replicas over one Neo4j graph, as when orient scales out (each
// its own driver and handlers, called directly): what one replica writes,
// the other must answer from at once, including writes
// that leave the graph's counts unchanged (a symbol relabelled), which a
// cache keyed by the counts would miss.
import type { CallContext } from "@boyd/bus";
import { GraphStore, openNeo4jBackend } from "@boyd/graph";
import { GoalStatus, OrientRequest } from "@boyd/proto";
import { uniqueLabel } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createOrientHandlers } from "../src/index.js";

const ctx = {} as CallContext;
const stores: GraphStore[] = [];
let a: ReturnType<typeof createOrientHandlers>;
let b: ReturnType<typeof createOrientHandlers>;

beforeAll(async () => {
  const label = uniqueLabel("OrientReplicas");
  for (let i = 0; i < 2; i++) stores.push(new GraphStore(await openNeo4jBackend({ uri: inject("neo4jUri"), label })));
  a = createOrientHandlers(stores[0]!);
  b = createOrientHandlers(stores[1]!);
  await b.mutate({ agentId: "", upsertSymbols: [], add: [triple("phobos", "orbits", "mars"), triple("deimos", "orbits", "mars")], remove: [], termsAreLabels: false, dryRun: false }, ctx);
});

afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

function triple(subject: string, predicate: string, object: string) {
  return { subject, predicate, object, confidence: 1, source: "moons.csv", createdAtUnixMs: 0, subjectLabel: "", predicateLabel: "", objectLabel: "", validFromUnixMs: 0, validUntilUnixMs: 0 } as never;
}

/** The answers replica `handlers` gives to a goal read as a question. */
async function answers(handlers: typeof a, question: string): Promise<string[]> {
  const goal = { symbolId: "goal:q", description: question, priority: 1, status: GoalStatus.ACTIVE };
  const request = OrientRequest.fromPartial({ agentId: "ann", observation: { agentId: "ann", cycle: 1, goals: [goal], activeGoalIds: ["goal:q"] } });
  const { orientation } = await handlers.orient(request, ctx);
  return (orientation!.goals[0]?.answers?.answers ?? []).map((x) => x.label || x.symbolId).sort();
}

describe("orient replicas - one Neo4j graph, the vocabulary cache follows the other replica's writes", () => {
  it("a symbol relabelled through replica B (same triple and symbol counts) is named by its new label on replica A", async () => {
    expect(await answers(a, "Find the moons that orbit Mars")).toEqual(["deimos", "phobos"]);
    await b.mutate({ agentId: "", upsertSymbols: [{ id: "phobos", label: "Fear", kind: "entity" } as never], add: [], remove: [], termsAreLabels: false, dryRun: false }, ctx);
    expect(await answers(a, "Find the moons that orbit Mars")).toEqual(["Fear", "deimos"]);
  });
});
