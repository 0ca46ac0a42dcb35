/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Functions passed to page.evaluate / waitForFunction run in the browser.
import { AgentState } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openPage } from "./chromium.js";
import { startConsoleFixture, type ConsoleFixture } from "./console-fixture.js";

const AGENT = "returning";
const MARS = "Find the moons that orbit Mars";
const SATURN = "Find which moons of Saturn have a subsurface ocean";

describe("console page - reconnecting after the console server restarts (embedded stack, headless chromium)", () => {
  let f: ConsoleFixture;

  beforeAll(async () => {
    f = await startConsoleFixture("reconnect");
  }, 60_000);

  afterAll(async () => {
    await f?.dispose();
  }, 60_000);

  async function runToTheEnd(): Promise<void> {
    await f.stack.agents.startAgent({ agentId: AGENT, goals: [] } as never);
    await vi.waitFor(async () => expect((await f.stack.agents.getAgent({ agentId: AGENT })).agent?.state).toBe(AgentState.STOPPED), { timeout: 30_000, interval: 100 });
  }

  it("reconnect - the page replays what happened while the server was down, from its last sequence (a manual reconnect asks with from_seq), each event once", async () => {
    // Every sequence the agent publishes, as the stack sees them.
    const published = new Set<number>();
    f.stack.events.subscribe({ agentId: AGENT }, (e) => {
      published.add(Number(e.sequence));
    });
    await f.stack.agents.createAgent({ agentId: AGENT, goals: [{ description: MARS, successCriteria: "phobos, deimos", blockedBy: [], parentId: "" }] } as never);
    const { page, problems } = await openPage(f.browser, `${f.console.url}#agent=${AGENT}`);
    const streams: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes(`/api/agents/${AGENT}/events`)) streams.push(r.url());
    });
    await page.waitForSelector('.connection[data-state="live"]', { timeout: 10_000 });
    await runToTheEnd();
    await page.waitForSelector('.goal[data-status="completed"]', { timeout: 30_000 });
    const seenBefore = await page.$eval(".event-log", (el) => Number(el.getAttribute("data-event-count")));
    const lastBefore = Math.max(...published);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => document.body.setAttribute("data-before-restart", "yes"));

    await f.restartConsole(async () => {
      // The indicator says the stream is down, while the agent works on without it.
      await page.waitForSelector('.connection:not([data-state="live"])', { timeout: 10_000 });
      // A person clicks reconnect while the server is down: the page asks again from the sequence after the last it has.
      await page.click(".connection button");
      await f.stack.agents.addGoal({ agentId: AGENT, goal: { description: SATURN, successCriteria: "enceladus, subsurface water", blockedBy: [], parentId: "" } } as never);
      await runToTheEnd();
    });

    await page.waitForSelector('.connection[data-state="live"]', { timeout: 20_000 });
    await page.waitForFunction(() => document.querySelectorAll('.goal[data-status="completed"]').length === 2, { timeout: 20_000 });
    await page.waitForFunction((n) => Number(document.querySelector(".event-log")?.getAttribute("data-event-count")) === n, { timeout: 10_000 }, published.size);
    expect(published.size).toBeGreaterThan(seenBefore);
    expect(streams.some((url) => url.endsWith(`?from_seq=${lastBefore + 1}`))).toBe(true);
    expect(await page.$eval("body", (b) => b.getAttribute("data-before-restart"))).toBe("yes");
    // Once each: the log's sequences and the timeline's cycles are distinct, and the cycles are all of them.
    const logged = await page.$$eval(".event-log li", (rows) => rows.map((r) => Number(r.getAttribute("data-seq"))));
    expect(new Set(logged).size).toBe(logged.length);
    expect(logged.every((s) => published.has(s))).toBe(true);
    const cycles = await page.$$eval(".cycle", (rows) => rows.map((r) => Number(r.getAttribute("data-cycle"))).sort((a, b) => a - b));
    const agent = (await f.stack.agents.getAgent({ agentId: AGENT })).agent!;
    expect(cycles).toEqual(Array.from({ length: Number(agent.cycleCount) }, (_, i) => i + 1));
    expect(await page.$eval(".connection", (el) => el.textContent)).toContain(`seq ${Math.max(...published)}`);
    // Connection failures while the server was down are expected; nothing may have thrown.
    expect(problems.filter((p) => p.startsWith("page error"))).toEqual([]);
  });
});
