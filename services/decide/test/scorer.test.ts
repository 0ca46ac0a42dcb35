import { Archetype, Capability, ImpasseKind, PlanStatus, ScoringMethod, StepStatus, type Plan, type ToolDescriptor } from "@boyd/proto";
import { BUILTIN_TOOLS } from "@boyd/tools";
import { describe, expect, it } from "vitest";
import { createDecideHandlers, detectImpasse, formatBreakdown } from "../src/index.js";
import { activated, decideRequest, episode, goal, triple, used, type Situation } from "./fixtures/requests.js";

const handlers = createDecideHandlers();
const ctx = {} as Parameters<typeof handlers.decide>[1];
async function decideFor(g: Parameters<typeof decideRequest>[0], s: Situation = {}, tools: ToolDescriptor[] = []) {
  const { decision } = await handlers.decide({ ...decideRequest(g, s), tools }, ctx);
  return decision!;
}
const alt = (d: Awaited<ReturnType<typeof decideFor>>, tool: string) => d.explanation!.alternatives.find((a) => a.toolName === tool);
const known = { knowledge: [triple("sun", "is-a", "star")], inferences: [activated("star")] };

describe("score arithmetic", () => {
  it("base 0.55 + novelty 0.15 at priority 128 gives 0.5257", async () => {
    const d = await decideFor("learn about the sun", known);
    const s = alt(d, "similarity_search")!.score!;
    expect(s.base).toBe(0.55);
    expect(s.noveltyBonus).toBe(0.15);
    expect(s.priorityFactor).toBeCloseTo(0.5 + 64 / 255, 12);
    expect(s.total).toBeCloseTo(0.5257, 4);
  });

  it("recency penalises the last three tools used on the goal 0.4, 0.2, 0.1, then nothing", async () => {
    const history = ["similarity_search", "reason", "kg_query", "infer_rules"].map((t) => used(t));
    const d = await decideFor("learn about the sun", { ...known, history });
    expect(alt(d, "similarity_search")!.score!.recencyPenalty).toBe(0.4);
    expect(alt(d, "reason")!.score!.recencyPenalty).toBe(0.2);
    expect(alt(d, "kg_query")!.score!.recencyPenalty).toBe(0.1);
    expect(alt(d, "infer_rules")!.score!.recencyPenalty).toBe(0);
    expect(alt(d, "gap_analysis")!.score!.recencyPenalty).toBe(0);
    // Used tools lose novelty; other goals' history does not count.
    expect(alt(d, "infer_rules")!.score!.noveltyBonus).toBe(0);
    const other = await decideFor("learn about the sun", { ...known, history: [used("reason", "goal:other")] });
    expect(alt(other, "reason")!.score!.recencyPenalty).toBe(0);
  });

  it("formats the breakdown string", () => {
    const line = formatBreakdown({ total: 0.85, base: 0.8, recencyPenalty: 0, noveltyBonus: 0.15, episodicBonus: 0, pressureBonus: 0, archetypeBonus: 0.03, planBonus: 0 });
    expect(line).toBe("[score=0.85: base=0.80 recency=-0.00 novelty=+0.15 episodic=+0.00 pressure=+0.00 archetype=+0.030]");
    expect(formatBreakdown({ total: 0.5, base: 0.2, recencyPenalty: 0.4, noveltyBonus: 0, episodicBonus: 0.2, pressureBonus: 0, archetypeBonus: -0.015, planBonus: 0.3 })).toBe(
      "[score=0.50: base=0.20 recency=-0.40 novelty=+0.00 episodic=+0.20 pressure=+0.00 archetype=-0.015 plan=+0.30]",
    );
  });

  it("applies the episodic, pressure and archetype terms", async () => {
    const psyche = { persona: undefined, shadow: undefined, integration: undefined, awakened: true, archetypes: { healer: 0.5, sage: 0.7, guardian: 0.4, explorer: 0.5 } };
    const d = await decideFor("learn about the sun", { ...known, episodes: [episode("Decide: tool=reason, goal=sun")], pressure: 0.85, psyche });
    expect(alt(d, "reason")!.score!.episodicBonus).toBe(0.2);
    expect(alt(d, "kg_query")!.score!.episodicBonus).toBe(0);
    expect(alt(d, "memory_recall")!.score!.pressureBonus).toBe(0.2);
    expect(alt(d, "kg_query")!.score!.pressureBonus).toBe(0);
    expect(alt(d, "reason")!.score!.archetypeBonus).toBeCloseTo(0.03, 12); // sage
    expect(alt(d, "similarity_search")!.score!.archetypeBonus).toBeCloseTo(-0.015, 12); // guardian
    expect(alt(d, "gap_analysis")!.score!.archetypeBonus).toBe(0); // healer at 0.5
    const calm = await decideFor("learn about the sun", { ...known, episodes: [episode("x")], pressure: 0.8 });
    expect(alt(calm, "memory_recall")!.score!.pressureBonus).toBe(0);
  });

  it("library - 'What did that paper say about gravity?' (the seed's example) picks library_search once the paper's facts are known", async () => {
    // The paper was ingested: the graph holds what it says, and orient activated its topic.
    const paper = { knowledge: [triple("relativity_paper", "mentions", "gravity"), triple("gravity", "is_a", "force")], inferences: [activated("gravity")] };
    const d = await decideFor("What did that paper say about gravity?", paper);
    expect(d.call!.toolName).toBe("library_search");
    expect(JSON.parse(d.call!.inputJson)).toEqual({ query: "What did that paper say about gravity?" });
    const s = alt(d, "library_search")!.score!;
    expect(s.method).toBe(ScoringMethod.VSA_SEMANTIC);
    expect(s.base).toBeCloseTo(0.8 * s.similarity!, 12);
    // Without facts the graph is the first place to look (kg_query's 0.8 for a near-empty graph), but the library clears its gate.
    const empty = await decideFor("What did that paper say about gravity?");
    expect(empty.call!.toolName).toBe("kg_query");
    expect(alt(empty, "library_search")!.score!.similarity!).toBeGreaterThan(0.5);
  });

  it("gates - the library tools gate at the seed's 0.50 (x0.80 search, x0.75 ingest), outward tools at 0.55 x 0.75", () => {
    const byName = new Map(BUILTIN_TOOLS.map((t) => [t.name, t]));
    expect([byName.get("library_search")!.vsaThreshold, byName.get("library_search")!.vsaMultiplier]).toEqual([0.5, 0.8]);
    expect([byName.get("content_ingest")!.vsaThreshold, byName.get("content_ingest")!.vsaMultiplier]).toEqual([0.5, 0.75]);
    for (const name of ["file_io", "http_fetch", "shell_exec", "user_interact"]) expect([byName.get(name)!.vsaThreshold, byName.get(name)!.vsaMultiplier], name).toEqual([0.55, 0.75]);
  });

  it("pressure - +0.2 for every consolidation tool (memory access) above 0.8, the seed's figures; other tools get nothing", async () => {
    // A note-saving tool of a user's: it works on memory, so it is a consolidation tool too.
    const saver: ToolDescriptor = { ...BUILTIN_TOOLS.find((t) => t.name === "memory_recall")!, name: "stash_note", keywords: ["note", "jot", "keep"], capabilities: [Capability.MEMORY_ACCESS], scoring: ScoringMethod.VSA_SEMANTIC, vsaThreshold: 0, requiredParams: [] };
    const full = await decideFor("learn about the sun", { ...known, episodes: [episode("x")], pressure: 0.81 }, [...BUILTIN_TOOLS, saver]);
    expect(alt(full, "memory_recall")!.score!.pressureBonus).toBe(0.2);
    expect(alt(full, "stash_note")!.score!.pressureBonus).toBe(0.2);
    for (const a of full.explanation!.alternatives.filter((x) => !["memory_recall", "stash_note"].includes(x.toolName))) expect(a.score!.pressureBonus, a.toolName).toBe(0);
    expect(full.explanation!.alternatives.find((a) => a.toolName === "memory_recall")!.score!.breakdown).toContain("pressure=+0.20");
    const nearlyFull = await decideFor("learn about the sun", { ...known, episodes: [episode("x")], pressure: 0.75 }, [...BUILTIN_TOOLS, saver]);
    expect(alt(nearlyFull, "memory_recall")!.score!.pressureBonus).toBe(0);
  });

  it("uses the core bases by state, the adaptive floors, and similarity gates", async () => {
    const empty = await decideFor("learn about the sun");
    expect(alt(empty, "kg_query")!.score!.base).toBe(0.8); // nothing known yet
    expect(alt(empty, "kg_query")!.score!.method).toBe(ScoringMethod.CORE_RULE);
    expect(empty.call!.toolName).toBe("kg_query");
    const withKnowledge = await decideFor("learn about the sun", known);
    expect(alt(withKnowledge, "kg_query")!.score!.base).toBe(0.4);
    expect(alt(withKnowledge, "reason")!.score!.base).toBe(0.5);
    const code = await decideFor("refactor the parser module", known);
    expect(alt(code, "kg_query")!.score!.base).toBe(0.7);
    expect(alt(code, "similarity_search")!.score!.base).toBe(0.25);
    const gap = alt(withKnowledge, "gap_analysis")!.score!;
    expect(gap.method).toBe(ScoringMethod.ADAPTIVE_FLOOR);
    expect(gap.base).toBeGreaterThanOrEqual(0.3);
    expect(gap.base).toBeLessThanOrEqual(0.75);
    const fetch = await decideFor("download https://example.org/rates.csv from the web");
    const f = alt(fetch, "http_fetch")!.score!;
    expect(f.method).toBe(ScoringMethod.VSA_SEMANTIC);
    expect(f.similarity!).toBeGreaterThan(0.55);
    expect(f.base).toBeCloseTo(0.75 * f.similarity!, 12);
    expect(alt(empty, "http_fetch")).toBeUndefined(); // below its gate
    expect(empty.explanation!.contextFactors.some((c) => /^excluded http_fetch: similarity 0\.\d+ does not clear its gate 0\.55/.test(c))).toBe(true);
  });
});

describe("better than the reference", () => {
  it("offers a tool only when its required parameters can be filled", async () => {
    const noUrl = await decideFor("download the latest exchange rates from the central bank website");
    expect(alt(noUrl, "http_fetch")).toBeUndefined();
    expect(noUrl.explanation!.contextFactors).toContain("excluded http_fetch: cannot fill required url from the goal or context");
    const withUrl = await decideFor("download the latest exchange rates from https://bank.example.org/rates.json");
    expect(JSON.parse(alt(withUrl, "http_fetch")!.inputJson)).toEqual({ url: "https://bank.example.org/rates.json" });
    // The topic comes from the prose, else the URL's last segment; never "https".
    expect(JSON.parse(alt(withUrl, "kg_query")!.inputJson).symbol).toBe("latest");
    const bare = await decideFor("download https://example.org/rates.json");
    expect(JSON.parse(alt(bare, "kg_query")!.inputJson).symbol).toBe("rates");
    // Core tools need their context: no knowledge, no reason; no episodes, no recall.
    expect(alt(noUrl, "reason")).toBeUndefined();
    expect(alt(noUrl, "memory_recall")).toBeUndefined();
  });

  it("memory_recall - a goal's words are query enough: recall is a candidate without any symbol to recall by", async () => {
    const d = await decideFor("what did the payroll file say about salary", { episodes: [episode("read payroll.csv: name,role,salary alice,engineer,85000", [])] });
    expect(JSON.parse(alt(d, "memory_recall")!.inputJson)).toEqual({ query: "what did the payroll file say about salary", top_k: 3 });
    const withSymbols = await decideFor("learn about the sun", { ...known, episodes: [episode("the sun is a star")] });
    expect(JSON.parse(alt(withSymbols, "memory_recall")!.inputJson)).toEqual({ query: "learn about the sun", query_symbols: ["sun"], top_k: 3 });
  });

  it("gives the active plan's next step a bonus, so the plan drives the choice", async () => {
    const plan: Plan = {
      goalId: "goal:1",
      status: PlanStatus.ACTIVE,
      attempt: 0,
      strategy: "",
      strategies: [],
      ordering: 1,
      hasSideEffects: false,
      confirmed: false,
      risks: [],
      estimatedDurationMs: 0,
      createdAtUnixMs: 0,
      failureReason: "",
      steps: [
        { index: 0, toolName: "kg_query", toolInputJson: '{"symbol":"sun"}', rationale: "", description: "", status: StepStatus.COMPLETED, statusReason: "", dependsOn: [], canFail: false, fallback: undefined, expectedEffects: [], hasSideEffects: false },
        { index: 1, toolName: "infer_rules", toolInputJson: "", rationale: "", description: "", status: StepStatus.PENDING, statusReason: "", dependsOn: [0], canFail: false, fallback: undefined, expectedEffects: [], hasSideEffects: false },
      ],
    };
    const without = await decideFor("learn about the sun", known);
    expect(without.call!.toolName).toBe("similarity_search");
    const d = await decideFor("learn about the sun", { ...known, plan });
    expect(d.call!.toolName).toBe("infer_rules");
    expect(d.planStepIndex).toBe(1);
    expect(d.score!.planBonus).toBe(0.3);
    expect(d.score!.breakdown).toMatch(/ plan=\+0\.30\]$/);
    expect(d.explanation!.reasoning).toContain("step 1 of the active plan");
  });

  it("breaks ties deterministically by tool name and lists every candidate ranked", async () => {
    const twin = (name: string): ToolDescriptor => ({ ...BUILTIN_TOOLS.find((t) => t.name === "http_fetch")!, name });
    // Single-letter name parts are not content words, so the three profiles are identical.
    const d = await decideFor("download https://example.org/a.json from the web", {}, [twin("fetch_c"), twin("fetch_a"), twin("fetch_b")]);
    expect(d.explanation!.alternatives.map((a) => a.toolName)).toEqual(["fetch_a", "fetch_b", "fetch_c"]);
    expect(d.explanation!.alternatives.map((a) => a.rank)).toEqual([0, 1, 2]);
    expect(d.impasse!.kind).toBe(ImpasseKind.TIE);
    expect(d.impasse!.tiedTools).toEqual(["fetch_a", "fetch_b", "fetch_c"]);
    expect(d.explanation!.confidence).toBeCloseTo(d.score!.total / 2, 12);
    for (const a of d.explanation!.alternatives) expect(a.score!.breakdown).toMatch(/^\[score=\d\.\d\d: base=/);
  });

  it("works on the first unblocked active goal and says why it skipped others", async () => {
    const blocked = goal("deploy the site", { symbolId: "goal:a", blockedBy: ["goal:b"] });
    const open = goal("learn about the sun", { symbolId: "goal:b" });
    const d = await decideFor(open, { goals: [blocked, open] });
    expect(d.goalId).toBe("goal:b");
    expect(d.goalSwitchReason).toBe("skipped goal:a (blocked by goal:b)");
  });
});

describe("impasse detection", () => {
  const ranked = (...totals: number[]) => totals.map((total, i) => ({ tool: `t${i}`, total }));
  it("reports none, all-below-threshold and tie as specified", () => {
    expect(detectImpasse(ranked(0.8, 0.3))).toBeUndefined();
    expect(detectImpasse(ranked(0.1, 0.05))!.kind).toBe(ImpasseKind.ALL_BELOW_THRESHOLD);
    expect(detectImpasse(ranked(0.1, 0.05))!.threshold).toBe(0.15);
    const tie = detectImpasse(ranked(0.5, 0.495, 0.2))!;
    expect(tie.kind).toBe(ImpasseKind.TIE);
    expect(tie.tiedTools).toEqual(["t0", "t1"]);
    expect(detectImpasse([])!.kind).toBe(ImpasseKind.NO_CANDIDATES);
  });
});

describe("bad input", () => {
  it("names what is wrong", async () => {
    await expect(handlers.decide({ ...decideRequest("x"), orientation: undefined }, ctx)).rejects.toThrow(/DecideRequest\.orientation\.observation is required/);
    const dup = [BUILTIN_TOOLS[0]!, BUILTIN_TOOLS[0]!];
    await expect(handlers.decide({ ...decideRequest("x"), tools: dup }, ctx)).rejects.toThrow(/tools\[1\]\.name: "kg_query" appears twice/);
    const bad = [{ ...BUILTIN_TOOLS[7]!, vsaThreshold: 1.5 }];
    await expect(handlers.decide({ ...decideRequest("x"), tools: bad }, ctx)).rejects.toThrow(/tools\[0\]\.vsa_threshold: 1\.5 is outside \[0, 1\]/);
    const noGoal = decideRequest(goal("x", { status: 3 }));
    await expect(handlers.decide(noGoal, ctx)).rejects.toThrow(/no active goal/);
  });

  it("uses the archetype of the descriptor", async () => {
    expect(BUILTIN_TOOLS.find((t) => t.name === "kg_query")!.archetype).toBe(Archetype.SAGE);
  });
});
