import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connectNats, createClient, createEventChannel, isBusError, type NatsTransport } from "@boyd/bus";
import { AgentServiceDefinition, Event, MemoryServiceDefinition, OrientServiceDefinition, StopReason, type RunReport } from "@boyd/proto";
import { containsInOrder, uniqueLabel, waitFor } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startLocalCluster, type LocalCluster, type ServiceName } from "../src/index.js";

const SOLAR = fileURLToPath(new URL("../../../examples/solar-system.csv", import.meta.url));
// Each is stopped and started again while the run goes on (the controller runs the cycle
// throughout), right after the event that precedes the controller's call to it, so the
// call is in flight: observe is called when a cycle starts, orient once it observed, decide
// once it oriented, act once it decided, memory (remember, save) once it acted.
const STOPS: ReadonlyArray<readonly [ServiceName, NonNullable<Event["kind"]>["$case"]]> = [
  ["observe", "cycleStarted"],
  ["orient", "observed"],
  ["decide", "oriented"],
  ["act", "decided"],
  ["memory", "acted"],
];
// Two cycles before the first stop, at least two for each stop and restart, and room to spare.
const MAX_CYCLES = 16;

// The deployed shape on one machine: nats-server with a user per service
// and the permissions of @boyd/stack's table, the graph in the suite's
// Neo4j, and every service its own process that gets killed.
describe("local cluster - every service its own process, on its own NATS user", () => {
  let dir: string;
  let cluster: LocalCluster;
  let caller: NatsTransport;
  const clusterLog: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "boyd-cluster-"));
    // act's sandbox runs commands as another user when we are root: it must reach the workspace.
    await chmod(dir, 0o755);
    cluster = await startLocalCluster({
      dataDir: dir,
      neo4j: { uri: inject("neo4jUri"), label: uniqueLabel("Cluster") },
      kb: [SOLAR],
      env: { BOYD_LOG_LEVEL: "warn" },
      log: (level, message) => clusterLog.push(`${level}: ${message}`),
    });
    caller = await connectNats({ servers: cluster.natsUrl, user: cluster.client.user, pass: cluster.client.pass, name: "cluster-e2e" });
  });

  afterAll(async () => {
    await caller?.close();
    await cluster?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  // A rolling update: each process drains (finishes what it serves) before it goes.
  it("SIGTERM and restart of observe, orient, decide, act and memory, each while serving the cycle: the run completes, no cycle lost or repeated", async () => {
    await runThroughRestarts(cluster, caller, "rolling", "SIGTERM", clusterLog);
  });

  // A crash: whatever the process was serving is lost with it; the controller must notice and retry.
  it("SIGKILL and restart of observe, orient, decide, act and memory, each while serving the cycle: the run completes, no cycle lost or repeated", async () => {
    await runThroughRestarts(cluster, caller, "crashing", "SIGKILL", clusterLog);
  });

  it("client credentials - calling an internal service (OrientService) is refused as a permissions violation", async () => {
    const orient = createClient(caller, OrientServiceDefinition, { timeoutMs: 5_000 });
    const err = await orient.query({ subject: "mars" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isBusError(err, "PERMISSION_DENIED"), String(err)).toBe(true);
    expect((err as Error).message).toMatch(/permissions violation/i);
    // The server saw it, and names the user and the subject.
    const logged = (): boolean => cluster.servers.nats.output().split("\n").some((line) => isClientUserLine(line) && containsInOrder(line, ["Publish Violation", "boyd.v1.OrientService.Query"]));
    await waitFor(logged, 5_000, () => cluster.servers.nats.output().slice(-2_000));
  });
});

/**
 * Runs an agent whose goal never converges for MAX_CYCLES cycles and,
 * while it runs, stops each service of STOPS with `signal` while the
 * controller's call to it is in flight, and starts it again, one at a
 * time, waiting for a cycle to finish after each restart. Then checks the
 * run and the session: every cycle ran, once.
 */
async function runThroughRestarts(cluster: LocalCluster, caller: NatsTransport, agentId: string, signal: NodeJS.Signals, clusterLog: readonly string[]): Promise<void> {
  const agents = createClient(caller, AgentServiceDefinition, { timeoutMs: 170_000 });
  await agents.createAgent({
    agentId,
    goals: [{ description: "Find the rings of Uranus", successCriteria: "uranus rings ice particles", stallThreshold: 1000 }],
    // Short tool and approval limits bound how long a call lost with a killed act can hold a cycle.
    config: { defaultStallThreshold: 1000, iterationBudget: 1000, toolTimeoutMs: 10_000, approvalTimeoutMs: 5_000 } as never,
  });
  const events: Event[] = [];
  // Armed by the loop, fired from the event handler: a poll would miss the call in flight.
  let aim: { trigger: string; cycle: number; fire: () => void } | undefined;
  const sub = createEventChannel({ transport: caller, codec: Event }).subscribe({ agentId }, (e) => {
    events.push(e);
    if (aim && e.kind?.$case === aim.trigger && Number(e.cycle) >= aim.cycle) {
      aim.fire();
      aim = undefined;
    }
  });
  await caller.flush();
  const finished = () => events.filter((e) => e.kind?.$case === "cycleFinished").length;
  const restartsBefore = Object.fromEntries(STOPS.map(([s]) => [s, cluster.processes[s]!.restarts]));

  let report: RunReport | undefined;
  const run = agents.run({ agentId, maxCycles: MAX_CYCLES }).then((r) => (report = r.report));
  run.catch(() => {});
  const ended = run.then(() => Promise.reject(new Error(`the run ended early: ${describeRun(report!, events)}`)));
  ended.catch(() => {});
  const cycleAfter = async (count: number, what: string) =>
    waitFor(
      () => {
        if (report) throw new Error(`the run ended while waiting for a cycle ${what}: ${describeRun(report, events)}`);
        return finished() > count;
      },
      60_000,
      () => `no cycle finished ${what} (${finished()} so far):\n${lastCycle(events)}\n${clusterLog.join("\n")}`,
      50,
    );

  await cycleAfter(1, "before the first stop");
  for (const [service, trigger] of STOPS) {
    const p = cluster.processes[service]!;
    const pid = p.pid;
    const stopped = new Promise<unknown>((resolve) => (aim = { trigger, cycle: finished() + 1, fire: () => resolve(p.kill(signal)) }));
    await Promise.race([stopped, ended]);
    await p.restart();
    expect(p.pid, `${service} is a new process`).not.toBe(pid);
    expect(p.running(), `${service} runs after its restart`).toBe(true);
    await cycleAfter(finished(), `after ${service} was restarted`);
  }
  await run;
  await sub.drain();

  expect(report!.stopReason, describeRun(report!, events)).toBe(StopReason.MAX_CYCLES);
  expect(Number(report!.cyclesRun)).toBe(MAX_CYCLES);
  expect(Number(report!.finalCycle)).toBe(MAX_CYCLES);
  // The session's record of tool calls: one per cycle, 1..N, none twice.
  expect(await sessionToolCycles(cluster, agentId)).toEqual(Array.from({ length: MAX_CYCLES }, (_, i) => i + 1));
  for (const [service] of STOPS) expect(cluster.processes[service]!.restarts).toBe(restartsBefore[service]! + 1);
  // The stops were asked for; nothing else died.
  expect(cluster.unexpectedExits()).toEqual([]);
  expect(permissionViolations(cluster)).toEqual([]);
}

/**
 * A server log line about the `client` user: nats-server 2.9 wrote
 * `Publish Violation - User "client", Subject ...`, 2.10 and later write
 * `"$G/user:client" - Publish Violation - Subject ...`.
 */
function isClientUserLine(line: string): boolean {
  return line.includes('User "client"') || line.includes('/user:client"');
}

/** Permission errors the server logged for a service's user, or a service logged itself. */
function permissionViolations(cluster: LocalCluster): string[] {
  const server = cluster.servers.nats
    .output()
    .split("\n")
    .filter((line) => /violation/i.test(line) && !isClientUserLine(line));
  const services = Object.values(cluster.processes).flatMap((p) =>
    p!
      .output()
      .split("\n")
      .filter((line) => /permission/i.test(line))
      .map((line) => `${p!.service}: ${line}`),
  );
  return [...server, ...services];
}

/** The tool runs the memory service holds for the agent, read as the controller (the client may not call memory). */
async function sessionToolCycles(cluster: LocalCluster, agentId: string): Promise<number[]> {
  const { user, pass } = cluster.credentials("controller");
  const transport = await connectNats({ servers: cluster.natsUrl, user, pass, name: "cluster-e2e-reader" });
  try {
    const memory = createClient(transport, MemoryServiceDefinition, { timeoutMs: 10_000 });
    const { state } = await memory.loadSession({ agentId });
    return state!.toolRuns.map((r) => Number(r.cycle));
  } finally {
    await transport.close();
  }
}

function describeRun(report: RunReport, events: readonly Event[]): string {
  return `stopped ${StopReason[report.stopReason]} after ${report.cyclesRun} cycles (final cycle ${report.finalCycle}): ${report.message}\n${lastCycle(events)}`;
}

/** The last cycle's events, one line each, with its warnings (retries, recovered faults). */
function lastCycle(events: readonly Event[]): string {
  const last = events.at(-1)?.cycle;
  return events
    .filter((e) => e.cycle === last)
    .map((e) => {
      const warnings = e.kind?.$case === "cycleFinished" ? e.kind.value.warnings : [];
      return `  cycle ${e.cycle} ${e.kind?.$case}${warnings.length ? `: ${warnings.join("; ")}` : ""}`;
    })
    .join("\n");
}
