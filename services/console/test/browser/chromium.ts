/**
 * Headless Chromium for the console's browser tests: Debian's chromium
 * (`apt-get install chromium`, scripts/ensure-deps.sh ensure_chromium),
 * driven by puppeteer-core through its executable path, so nothing is
 * downloaded. Each page records its console errors, uncaught exceptions and
 * CSP violations, which a test expects to stay empty.
 */
import { execFileSync } from "node:child_process";
import { ensureDeps } from "@boyd/testkit";
import puppeteer, { type Browser, type Page } from "puppeteer-core";

function findChromium(): string | undefined {
  try {
    return execFileSync("bash", ["-c", "command -v chromium"], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The chromium binary, installed (Debian package) when a fresh machine lacks it. */
export async function chromiumPath(): Promise<string> {
  const found = findChromium();
  if (found) return found;
  await ensureDeps(["chromium"]);
  const installed = findChromium();
  if (!installed) throw new Error("chromium is not on PATH after scripts/ensure-deps.sh chromium");
  return installed;
}

export async function launchChromium(): Promise<Browser> {
  const args = ["--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--window-size=1440,1000"];
  // Chromium's sandbox refuses to run as root (CI runs as root).
  if (process.getuid?.() === 0) args.push("--no-sandbox");
  return puppeteer.launch({ executablePath: await chromiumPath(), headless: true, args, defaultViewport: { width: 1440, height: 1000 } });
}

/** A page with what went wrong on it: console errors, uncaught exceptions, failed loads of the page's own files. */
export interface WatchedPage {
  readonly page: Page;
  readonly problems: string[];
}

export async function openPage(browser: Browser, url: string): Promise<WatchedPage> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const where = message.location().url;
    problems.push(`console: ${message.text()}${where ? ` (${where})` : ""}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error instanceof Error ? error.message : String(error)}`));
  await page.goto(url, { waitUntil: "load" });
  return { page, problems };
}
