/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Functions passed to page.evaluate / waitForFunction run in the browser.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startController, type Controller } from "@boyd/controller";
import { startStack, type Stack } from "@boyd/stack";
import { makeTestPki, type TestPki } from "@boyd/testkit";
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureConsoleAssets, startConsole, type RunningConsole } from "../../src/index.js";
import { launchChromium, openPage } from "./chromium.js";

// The controller demands a token and serves TLS with a private CA, as deployed; the page logs in with that token.
const TOKEN = "console-browser-token-0123456789abcdef";

describe("console page - the login form when the API needs a token (controller with TLS and a token, headless chromium)", () => {
  let pki: TestPki;
  let dir: string;
  let stack: Stack;
  let controller: Controller;
  let server: RunningConsole;
  let browser: Browser;

  beforeAll(async () => {
    pki = makeTestPki();
    const ca = pki.ca("ca");
    const cert = pki.issue("server", { ca, dns: ["localhost"], ips: ["127.0.0.1"], usage: "server" });
    dir = await mkdtemp(join(tmpdir(), "boyd-console-login-"));
    stack = await startStack({ dataDir: join(dir, "data"), services: ["observe", "orient", "decide", "act", "memory"] });
    controller = await startController({
      transport: stack.transport,
      events: stack.events,
      grpc: { address: "127.0.0.1:0", tls: { cert: cert.certPem, key: cert.keyPem }, auth: { tokens: [TOKEN] } },
    });
    await stack.agents.createAgent({ agentId: "guarded", goals: [{ description: "Find the moons that orbit Mars" }] } as never);
    server = await startConsole({ listen: "127.0.0.1:0", grpcTarget: `localhost:${controller.grpc!.port}`, tls: { ca: ca.certPem }, assetsDir: await ensureConsoleAssets() });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await controller?.stop();
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
    pki?.dispose();
  }, 60_000);

  it("login - the form first; a wrong token is refused with a message, the right one opens the console, a reload stays signed in, and Sign out ends the session", async () => {
    const { page, problems } = await openPage(browser, server.url);
    await page.waitForSelector("form.login", { timeout: 10_000 });
    expect(await page.$(".dashboard")).toBeNull();

    await page.type('form.login input[name="token"]', "not-the-token-0123456789abcdef");
    await page.click('form.login button[type="submit"]');
    await page.waitForSelector(".notice", { timeout: 10_000 });
    expect(await page.$eval(".notice", (el) => el.textContent)).toMatch(/^login: /);
    expect(await page.$(".dashboard")).toBeNull();

    await page.$eval('form.login input[name="token"]', (el) => {
      (el as HTMLInputElement).value = "";
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.type('form.login input[name="token"]', TOKEN);
    await page.click('form.login button[type="submit"]');
    await page.waitForSelector('button.agent[data-agent="guarded"]', { timeout: 10_000 });
    await page.waitForSelector('.connection[data-state="live"]', { timeout: 10_000 });
    expect(await page.$(".notice")).toBeNull();

    await page.reload({ waitUntil: "load" });
    await page.waitForSelector('button.agent[data-agent="guarded"]', { timeout: 10_000 });
    expect(await page.$("form.login")).toBeNull();

    await page.click('button[data-action="sign-out"]');
    await page.waitForSelector("form.login", { timeout: 10_000 });
    await page.reload({ waitUntil: "load" });
    await page.waitForSelector("form.login", { timeout: 10_000 });
    // The refused login is the one error the browser logs (its 401).
    expect(problems.filter((p) => !p.includes("/api/login"))).toEqual([]);
  });
});
