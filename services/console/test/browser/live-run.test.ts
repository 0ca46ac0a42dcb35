/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Functions passed to page.evaluate / waitForFunction run in the browser.
import { GoalStatus } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage } from "./chromium.js";
import { startConsoleFixture, type ConsoleFixture } from "./console-fixture.js";

const MARS = "Find the moons that orbit Mars";
const SATURN = "Find which moons of Saturn have a subsurface ocean";

describe("console page - a run seen live (embedded stack, console server, headless chromium)", () => {
  let f: ConsoleFixture;

  beforeAll(async () => {
    f = await startConsoleFixture("live");
  }, 60_000);

  afterAll(async () => {
    await f?.dispose();
  }, 60_000);

  it("page - loads with no console errors, follows the first agent created after it opened; started from its Start button the run's cycles appear live and both goals turn completed with their proofs; plan steps and reflections shown", async () => {
    // Opened before any agent exists, as right after `boyd up`.
    const { page, problems } = await openPage(f.browser, f.console.url);
    await page.waitForSelector(".agents", { timeout: 10_000 });
    expect(await page.$$eval("button.agent", (b) => b.length)).toBe(0);
    await f.stack.agents.createAgent({
      agentId: "solar",
      // Reflection after every cycle, so the run has reflections to show.
      config: { reflection: { reflectEveryNCycles: 1 } },
      goals: [
        { description: MARS, successCriteria: "phobos, deimos", blockedBy: [], parentId: "" },
        { description: SATURN, successCriteria: "enceladus, subsurface water", blockedBy: [], parentId: "" },
      ],
    } as never);
    // The page polls the agent list every 5 s.
    await page.waitForSelector('button.agent.selected[data-agent="solar"]', { timeout: 20_000 });
    await page.waitForSelector('.connection[data-state="live"]', { timeout: 10_000 });
    await page.waitForSelector('.goal[data-status="active"]', { timeout: 10_000 });
    // Nothing has run yet: what appears below arrives over the open event stream.
    expect(await page.$$eval(".cycle", (rows) => rows.length)).toBe(0);

    await page.click('button[data-action="start"]');
    await page.waitForFunction(() => document.querySelectorAll('.goal[data-status="completed"]').length === 2, { timeout: 30_000 });
    await page.waitForFunction(() => [...document.querySelectorAll(".cycle")].some((row) => row.getAttribute("data-finished") === "true" && row.querySelector(".segment")), { timeout: 10_000 });

    const { goals } = await f.stack.agents.listGoals({ agentId: "solar", statuses: [] });
    expect(goals.map((g) => g.status)).toEqual([GoalStatus.COMPLETED, GoalStatus.COMPLETED]);
    const agent = (await f.stack.agents.getAgent({ agentId: "solar" })).agent!;
    const shown = await page.$$eval(".cycle", (rows) => rows.map((r) => Number(r.getAttribute("data-cycle"))).sort((a, b) => a - b));
    expect(shown).toEqual(Array.from({ length: Number(agent.cycleCount) }, (_, i) => i + 1));

    const mars = await page.$eval(`.goal[data-goal="goal:${MARS}"]`, (el) => el.textContent ?? "");
    expect(mars).toContain("answer: deimos, phobos");
    expect(mars).toContain("phobos orbits mars (inline:23)");
    // The graph around the focus goal is drawn, with the facts of the last decision highlighted.
    await page.waitForFunction(() => Number(document.querySelector(".graph-canvas")?.getAttribute("data-highlighted")) > 0, { timeout: 10_000 });
    expect(await page.$$eval(".graph-canvas canvas", (c) => c.length)).toBeGreaterThan(0);
    // The plan's steps and the reflections, from their events.
    expect(await page.$$eval(".plan .steps li", (steps) => steps.length)).toBeGreaterThan(0);
    expect(await page.$$eval(".reflection", (r) => r.length)).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it("page - a person creates an agent with the New agent form: listed and selected at once, idle, with its goal; its Start runs it to the answer; a taken id is refused with the server's reason", async () => {
    const { page, problems } = await openPage(f.browser, f.console.url);
    await page.waitForSelector("form.create-agent", { timeout: 10_000 });
    await page.type('form.create-agent input[name="agent-id"]', "made-here");
    await page.type('form.create-agent input[name="goal"]', MARS);
    await page.type('form.create-agent input[name="goal-criteria"]', "phobos, deimos");
    await page.click('form.create-agent button[type="submit"]');
    // No wait for the 5 s poll: the page lists and follows what it created.
    await page.waitForSelector('button.agent.selected[data-agent="made-here"]', { timeout: 3_000 });
    await page.waitForSelector(`.goal[data-goal="goal:${MARS}"][data-status="active"]`, { timeout: 10_000 });
    expect(await page.$eval('form.create-agent input[name="agent-id"]', (el) => (el as HTMLInputElement).value)).toBe("");
    expect((await f.stack.agents.getAgent({ agentId: "made-here" })).agent).toMatchObject({ started: false, activeGoals: 1 });

    await page.click('button[data-action="start"]');
    await page.waitForSelector(`.goal[data-goal="goal:${MARS}"][data-status="completed"]`, { timeout: 30_000 });
    expect(await page.$eval(`.goal[data-goal="goal:${MARS}"]`, (el) => el.textContent ?? "")).toContain("answer: deimos, phobos");

    await page.type('form.create-agent input[name="agent-id"]', "made-here");
    await page.click('form.create-agent button[type="submit"]');
    await page.waitForFunction(
      () => {
        const notice = document.querySelector(".notice")?.textContent ?? "";
        return notice.startsWith("create agent:") && notice.includes("made-here");
      },
      { timeout: 5_000 },
    );
    expect(await page.$eval('form.create-agent input[name="agent-id"]', (el) => (el as HTMLInputElement).value)).toBe("made-here");
    // The refusal is the one expected console line (the browser logs the 409); nothing else went wrong.
    expect(problems.filter((p) => !/409/.test(p))).toEqual([]);
  });
});
