// The bundles the image ships, run as the image runs them (`node
// <bundle>`, no node_modules, no sources) with the settings the dev overlay
// gives each Deployment: each must connect to a real nats-server (with the
// generated per-service users and the dev passwords), turn ready on /readyz
// and drain on SIGTERM with exit code 0.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startNats, uniqueLabel, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bundleServices, startBundle, waitForHttp200, waitForOpsAddress, type BundleProcess } from "./bundles.js";
import { renderKustomization } from "./kustomize.js";
import { containerEnvironment, mainContainer, named, ofKind, serviceDeployments } from "./manifests.js";
import { KUSTOMIZATIONS, SERVICE_NAMES } from "./repo.js";

const DRAIN_TIMEOUT_MS = 30_000;
const scratch = mkdtempSync(join(tmpdir(), "boyd-bundles-"));
const out = join(scratch, "dist/services");
const dev = renderKustomization(KUSTOMIZATIONS.dev);
// Shared Neo4j of the whole run (root vitest config); undefined when only this project runs.
const neo4jUri = inject("neo4jUri") as string | undefined;
let nats: NatsServer;

beforeAll(async () => {
  await bundleServices(out);
  // The NATS server as the dev overlay configures it: the generated users,
  // passwords from the dev Secret through the server's environment.
  const auth = ofKind(dev, "ConfigMap").find((c) => c.metadata.name.startsWith("nats-auth-"))!.data!["auth.conf"]!;
  const natsEnv = containerEnvironment(dev, mainContainer(named(dev, "StatefulSet", "nats")));
  nats = await startNats({ files: { "auth.conf": auth }, extraConfig: 'include "auth.conf"', env: natsEnv });
});

afterAll(async () => {
  await nats?.dispose();
  rmSync(scratch, { recursive: true, force: true });
});

/** SIGTERM, then the exit; SIGKILL and a failure naming the output if it does not come. */
async function stopGracefully(proc: BundleProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  proc.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error(`no exit within ${DRAIN_TIMEOUT_MS} ms of SIGTERM:\n${proc.output()}`));
    }, DRAIN_TIMEOUT_MS);
  });
  try {
    return await Promise.race([proc.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe("bundles", () => {
  it("bundle - every service entry (services/*/src/main.ts) becomes one ESM file with its source map", () => {
    for (const name of SERVICE_NAMES) {
      expect(statSync(join(out, `${name}.mjs`)).size, name).toBeGreaterThan(0);
      expect(statSync(join(out, `${name}.mjs.map`)).size, name).toBeGreaterThan(0);
    }
  });

  it("bundle - dependencies read files next to their modules only where bundle.mjs copied them (vendor/)", () => {
    // Known and unused: pino's worker transports (services log to stdout).
    // esbuild renames node:path's join (join2, join3...) as the bundle grows: any suffix.
    const unused = [/join\d*\(__dirname, "worker\.js"\)/, /join\d*\(__dirname, "lib", "worker\.js"\)/, /join\d*\(__dirname, "\.\.", "file\.js"\)/];
    for (const name of SERVICE_NAMES) {
      const text = readFileSync(join(out, `${name}.mjs`), "utf8");
      const uses = text.split("\n").filter((line) => line.includes("__dirname"));
      const unexplained = uses.filter(
        (line) => !/const __dirname = __boydDirname\(__filename\)/.test(line) && !line.includes('__dirname + "/vendor/') && !unused.some((pattern) => pattern.test(line)),
      );
      expect(unexplained.map((line) => line.trim()), name).toEqual([]);
      // And what the rewritten modules read is there: `${__dirname + "/vendor/x"}/../proto` or join(__dirname + "/vendor/x", "../proto").
      for (const match of text.matchAll(/__dirname \+ "(\/vendor\/[^"]+)"(?:\}\/|, ")([\w@./-]+)/g)) {
        expect(existsSync(join(out, match[1]!, match[2]!)), `${name}: ${match[1]}/${match[2]}`).toBe(true);
      }
    }
  });

  it.each(SERVICE_NAMES)(
    "bundle - %s starts with the dev overlay's settings, turns ready on /readyz and exits 0 on SIGTERM",
    async (name) => {
      const deployment = serviceDeployments(dev).get(name)!;
      const env = containerEnvironment(dev, mainContainer(deployment));
      const dataDir = mkdtempSync(join(scratch, `${name}-`));
      Object.assign(env, {
        BOYD_NATS_URL: nats.url,
        BOYD_OPS_ADDRESS: "127.0.0.1:0",
        BOYD_DATA_DIR: dataDir,
        BOYD_GRPC_ADDRESS: "127.0.0.1:0",
      });
      if (env["BOYD_WORKSPACE"]) env["BOYD_WORKSPACE"] = join(dataDir, "workspace");
      if (env["BOYD_CONSOLE_ADDRESS"]) env["BOYD_CONSOLE_ADDRESS"] = "127.0.0.1:0";
      if (neo4jUri) Object.assign(env, { BOYD_NEO4J_URI: neo4jUri, BOYD_NEO4J_LABEL: uniqueLabel("Bundle") });
      // Without the run's Neo4j, orient keeps its graph embedded in the data dir.
      else delete env["BOYD_NEO4J_URI"];

      const proc = startBundle(join(out, `${name}.mjs`), env);
      try {
        const ops = await waitForOpsAddress(proc);
        await waitForHttp200(`http://${ops}/readyz`, proc);
        expect((await fetch(`http://${ops}/healthz`)).status).toBe(200);
        expect(await (await fetch(`http://${ops}/metrics`)).text()).toMatch(/^# (HELP|TYPE) /m);
      } finally {
        const exit = await stopGracefully(proc);
        expect(exit, proc.output()).toEqual({ code: 0, signal: null });
      }
      expect(proc.output()).not.toMatch(/"level":(50|60)/);
      // orient says which graph it opened: the run's Neo4j when there is one.
      if (name === "orient") expect(proc.output()).toContain(`"backend":"${neo4jUri ? "neo4j" : "embedded"}"`);
    },
  );

  it("bundle - the console serves the page built beside it (console-web/), as the image ships it", async () => {
    const proc = startBundle(join(out, "console.mjs"), { BOYD_CONTROLLER_GRPC: "127.0.0.1:1", BOYD_CONSOLE_ADDRESS: "127.0.0.1:0", BOYD_OPS_ADDRESS: "127.0.0.1:0" });
    try {
      await waitForHttp200(`http://${await waitForOpsAddress(proc)}/readyz`, proc);
      const line = proc.output().split("\n").find((l) => l.includes('"console serving"'))!;
      const { url, assets } = JSON.parse(line) as { url: string; assets: string };
      expect(assets).toBe(`${join(out, "console-web")}/`);
      const index = await fetch(url);
      expect(index.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await index.text()).toBe(readFileSync(join(out, "console-web/index.html"), "utf8"));
      expect((await fetch(new URL("app.js", url))).status).toBe(200);
    } finally {
      expect(await stopGracefully(proc), proc.output()).toEqual({ code: 0, signal: null });
    }
  });
});
