/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Functions passed to page.evaluate / waitForFunction run in the browser.
import { AgentState, ApprovalVerdict, GoalStatus } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage } from "./chromium.js";
import { startConsoleFixture, type ConsoleFixture } from "./console-fixture.js";

// A goal that states a fact: its plan is put to the person, then the write to the graph needs approval.
const NOTE = "Note that a whale eats plankton";

describe("console page - approvals answered on the page (embedded stack, console server, headless chromium)", () => {
  let f: ConsoleFixture;

  beforeAll(async () => {
    f = await startConsoleFixture("approval");
  }, 60_000);

  afterAll(async () => {
    // A run still waiting on a request: deny it, so the stack stops at once.
    for (const agentId of ["whale", "paused"]) {
      const { requests } = (await f?.stack.agents.listApprovals({ agentId }).catch(() => undefined)) ?? { requests: [] };
      for (const r of requests) await f.stack.agents.resolveApproval({ decision: { approvalId: r.id, agentId, verdict: ApprovalVerdict.DENY, answeredBy: "test", comment: "no" } } as never);
    }
    await f?.dispose();
  }, 60_000);

  it("approval - the pending request shows its preview as text; Approve on the page lets the run go on until the goal completes", async () => {
    await f.stack.agents.createAgent({ agentId: "whale", goals: [{ description: NOTE, successCriteria: "", blockedBy: [], parentId: "" }] } as never);
    const { page, problems } = await openPage(f.browser, `${f.console.url}#agent=whale`);
    await page.waitForSelector('.connection[data-state="live"]', { timeout: 10_000 });
    await f.stack.agents.startAgent({ agentId: "whale", goals: [] } as never);

    const answered: string[] = [];
    // Each request the agent makes is answered from the page, until the goal is done.
    while (answered.length < 5) {
      const next = await page.waitForFunction(
        () => document.querySelector(".approval")?.getAttribute("data-approval") ?? (document.querySelector('.goal[data-status="completed"]') ? "done" : false),
        { timeout: 30_000 },
      );
      const id = (await next.jsonValue()) as string;
      if (id === "done") break;
      const card = (await page.$(`.approval[data-approval="${id}"]`))!;
      answered.push(await card.$eval("header code", (el) => el.textContent ?? ""));
      const preview = await card.$eval(".preview", (el) => el.textContent ?? "");
      expect(preview).toContain("whale");
      const pending = await f.stack.agents.listApprovals({ agentId: "whale" });
      expect(pending.requests.map((r) => r.id)).toContain(id);
      // The plan's confirmation is a question to the person: the answer typed is what the agent gets.
      const answer = await card.$('input[name="answer"]');
      if (answer) {
        await answer.click({ count: 3 });
        await answer.type("yes");
      }
      await card.$eval("button.approve", (b) => (b as HTMLButtonElement).click());
      await page.waitForFunction((gone) => !document.querySelector(`.approval[data-approval="${gone}"]`), { timeout: 15_000 }, id);
    }

    // The plan's confirmation (a question), then the write it confirmed.
    expect(answered).toEqual(["user_interact", "kg_mutate"]);
    await page.waitForSelector('.goal[data-status="completed"]', { timeout: 30_000 });
    const { goals } = await f.stack.agents.listGoals({ agentId: "whale", statuses: [] });
    expect(goals.find((g) => g.description === NOTE)?.status).toBe(GoalStatus.COMPLETED);
    expect((await f.stack.agents.listApprovals({ agentId: "whale" })).requests).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("pause and resume - selected from the agent list; Pause while the agent waits on a question stops it after that cycle; Resume on the page carries on to the next request", async () => {
    const agentId = "paused";
    // A fact the graph lacks (the test above added the whale's): cycle 1 explores and asks, the write comes in a later cycle.
    await f.stack.agents.createAgent({ agentId, goals: [{ description: "Note that a dolphin eats fish", successCriteria: "", blockedBy: [], parentId: "" }] } as never);
    // Opened on the other agent; a click in the agent list switches every panel to this one.
    const { page, problems } = await openPage(f.browser, `${f.console.url}#agent=whale`);
    await page.waitForSelector(`button.agent[data-agent="${agentId}"]`, { timeout: 10_000 });
    await page.click(`button.agent[data-agent="${agentId}"]`);
    await page.waitForSelector(`button.agent.selected[data-agent="${agentId}"]`, { timeout: 10_000 });
    await page.waitForFunction(() => [...document.querySelectorAll(".goal-description")].map((g) => g.textContent).join() === "Note that a dolphin eats fish", { timeout: 10_000 });
    expect(await page.evaluate(() => location.hash)).toBe(`#agent=${agentId}`);
    await page.waitForSelector('.connection[data-state="live"]', { timeout: 10_000 });
    await page.click('button[data-action="start"]');
    await page.waitForSelector(".approval", { timeout: 30_000 });
    await page.waitForSelector('button[data-action="pause"]:not([disabled])', { timeout: 10_000 });
    // Answered only once the controller has taken the pause (the page's POST came back).
    const paused = page.waitForResponse((r) => r.url().endsWith(`/api/agents/${agentId}/pause`) && r.ok(), { timeout: 10_000 });
    await page.click('button[data-action="pause"]');
    await paused;

    // The question is answered elsewhere: the cycle ends, and the agent stays paused instead of starting the next.
    const { requests } = await f.stack.agents.listApprovals({ agentId });
    expect(requests.map((r) => r.toolName)).toEqual(["user_interact"]);
    await f.stack.agents.resolveApproval({ decision: { approvalId: requests[0]!.id, agentId, verdict: ApprovalVerdict.APPROVE, answeredBy: "test", comment: "yes" } } as never);
    await page.waitForSelector('[data-agent-state="AGENT_STATE_PAUSED"]', { timeout: 20_000 });
    expect((await f.stack.agents.getAgent({ agentId })).agent?.state).toBe(AgentState.PAUSED);
    expect(await page.$(".approval")).toBeNull();
    const cyclesWhilePaused = await page.$$eval(".cycle", (rows) => rows.length);

    await page.click('button[data-action="resume"]');
    await page.waitForSelector(".approval", { timeout: 30_000 });
    expect(await page.$eval(".approval header code", (el) => el.textContent)).toBe("kg_mutate");
    expect(await page.$$eval(".cycle", (rows) => rows.length)).toBeGreaterThan(cyclesWhilePaused);
    expect(problems).toEqual([]);
  });
});
