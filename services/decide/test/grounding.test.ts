// The agent writes only facts it read, and its tools start from what the
// question is about. Each case is a failure users saw: a goal "completed"
// by a fact the agent made up (`bob related_to supervisor`, `amphibian is-a
// feathers`), or a tool aimed at the alphabetically first neighbour of the
// goal (`acme_corp`, `krill`) or at a function word of its text
// ("whether").
import { AnswerKind, type Decision, type Goal, type PlanStep } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { createDecideHandlers, statedFact } from "../src/index.js";
import { activated, decideRequest, goal, triple, type Situation } from "./fixtures/requests.js";

const handlers = createDecideHandlers({ now: () => 1_700_000_000_000 });
const ctx = {} as Parameters<typeof handlers.decide>[1];

async function decideFor(g: Goal, s: Situation = {}): Promise<Decision> {
  return (await handlers.decide(decideRequest(g, s), ctx)).decision!;
}
async function planFor(g: Goal, s: Situation = {}, attempt = 0, usedTools: string[] = []): Promise<PlanStep[]> {
  const { orientation } = decideRequest(g, s);
  return (await handlers.generatePlan({ agentId: "agent-1", goal: g, attempt, orientation, usedTools, tools: [], rules: [] }, ctx)).plan!.steps;
}
/** Every plan attempt and the decision, for "never" assertions. */
async function everything(g: Goal, s: Situation = {}) {
  const first = await planFor(g, s, 0);
  const second = await planFor(g, s, 1, first.map((p) => p.toolName));
  const third = await planFor(g, s, 2, [...first, ...second].map((p) => p.toolName));
  return { plans: [first, second, third], decision: await decideFor(g, s) };
}
const inputsOf = (tool: string, steps: readonly PlanStep[]) => steps.filter((p) => p.toolName === tool).map((p) => JSON.parse(p.toolInputJson || "{}") as Record<string, unknown>);
const alt = (d: Decision, tool: string) => d.explanation!.alternatives.find((a) => a.toolName === tool);
const flat = (activations: string[]) => activations.map((id) => activated(id, 0.5));

describe("no fabrication: kg_mutate only records a fact the goal states", () => {
  it("'Find out who Carol reports to => supervisor' is never completed by writing a fact", async () => {
    const g = goal("Find out who Carol reports to", { successCriteria: "supervisor" });
    const s: Situation = { knowledge: [triple("carol", "works_at", "acme_corp"), triple("bob", "reports_to", "alice")], inferences: flat(["acme_corp", "alice", "bob", "carol"]) };
    const { plans, decision } = await everything(g, s);
    for (const steps of plans) expect(steps.map((p) => p.toolName)).not.toContain("kg_mutate");
    expect(alt(decision, "kg_mutate")).toBeUndefined();
    expect(decision.explanation!.contextFactors.some((f) => /^excluded kg_mutate: .*states no fact/.test(f))).toBe(true);
    expect(JSON.stringify({ plans, decision })).not.toContain("related_to");
    // Also with nothing known, and with the creation words that used to add a step.
    const bare = await everything(goal("Find out who Carol reports to and record it", { successCriteria: "supervisor" }));
    for (const steps of bare.plans) expect(steps.map((p) => p.toolName)).not.toContain("kg_mutate");
    expect(JSON.stringify(bare)).not.toContain("related_to");
  });

  it("'Infer why a dog is classified as a vertebrate' never proposes kg_mutate", async () => {
    const g = goal("Infer why a dog is classified as a vertebrate");
    const s: Situation = {
      knowledge: [triple("amphibian", "is-a", "vertebrate"), triple("dog", "is-a", "mammal"), triple("mammal", "is-a", "vertebrate")],
      inferences: flat(["amphibian", "bird", "dog", "feathers", "mammal", "vertebrate"]),
    };
    const { plans, decision } = await everything(g, s);
    for (const steps of plans) expect(steps.map((p) => p.toolName)).not.toContain("kg_mutate");
    expect(alt(decision, "kg_mutate")).toBeUndefined();
    expect(decision.call!.toolName).not.toBe("kg_mutate");
  });

  it("'Note that Priya owns billing' proposes kg_mutate with the stated fact", async () => {
    const g = goal("Note that Priya owns billing");
    const d = await decideFor(g);
    expect(d.call!.toolName).toBe("kg_mutate");
    const input = JSON.parse(alt(d, "kg_mutate")!.inputJson) as Record<string, unknown>;
    expect(input).toMatchObject({ subject: "priya", predicate: "owns", object: "billing", goal: "goal:1" });
    const steps = await planFor(g);
    expect(inputsOf("kg_mutate", steps)).toEqual([input]);
    expect(steps.find((p) => p.toolName === "kg_mutate")!.expectedEffects).toEqual(["priya owns billing"]);
  });

  it("reads stated facts: names kept whole, predicates as snake_case, the context's own predicate names preferred", () => {
    const none = { knowledge: [], predicates: [] };
    expect(statedFact("Record that Juba is the capital of South Sudan", none)).toEqual({ subject: "juba", predicate: "capital_of", object: "south sudan" });
    expect(statedFact("Remember: Bob reports to Alice", none)).toEqual({ subject: "bob", predicate: "reports_to", object: "alice" });
    expect(statedFact("Add the fact that whale is-a mammal", none)).toEqual({ subject: "whale", predicate: "is-a", object: "mammal" });
    expect(statedFact("Note that a penguin is a bird.", none)).toEqual({ subject: "penguin", predicate: "is-a", object: "bird" });
    expect(statedFact("Note down that the payments team owns the billing service", none)).toEqual({ subject: "payments team", predicate: "owns", object: "billing service" });
    expect(statedFact("Record that the Danube flows into the Black Sea.", none)).toEqual({ subject: "danube", predicate: "flows_into", object: "black sea" });
    expect(statedFact("Record that Acme Corp acquired Globex in March 2021.", none)).toEqual({ subject: "acme corp", predicate: "acquired", object: "globex" });
    expect(statedFact("Note that Priya Raman is now the maintainer of the billing service.", none)).toEqual({ subject: "priya raman", predicate: "maintainer_of", object: "billing service" });
    expect(statedFact("Make sure the graph knows the payments API depends on Redis.", none)).toEqual({ subject: "payments api", predicate: "depends_on", object: "redis" });
    expect(statedFact("Record that Marie Curie was born in Warsaw", none)).toEqual({ subject: "marie curie", predicate: "born_in", object: "warsaw" });
    // The context's predicate names win when the phrase is theirs.
    const known = { knowledge: [triple("carol", "reportsTo", "bob"), triple("juba", "is_a", "city")], predicates: [] };
    expect(statedFact("Remember: Bob reports to Alice", known)!.predicate).toBe("reportsTo");
    expect(statedFact("Add the fact that whale is-a mammal", known)!.predicate).toBe("is_a");
    expect(statedFact("Note that Alice reports to Dana", { knowledge: [], predicates: ["reports-to"] })!.predicate).toBe("reports-to");
    // A known symbol keeps its own label, so the write lands on it.
    const labelled = { knowledge: [{ ...triple("south_sudan", "located_in", "africa"), subjectLabel: "South Sudan" }], predicates: [] };
    expect(statedFact("Record that Juba is the capital of South Sudan", labelled)!.object).toBe("South Sudan");
    // Nothing stated, nothing to record.
    for (const text of [
      "Find out who Carol reports to",
      "Infer why a dog is classified as a vertebrate",
      "record and link the new species",
      "Remember to water the plants",
      "Note that Bob no longer reports to Alice",
      "Note that penguins cannot fly",
      "Record whether Bob reports to Alice",
      "Note: is Bob the manager of Alice?",
      "Record that the server",
    ])
      expect(statedFact(text, none), text).toBeUndefined();
  });
});

describe("tool inputs start from the question's subject", () => {
  it("kg_query, similarity_search and the plan start from answers.subjectIds, not the alphabetically first neighbour", async () => {
    const g = goal("Find who Alice reports to");
    const s: Situation = {
      knowledge: [triple("alice", "works_at", "acme_corp"), triple("bob", "works_at", "acme_corp")],
      inferences: flat(["acme_corp", "alice", "bob"]),
      answers: { kind: AnswerKind.ENTITIES, pattern: "alice reports_to ?x", subjectIds: ["alice"], predicates: ["reports_to"] },
    };
    const d = await decideFor(g, s);
    expect(JSON.parse(alt(d, "kg_query")!.inputJson)).toEqual({ symbol: "alice", direction: "both" });
    expect(JSON.parse(alt(d, "similarity_search")!.inputJson)).toMatchObject({ symbol: "alice" });
    const reason = JSON.parse(alt(d, "reason")!.inputJson) as { expression: string };
    expect(reason.expression).toBe("(triple alice works_at acme_corp)");
    for (const steps of (await everything(g, s)).plans) for (const input of inputsOf("kg_query", steps)) expect(input.symbol).toBe("alice");
    // A subject's label is used when the context knows it.
    const labelled = await decideFor(g, { ...s, inferences: [{ ...activated("alice", 0.5), symbol: { id: "alice", label: "Alice", kind: 1, type: "entity" } }, ...flat(["acme_corp"])] });
    expect(JSON.parse(alt(labelled, "kg_query")!.inputJson).symbol).toBe("Alice");
  });

  it("a yes/no question reasons over its own pattern", async () => {
    const d = await decideFor(goal("Is a dog a vertebrate?"), {
      knowledge: [triple("amphibian", "is-a", "vertebrate"), triple("dog", "is-a", "mammal")],
      inferences: flat(["amphibian", "dog", "mammal", "vertebrate"]),
      answers: { kind: AnswerKind.UNKNOWN, pattern: "dog is-a vertebrate", subjectIds: ["dog", "vertebrate"], predicates: ["is-a"] },
    });
    expect(JSON.parse(alt(d, "reason")!.inputJson)).toEqual({ expression: "(triple dog is_a vertebrate)" });
  });

  it("'Find out whether a whale can fly' never queries 'whether' or 'out'", async () => {
    const g = goal("Find out whether a whale can fly");
    for (const s of [{}, { inferences: flat(["out", "whether", "whale"]) }, { inferences: flat(["fly", "out", "whale", "whether"]), knowledge: [triple("whale", "is-a", "mammal")] }] as Situation[]) {
      const { plans, decision } = await everything(g, s);
      const queried = [...plans.flatMap((steps) => [...inputsOf("kg_query", steps), ...inputsOf("similarity_search", steps)]), ...decision.explanation!.alternatives.filter((a) => a.toolName === "kg_query" || a.toolName === "similarity_search").map((a) => JSON.parse(a.inputJson) as Record<string, unknown>)];
      expect(queried.length).toBeGreaterThan(0);
      for (const input of queried) expect(["whether", "out"]).not.toContain(input.symbol);
      expect(queried.every((input) => input.symbol === "whale")).toBe(true);
    }
  });

  it("without answers (old callers), a symbol the goal names beats the alphabetically first neighbour", async () => {
    const whale = await decideFor(goal("Find what whales eat"), { knowledge: [triple("whale", "eats", "krill")], inferences: flat(["krill", "whale"]) });
    expect(JSON.parse(alt(whale, "kg_query")!.inputJson).symbol).toBe("whale");
    // Nothing named: the most active symbol that is not a function word or bookkeeping.
    const active = await decideFor(goal("Find out what is going on"), { inferences: [activated("goal:1", 1), activated("what", 0.9), activated("status:active", 0.9), activated("rain", 0.4), activated("snow", 0.6)] });
    expect(JSON.parse(alt(active, "kg_query")!.inputJson).symbol).toBe("snow");
  });
});
