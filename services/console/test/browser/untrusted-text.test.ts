/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Functions passed to page.evaluate / waitForFunction run in the browser.
import { ApprovalVerdict } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage } from "./chromium.js";
import { startConsoleFixture, type ConsoleFixture } from "./console-fixture.js";

const AGENT = "untrusted";
// Markup that would run script or add elements if it were ever parsed as HTML, and control characters that would hide or reorder text.
const NAME = `<script>window.__pwned = "name"</script><b>bold</b>`;
const GOAL = `Note that a <img src=x onerror="window.__pwned='goal'"> eats <i>plankton</i>\u001b[2K\u202e`;
const GOAL_SHOWN = `Note that a <img src=x onerror="window.__pwned='goal'"> eats <i>plankton</i>\\u001b[2K\\u202e`;

/** Code points of control characters (other than newline and tab) and bidi/line separators in a text. */
function rawControls(text: string): number[] {
  const hidden = (c: number) => (c < 0x20 && c !== 0x0a && c !== 0x09) || (c >= 0x7f && c <= 0x9f) || (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
  return [...text].map((ch) => ch.codePointAt(0) ?? 0).filter(hidden);
}

describe("console page - agent data shown as text, never as markup (embedded stack, headless chromium)", () => {
  let f: ConsoleFixture;

  beforeAll(async () => {
    f = await startConsoleFixture("untrusted");
  }, 60_000);

  afterAll(async () => {
    // The run waits on the question: deny it, so the stack stops at once.
    const { requests } = (await f?.stack.agents.listApprovals({ agentId: AGENT })) ?? { requests: [] };
    for (const r of requests) await f.stack.agents.resolveApproval({ decision: { approvalId: r.id, agentId: AGENT, verdict: ApprovalVerdict.DENY, answeredBy: "test", comment: "no" } } as never);
    await f?.dispose();
  }, 60_000);

  /** Elements the page never makes itself: any of them in the dashboard came from agent data. */
  const injected = () => document.querySelectorAll(".dashboard img, .dashboard script, .dashboard b, .dashboard i, .top script").length;

  it("xss - a goal added from the page's form and the approval it leads to show markup and control characters as text; no element is injected, no script runs; Deny answers it", async () => {
    await f.stack.agents.createAgent({ agentId: AGENT, name: NAME, goals: [] } as never);
    const { page, problems } = await openPage(f.browser, `${f.console.url}#agent=${AGENT}`);
    await page.waitForSelector('.connection[data-state="live"]', { timeout: 10_000 });

    // The form, as a person fills it (the control characters pasted in).
    await page.$eval('input[name="description"]', (el, text) => {
      (el as HTMLInputElement).value = text;
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, GOAL);
    await page.click(".add-goal button[type=submit]");
    await page.waitForSelector(".goal", { timeout: 10_000 });
    expect(await page.$eval(".goal-description", (el) => el.textContent)).toBe(GOAL_SHOWN);
    expect(await page.$eval(`button.agent[data-agent="${AGENT}"] .agent-name`, (el) => el.textContent)).toBe(NAME);

    // The plan's confirmation quotes the goal: its preview is text too.
    await f.stack.agents.startAgent({ agentId: AGENT, goals: [] } as never);
    await page.waitForSelector(".approval .preview", { timeout: 30_000 });
    const preview = await page.$eval(".approval .preview", (el) => el.textContent ?? "");
    expect(preview).toContain(`<img src=x onerror="window.__pwned='goal'">`);
    // (act escapes the control characters of its previews itself; none reaches the page raw.)
    expect(rawControls(preview)).toEqual([]);

    expect(await page.evaluate(injected)).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(problems).toEqual([]);

    // Deny on the page: the request is gone from the page and from the server.
    await page.click(".approval button.deny");
    await page.waitForFunction(() => !document.querySelector(".approval"), { timeout: 15_000 });
    expect((await f.stack.agents.listApprovals({ agentId: AGENT })).requests).toEqual([]);
  });
});
