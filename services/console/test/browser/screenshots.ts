/// <reference lib="dom" />
/**
 * Takes the README's screenshots of the console with headless Chromium, from
 * a real run (the solar-system goals of the README) and a real pending
 * approval:
 *
 *   pnpm exec tsx services/console/test/browser/screenshots.ts docs
 *
 * writes docs/console.png and docs/console-approval.png.
 */
import { join, resolve } from "node:path";
import { AgentState } from "@boyd/proto";
import type { Page } from "puppeteer-core";
import { openPage } from "./chromium.js";
import { startConsoleFixture, type ConsoleFixture } from "./console-fixture.js";

const VIEWPORT = { width: 1360, height: 900 };

const goal = (description: string, successCriteria: string) => ({ description, successCriteria, blockedBy: [], parentId: "" });

async function stopped(f: ConsoleFixture, agentId: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if ((await f.stack.agents.getAgent({ agentId })).agent?.state === AgentState.STOPPED) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`agent ${agentId} did not stop within 30 s`);
}

async function shoot(page: Page, path: string): Promise<void> {
  // The agent list refreshes shortly after the last event; let it and the graph's layout settle.
  await new Promise((r) => setTimeout(r, 1_500));
  await page.screenshot({ path: path as `${string}.png`, type: "png" });
  process.stdout.write(`wrote ${path}\n`);
}

async function main(outDir: string): Promise<void> {
  const f = await startConsoleFixture("screenshots");
  try {
    await f.stack.agents.createAgent({
      agentId: "solar",
      name: "solar",
      config: { reflection: { reflectEveryNCycles: 2 } },
      goals: [
        goal("Find the moons that orbit Mars", "phobos, deimos"),
        goal("Find which moons of Saturn have a subsurface ocean", "enceladus, subsurface water"),
        goal("Find the moons of Mars, and the moons of Jupiter", "phobos, deimos, europa, ganymede"),
      ],
    } as never);
    await f.stack.agents.createAgent({ agentId: "whale", name: "whale", goals: [goal("Note that a whale eats plankton", "")] } as never);
    await f.stack.agents.startAgent({ agentId: "solar", goals: [] } as never);
    await stopped(f, "solar");

    const { page } = await openPage(f.browser, `${f.console.url}#agent=solar`);
    await page.setViewport(VIEWPORT);
    await page.waitForFunction(() => document.querySelectorAll('.goal[data-status="completed"]').length >= 3, { timeout: 30_000 });
    await shoot(page, join(outDir, "console.png"));

    await page.click('button.agent[data-agent="whale"]');
    await page.waitForSelector('.connection[data-state="live"]', { timeout: 10_000 });
    await page.click('button[data-action="start"]');
    await page.waitForSelector(".approval", { timeout: 30_000 });
    await shoot(page, join(outDir, "console-approval.png"));
  } finally {
    await f.dispose();
  }
}

await main(resolve(process.argv[2] ?? "docs"));
