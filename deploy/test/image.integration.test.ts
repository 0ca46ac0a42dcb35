// The image itself, built from deploy/docker/Dockerfile and run the way the
// dev overlay's Deployments run it. No registry is needed: ensure_image
// (scripts/ensure-deps.sh) builds it with podman on a Debian root file
// system made by debootstrap, and reuses it while its inputs are unchanged.
// Each service's container runs against a real nats-server with the dev
// overlay's settings, on a read-only root with only the pod's emptyDirs
// writable; together they must serve an agent's cycle, then drain on
// SIGTERM with exit code 0 within the pod's grace period.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { startNats, uniqueLabel, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "./bundles.js";
import { renderKustomization } from "./kustomize.js";
import { containerEnvironment, mainContainer, named, ofKind, serviceDeployments } from "./manifests.js";
import { ensureDeps, podman, podmanSecurityFlags } from "./podman.js";
import { imageBundlePath, KUSTOMIZATIONS, NATS_SERVICES, REPO_ROOT, SERVICE_NAMES } from "./repo.js";

const run = promisify(execFile);

// A cold build (debootstrap, then the image) takes ~10 minutes; a warm one,
// seconds (the inputs' hash names an image that is already there).
const BUILD_TIMEOUT_MS = 25 * 60_000;
const READY_TIMEOUT_MS = 60_000;
const dev = renderKustomization(KUSTOMIZATIONS.dev);
const deployments = serviceDeployments(dev);
// Shared Neo4j of the whole run (root vitest config); undefined when only this project runs.
const neo4jUri = inject("neo4jUri") as string | undefined;
const runId = `${process.pid}-${Date.now().toString(36)}`;
const containerName = (service: string) => `boyd-image-test-${service}-${runId}`;

let image: string;
let nats: NatsServer;
const opsPorts = new Map<string, number>();
// The controller's gRPC port and the console's HTTP port, on the host's loopback.
let controllerGrpcPort: number;
let consolePort: number;

/** The dev Secret's value for `key` (the dev overlay generates it in the repository). */
function devSecret(name: string, key: string): string {
  const secret = ofKind(dev, "Secret").find((s) => s.metadata.name.startsWith(`${name}-`) || s.metadata.name === name);
  const value = secret?.data?.[key];
  if (!value) throw new Error(`dev overlay: no Secret ${name} with ${key}`);
  return Buffer.from(value, "base64").toString();
}

/** The environment of a service's container: the Deployment's, pointed at this test's NATS and ports. */
function serviceEnvironment(service: string, opsPort: number): Record<string, string> {
  const env = containerEnvironment(dev, mainContainer(deployments.get(service)!));
  Object.assign(env, { BOYD_NATS_URL: nats.url, BOYD_OPS_ADDRESS: `127.0.0.1:${opsPort}` });
  if (env["BOYD_GRPC_ADDRESS"]) env["BOYD_GRPC_ADDRESS"] = `127.0.0.1:${controllerGrpcPort}`;
  if (env["BOYD_CONTROLLER_GRPC"]) env["BOYD_CONTROLLER_GRPC"] = `127.0.0.1:${controllerGrpcPort}`;
  if (env["BOYD_CONSOLE_ADDRESS"]) env["BOYD_CONSOLE_ADDRESS"] = `127.0.0.1:${consolePort}`;
  if (neo4jUri) Object.assign(env, { BOYD_NEO4J_URI: neo4jUri, BOYD_NEO4J_LABEL: uniqueLabel("Image") });
  else {
    // Without the run's Neo4j, orient keeps its graph embedded, in /tmp (an emptyDir).
    delete env["BOYD_NEO4J_URI"];
    if (!env["BOYD_DATA_DIR"]) env["BOYD_DATA_DIR"] = "/tmp/boyd";
  }
  return env;
}

async function startContainer(service: string): Promise<void> {
  const deployment = deployments.get(service)!;
  const container = mainContainer(deployment);
  const opsPort = await freePort();
  opsPorts.set(service, opsPort);
  const env = serviceEnvironment(service, opsPort);
  await podman(
    "run",
    "--detach",
    "--name",
    containerName(service),
    // The test's nats-server and ports are on the host's loopback.
    "--network",
    "host",
    ...podmanSecurityFlags(deployment.spec!.template.spec!, container),
    ...Object.entries(env).flatMap(([k, v]) => ["--env", `${k}=${v}`]),
    image,
    ...(container.args ?? []),
  );
}

/** Polls the container's /readyz until it answers 200; fails with its log otherwise. */
async function waitReady(service: string): Promise<void> {
  const url = `http://127.0.0.1:${opsPorts.get(service)}/readyz`;
  const until = Date.now() + READY_TIMEOUT_MS;
  let last = "no answer yet";
  while (Date.now() < until) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (err) {
      last = (err as Error).message;
    }
    const state = (await podman("inspect", "--format", "{{.State.Status}}", containerName(service))).trim();
    if (state !== "running") break;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${service}: ${url} did not answer 200 (last: ${last}):\n${await logs(service)}`);
}

async function logs(service: string): Promise<string> {
  const result = await ensureDeps("boyd_podman", ["logs", containerName(service)]);
  return result.stdout + result.stderr;
}

/** `./boyd.sh` as a user runs it against the deployment, as the dev overlay's `client` user. */
async function boydCli(...args: string[]): Promise<string> {
  const env = { ...process.env, BOYD_NATS_USER: "client", BOYD_NATS_PASSWORD: devSecret("boyd-nats-credentials", "client-password") };
  const { stdout, stderr } = await run(join(REPO_ROOT, "boyd.sh"), args, { cwd: REPO_ROOT, env, timeout: 120_000 });
  return stdout + stderr;
}

/** The sum of `boyd_rpc_server_requests_total` samples with code OK on a service's /metrics. */
async function servedRequests(service: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${opsPorts.get(service)}/metrics`)).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("boyd_rpc_server_requests_total{") && line.includes('code="OK"'))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

beforeAll(async () => {
  const built = await ensureDeps("ensure_image", [], BUILD_TIMEOUT_MS);
  if (built.code !== 0) throw new Error(`ensure_image failed (exit ${built.code}):\n${built.stderr}`);
  image = built.stdout.trim().split("\n").at(-1)!;
  const auth = ofKind(dev, "ConfigMap").find((c) => c.metadata.name.startsWith("nats-auth-"))!.data!["auth.conf"]!;
  const natsEnv = containerEnvironment(dev, mainContainer(named(dev, "StatefulSet", "nats")));
  nats = await startNats({ files: { "auth.conf": auth }, extraConfig: 'include "auth.conf"', env: natsEnv });
  [controllerGrpcPort, consolePort] = [await freePort(), await freePort()];
  await Promise.all(SERVICE_NAMES.map(startContainer));
}, BUILD_TIMEOUT_MS + 120_000);

afterAll(async () => {
  await Promise.all(SERVICE_NAMES.map((service) => ensureDeps("boyd_podman", ["rm", "--force", "--time", "0", containerName(service)])));
  await nats?.dispose();
}, 60_000);

describe("image", () => {
  it("image - ensure_image names the image by the hash of its inputs, and a second call reuses it (no rebuild)", async () => {
    expect(image).toMatch(/^localhost\/boyd:ci-[0-9a-f]{16}$/);
    const started = Date.now();
    const again = await ensureDeps("ensure_image", [], 120_000);
    expect(again.stdout.trim()).toBe(image);
    expect(again.stderr).not.toMatch(/building/);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it.each(NATS_SERVICES)("image - %s turns ready on /readyz, connected to NATS", async (service) => {
    await waitReady(service);
    expect(await (await fetch(`http://127.0.0.1:${opsPorts.get(service)}/readyz`)).json()).toMatchObject({ status: "ready", checks: { nats: "ok" } });
  });

  it.each(SERVICE_NAMES)("image - %s runs its bundle as uid/gid 10001, the user its Deployment expects", async (service) => {
    // One after the other: `podman top` reads every process of the container,
    // and an exec'd `id` ending meanwhile fails it ("no such process").
    const command = await podman("top", containerName(service), "huser", "args");
    const user = await podman("exec", containerName(service), "id", "-u");
    expect(command).toMatch(new RegExp(`^10001\\s+node ${imageBundlePath(service)}\\s*$`, "m"));
    expect(user.trim()).toBe("10001");
    const security = mainContainer(deployments.get(service)!).securityContext;
    expect(security?.runAsUser).toBe(10001);
    expect(security?.runAsNonRoot).toBe(true);
  });

  it.each(SERVICE_NAMES)("image - %s has a read-only root file system; only the pod's emptyDirs are writable", async (service) => {
    const container = containerName(service);
    const onRoot = await ensureDeps("boyd_podman", ["exec", container, "sh", "-c", `touch ${imageBundlePath(service)}.new`]);
    expect(onRoot.code).not.toBe(0);
    expect(onRoot.stderr).toMatch(/Read-only file system/);
    for (const mount of mainContainer(deployments.get(service)!).volumeMounts ?? []) {
      const write = await ensureDeps("boyd_podman", ["exec", container, "sh", "-c", `echo ok > ${mount.mountPath}/probe && cat ${mount.mountPath}/probe`]);
      expect(write, mount.mountPath).toMatchObject({ code: 0, stdout: "ok\n" });
    }
  });

  it("image - console turns ready and serves its page, and the controller's agents through gRPC", async () => {
    await waitReady("console");
    await waitReady("controller");
    const index = await fetch(`http://127.0.0.1:${consolePort}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toBe("text/html; charset=utf-8");
    // The dev overlay's controller demands the dev token: without it the API says so.
    expect((await fetch(`http://127.0.0.1:${consolePort}/api/agents`)).status).toBe(401);
    const login = await fetch(`http://127.0.0.1:${consolePort}/api/login`, {
      method: "POST",
      headers: { "x-boyd-console": "1", "content-type": "application/json" },
      body: JSON.stringify({ token: devSecret("boyd-grpc-auth", "token") }),
    });
    expect(login.status).toBe(204);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    expect((await fetch(`http://127.0.0.1:${consolePort}/api/agents`, { headers: { cookie } })).status).toBe(200);
  });

  it("image - the six containers serve an agent's cycle from the CLI over NATS, each answering requests", async () => {
    for (const service of SERVICE_NAMES) await waitReady(service);
    const before = new Map(await Promise.all(NATS_SERVICES.map(async (s) => [s, await servedRequests(s)] as const)));
    const agent = `image-${runId}`;
    const output = await boydCli("agent", "--nats", nats.url, "--agent", agent, "cycle", "--goal", "list the files in the workspace", "--json");
    const report = JSON.parse(output.slice(output.indexOf("{"))) as { cycle?: number; phaseMs?: Record<string, number>; result?: { outcome?: string } };
    expect(report.cycle, output).toBe(1);
    // act ran the chosen tool inside its container (the tool's own answer may be a failure: the graph is empty).
    expect(report.result?.outcome, output).toBe("ACTION_OUTCOME_EXECUTED");
    expect(Object.keys(report.phaseMs ?? {}), output).toEqual(expect.arrayContaining(["observe", "orient", "decide", "act"]));
    for (const service of NATS_SERVICES) expect(await servedRequests(service), `${service} answered no request`).toBeGreaterThan(before.get(service)!);
  }, 180_000);

  it.each(SERVICE_NAMES)("image - %s drains on SIGTERM and exits 0 within its pod's grace period", async (service) => {
    const container = containerName(service);
    const grace = deployments.get(service)!.spec!.template.spec!.terminationGracePeriodSeconds ?? 30;
    const started = Date.now();
    await podman("kill", "--signal", "TERM", container);
    const exit = await ensureDeps("boyd_podman", ["wait", container], grace * 1000);
    const elapsedMs = Date.now() - started;
    expect(exit.stdout.trim(), await logs(service)).toBe("0");
    expect(elapsedMs).toBeLessThan(grace * 1000);
    expect(await logs(service)).toMatch(/"msg":"draining"/);
  }, 200_000);
});
