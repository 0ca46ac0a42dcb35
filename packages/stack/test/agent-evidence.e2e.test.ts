/**
 * The reproductions, run as a user runs them: a whole stack, a
 * fresh agent per goal, cautious approvals (so a write the agent chose
 * would really happen). Nothing is completed without evidence, nothing is
 * written to meet a goal, and what completes carries its proof.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@boyd/bus";
import { AnswerKind, ApprovalMode, GoalStatus, IngestFormat, OrientServiceDefinition, type Goal } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../src/index.js";

const FACTS = [
  "subject,predicate,object",
  "phobos,orbits,mars",
  "deimos,orbits,mars",
  "mars,orbits,sun",
  "venus,orbits,sun",
  "dog,is-a,mammal",
  "mammal,is-a,vertebrate",
  "salmon,is-a,fish",
  "fish,is-a,vertebrate",
  "carol,reports_to,bob",
  "bob,reports_to,alice",
  "carol,works_at,acme_corp",
  "bob,works_at,acme_corp",
  "eur,rate_usd,7.08",
  "lufthansa,founded,1953",
  "klm,founded,1919",
].join("\n");

describe("goals met only by evidence, end to end", () => {
  let dir: string;
  let stack: Stack;
  let orient: ReturnType<typeof createClient<typeof OrientServiceDefinition>>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-evidence-"));
    stack = await startStack({ dataDir: dir });
    orient = createClient(stack.transport, OrientServiceDefinition, { timeoutMs: 30_000 });
    await orient.ingest({ agentId: "t", format: IngestFormat.CSV, source: { $case: "content", value: Buffer.from(FACTS) }, sourceLabel: "facts.csv" });
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  let n = 0;
  async function run(description: string, successCriteria = ""): Promise<{ goal: Goal; written: string[] }> {
    const agentId = `e${++n}`;
    await stack.agents.createAgent({
      agentId,
      config: { maxCycles: 6, defaultStallThreshold: 3, confirmSideEffectPlans: false, approvalMode: ApprovalMode.CAUTIOUS, approvalTimeoutMs: 500, toolTimeoutMs: 2_000 },
      goals: [{ description, successCriteria, blockedBy: [] }],
    });
    const { report } = await stack.agents.run({ agentId, maxCycles: 6 });
    const all = await orient.query({ agentId: "t", subject: "", predicate: "", object: "", termsAreLabels: false, minConfidence: 0, limit: 1_000, pageToken: "" });
    const written = all.triples.filter((t) => t.source.startsWith(`agent:${agentId}:`)).map((t) => `${t.subject} ${t.predicate} ${t.object}`);
    return { goal: report!.goals.find((g) => !g.parentId)!, written };
  }

  it("a dog is not a fish: never completed, the answer is unknown", async () => {
    const { goal, written } = await run("Find out whether a dog is a fish", "fish");
    expect(goal.status).not.toBe(GoalStatus.COMPLETED);
    expect(goal.answers?.kind).toBe(AnswerKind.UNKNOWN);
    expect(written).toEqual([]);
  });

  it("nothing orbits Venus: naming Phobos does not complete the goal", async () => {
    const { goal, written } = await run("Find the moons that orbit Venus", "phobos");
    expect(goal.status).not.toBe(GoalStatus.COMPLETED);
    expect(written).toEqual([]);
  });

  it("1.08 is not 7.08, nor is 08", async () => {
    expect((await run("What is the USD rate of EUR?", "1.08")).goal.status).not.toBe(GoalStatus.COMPLETED);
    expect((await run("What is the USD rate of EUR?", "08")).goal.status).not.toBe(GoalStatus.COMPLETED);
    const met = await run("What is the USD rate of EUR?", "7.08");
    expect(met.goal.status).toBe(GoalStatus.COMPLETED);
  });

  it("a yes/no goal the graph proves the other way fails at once, the proof in its reason; the right criterion completes it", async () => {
    const { goal, written } = await run("Was Lufthansa founded after 1960?", "yes");
    expect(goal.status).toBe(GoalStatus.FAILED);
    expect(goal.statusReason).toBe("the graph answers no, not yes: lufthansa founded 1953 (facts.csv:15)");
    // Failed on the first cycle that read the answer, not after stalling.
    expect(goal.cyclesWorked).toBe(1);
    expect(written).toEqual([]);
    expect((await run("Was Lufthansa founded after 1960?", "no")).goal.status).toBe(GoalStatus.COMPLETED);
    expect((await run("Is KLM older than Lufthansa?", "yes")).goal.status).toBe(GoalStatus.COMPLETED);
    // Unknown refutes nothing: the goal runs until it stalls.
    const unknown = await run("Is KLM older than Iberia?", "yes");
    expect(unknown.goal.status).not.toBe(GoalStatus.COMPLETED);
    expect(unknown.goal.statusReason).not.toContain("the graph answers");
  });

  it("Carol's goal completes only from the reports_to fact, with its proof; 'supervisor' is never written", async () => {
    const decoy = await run("Find out who Carol reports to", "supervisor");
    expect(decoy.goal.status).not.toBe(GoalStatus.COMPLETED);
    expect(decoy.written).toEqual([]);
    const { goal } = await run("Find out who Carol reports to");
    expect(goal.status).toBe(GoalStatus.COMPLETED);
    expect(goal.answers!.answers.map((a) => a.symbolId)).toEqual(["bob"]);
    expect(goal.proof!.summary).toBe("carol reports_to bob (facts.csv:10)");
  });
});
