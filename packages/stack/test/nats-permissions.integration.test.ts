import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openKvRecordStore } from "@boyd/act";
import { connectNats, createClient, createEventChannel, openJetStreamEventLog, type Envelope, type EventFilter, type NatsTransport } from "@boyd/bus";
import { publishPercept } from "@boyd/observe";
import { AgentServiceDefinition, ApprovalVerdict, Event, GoalStatus, StopReason } from "@boyd/proto";
import { startNats, uniqueLabel, type NatsServer } from "@boyd/testkit";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_NATS_RESOURCES, NATS_USERS, natsAuthorization, natsPasswordEnv, natsPermissions, randomNatsPasswords, startStack, type NatsUser } from "../src/index.js";
import { ACT_TOOLS, ingestSolar } from "./fixtures/run.js";

// The checked-in file, as deployed (`pnpm gen:check` keeps it equal to the table).
const AUTH_CONF = new URL("../../../deploy/nats/auth.conf", import.meta.url);
const EMPTY: Envelope = { data: new Uint8Array(0), headers: {} };
const permissions = natsPermissions();

/** What a connection was refused, as nats.js reports it (PermissionViolationError). */
interface Violation {
  readonly operation: string;
  readonly subject: string;
}

function violationIn(err: unknown): Violation | undefined {
  for (let e = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as Error).name === "PermissionViolationError") return e as unknown as Violation;
  }
  return undefined;
}

/** Records every protocol error the server sends a connection. */
function watchErrors(transport: NatsTransport, record: (error: string) => void, who: string): void {
  void (async () => {
    for await (const s of transport.connection.status()) if (s.type === "error") record(`${who}: ${s.error.message}`);
  })();
}

describe("NATS permissions - every user as the generated auth.conf allows, on a real nats-server", () => {
  const passwords = randomNatsPasswords();
  let nats: NatsServer;
  const opened: NatsTransport[] = [];

  beforeAll(async () => {
    nats = await startNats({ files: { "auth.conf": await readFile(AUTH_CONF, "utf8") }, env: natsPasswordEnv(passwords), extraConfig: 'include "auth.conf"' });
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((t) => t.close()));
  });
  afterAll(async () => {
    await nats?.dispose();
  });

  const as = async (user: NatsUser, reported: unknown[] = []): Promise<NatsTransport> => {
    const t = await connectNats({ servers: nats.url, user, pass: passwords[user], name: `test-${user}`, reportError: (err) => reported.push(err) });
    opened.push(t);
    return t;
  };

  /** Requests `subject` as `user` and returns the violation it was refused with. */
  const refusedRequest = async (user: NatsUser, subject: string): Promise<Violation | undefined> => {
    const t = await as(user);
    const err = await t.request(subject, EMPTY, 5_000).then(
      () => undefined,
      (e: unknown) => e,
    );
    return violationIn(err);
  };

  it("the checked-in auth.conf is the table's rendering, passwords from nats-server's environment", async () => {
    expect(await readFile(AUTH_CONF, "utf8")).toContain(natsAuthorization({ passwords: "env" }));
  });

  it("every rpc a user may call - served by the user that serves it, answered across users", async () => {
    const rpc = /^boyd\.v1\.\w+Service\.\w+$/;
    const pairs = NATS_USERS.flatMap((caller) =>
      permissions[caller].publish.filter((s) => rpc.test(s)).map((subject) => {
        const server = NATS_USERS.find((u) => permissions[u].subscribe.includes(subject));
        return { caller, subject, server };
      }),
    );
    expect(pairs.filter((p) => !p.server)).toEqual([]);
    expect(pairs.length).toBeGreaterThan(40);
    const servers = new Map<NatsUser, NatsTransport>();
    const callers = new Map<NatsUser, NatsTransport>();
    for (const { caller, server } of pairs) {
      if (!servers.has(server!)) servers.set(server!, await as(server!));
      if (!callers.has(caller)) callers.set(caller, await as(caller));
    }
    const answered: string[] = [];
    for (const { caller, subject, server } of pairs) {
      const sub = servers.get(server!)!.serve(subject, subject, async (req) => ({ data: req.data, headers: {} }));
      await servers.get(server!)!.flush();
      const reply = await callers.get(caller)!.request(subject, { data: new TextEncoder().encode(caller), headers: {} }, 5_000);
      answered.push(`${caller} -> ${subject}: ${new TextDecoder().decode(reply.data)}`);
      await sub.drain();
    }
    expect(answered).toEqual(pairs.map((p) => `${p.caller} -> ${p.subject}: ${p.caller}`));
  });

  it.each([
    { user: "decide", subject: "boyd.v1.ActService.Act", why: "decide lists tools, never runs one" },
    { user: "observe", subject: "boyd.v1.MemoryService.Remember", why: "observe only reads memory" },
    { user: "client", subject: "boyd.v1.ObserveService.Observe", why: "outside callers reach AgentService only" },
    { user: "client", subject: "boyd.v1.ActService.Act", why: "outside callers reach AgentService only" },
    { user: "memory", subject: "boyd.v1.OrientService.Ingest", why: "memory queries and links the graph, never ingests" },
    { user: "observe", subject: `$KV.${DEFAULT_NATS_RESOURCES.memoryBucket}.agent.doc.session`, why: "memory's KV bucket is memory's" },
    { user: "act", subject: `$JS.API.STREAM.INFO.KV_${DEFAULT_NATS_RESOURCES.memoryBucket}`, why: "memory's KV bucket is memory's" },
    { user: "memory", subject: `$KV.${DEFAULT_NATS_RESOURCES.actBucket}.jobs.x`, why: "act's KV bucket is act's" },
    { user: "act", subject: "boyd.events.v1.solar.cycle.finished", why: "act publishes approval events only" },
    { user: "client", subject: "boyd.events.v1.solar.goal.changed", why: "outside callers cannot forge events" },
    { user: "client", subject: `$JS.API.STREAM.PURGE.${DEFAULT_NATS_RESOURCES.eventsStream}`, why: "outside callers read the event log, never change it" },
    { user: "client", subject: `$JS.API.STREAM.DELETE.${DEFAULT_NATS_RESOURCES.eventsStream}`, why: "outside callers read the event log, never change it" },
    { user: "decide", subject: "_INBOX.someone-elses-reply", why: "replies go only where a request came from" },
  ] satisfies Array<{ user: NatsUser; subject: string; why: string }>)("$user may not publish $subject - $why", async ({ user, subject }) => {
    expect(await refusedRequest(user, subject)).toMatchObject({ operation: "publish", subject });
  });

  it("orient calls nobody - it may not even take a reply", async () => {
    expect(await refusedRequest("orient", "boyd.v1.MemoryService.Recall")).toMatchObject({ operation: "subscription", subject: expect.stringMatching(/^_INBOX\./) });
  });

  it.each([
    { user: "decide", subject: "boyd.v1.MemoryService.>", why: "stealing memory's requests" },
    { user: "client", subject: "boyd.v1.AgentService.CreateAgent", why: "posing as the controller" },
    { user: "act", subject: "boyd.v1.OrientService.Query", why: "posing as orient" },
    { user: "act", subject: "boyd.percepts.v1.*", why: "reading percepts meant for observe" },
    { user: "memory", subject: "boyd.events.v1.>", why: "memory does not follow events" },
    { user: "decide", subject: "_INBOX.>", why: "reading every user's replies" },
    { user: "client", subject: "_INBOX.controller.>", why: "reading the controller's replies (its cycle's observations, plans, tool results)" },
    { user: "act", subject: "_INBOX.memory.*", why: "reading memory's replies" },
    { user: "memory", subject: "_INBOX.*.>", why: "reading every user's replies by wildcard" },
  ] satisfies Array<{ user: NatsUser; subject: string; why: string }>)("$user may not subscribe to $subject - $why", async ({ user, subject }) => {
    const reported: unknown[] = [];
    const t = await as(user, reported);
    t.subscribe(subject, () => {});
    await t.flush();
    await expect.poll(() => reported.map(violationIn)).toContainEqual(expect.objectContaining({ operation: "subscription", subject }));
  });

  it("act forgets a record of its own bucket, leaving nothing behind; memory may not purge act's bucket", async () => {
    const store = await openKvRecordStore((await as("act")).connection, { bucket: DEFAULT_NATS_RESOURCES.actBucket });
    await store.create("calls/ann/run-r/1-0", new Uint8Array([1]));
    await store.delete("calls/ann/run-r/1-0");
    expect(await store.keys("calls/ann")).toEqual([]);
    const purge = `$JS.API.STREAM.PURGE.KV_${DEFAULT_NATS_RESOURCES.actBucket}`;
    expect(await refusedRequest("memory", purge)).toMatchObject({ operation: "publish", subject: purge });
  });

  it("a wrong password is refused", async () => {
    await expect(connectNats({ servers: nats.url, user: "controller", pass: passwords.client, maxReconnectAttempts: 0 })).rejects.toThrow(/Authorization Violation/i);
  });
});

describe("NATS permissions - sufficient: a whole distributed run with every service as its own user", () => {
  const passwords = randomNatsPasswords();
  // Every error any connection reports; the first one also ends a run being
  // awaited, so a refused permission fails the test at once, saying which.
  const errors: string[] = [];
  let refuse!: (err: Error) => void;
  const refused = new Promise<never>((_, reject) => (refuse = reject));
  refused.catch(() => {});
  const record = (error: string): void => {
    errors.push(error);
    refuse(new Error(`NATS refused something during the run: ${errors.join("; ")}`));
  };
  const unlessRefused = <T>(work: Promise<T>): Promise<T> => Promise.race([work, refused]);
  let nats: NatsServer;
  let dir: string;
  let stack: Awaited<ReturnType<typeof startStack>>;
  let client: NatsTransport;

  beforeAll(async () => {
    nats = await startNats({ files: { "auth.conf": await readFile(AUTH_CONF, "utf8") }, env: natsPasswordEnv(passwords), extraConfig: 'include "auth.conf"' });
    dir = await mkdtemp(join(tmpdir(), "boyd-nats-perm-"));
    await chmod(dir, 0o755); // the sandbox user must reach the workspace
    stack = await startStack({
      dataDir: dir,
      nats: nats.url,
      natsConnect: (service) => ({ user: service, pass: passwords[service] }),
      neo4j: { uri: inject("neo4jUri"), label: uniqueLabel("NatsPerm") },
      actConfig: ACT_TOOLS,
      env: { ...process.env, BOYD_APPROVAL_MODE: "cautious" },
      onError: (err, where) => record(`${where}: ${(err as Error).message}`),
    });
    await ingestSolar(stack); // as the controller, the one user that may ingest
    client = await connectNats({ servers: nats.url, user: "client", pass: passwords.client, reportError: (err) => record(`client: ${(err as Error).message}`) });
    watchErrors(client, record, "client");
  });

  afterAll(async () => {
    await client?.close();
    await stack?.stop();
    await nats?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("the client runs agents to ALL_GOALS_DONE, answers approvals and replays the events; no permission is ever refused", async () => {
    const agents = createClient(client, AgentServiceDefinition, { timeoutMs: 60_000 });
    const live = createEventChannel({ transport: client, codec: Event });
    // Approvals cross four users: act announces, the client answers through
    // the controller, which forwards to act's approval subject.
    const answered: string[] = [];
    const approvals = live.subscribe({ agentId: "publish", kind: "approval.requested" }, async (e) => {
      if (e.kind?.$case !== "approvalRequested") return;
      const r = e.kind.value.request!;
      answered.push(r.toolName);
      const question = r.subject?.$case === "action" && r.subject.value.detail?.$case === "userQuestion";
      await agents.resolveApproval({ decision: { approvalId: r.id, agentId: "publish", verdict: ApprovalVerdict.APPROVE, answeredBy: "client", comment: question ? "confirm" : "" } });
    });
    await client.flush();

    await agents.createAgent({
      agentId: "solar",
      goals: [
        { description: "Find the moons that orbit Mars", successCriteria: "phobos, deimos" },
        { description: "Find which moons of Saturn have a subsurface ocean", successCriteria: "enceladus, subsurface water" },
      ],
    });
    const percept = await publishPercept(client, { agentId: "solar", content: "a telescope reports a new Martian moon candidate" });
    const solar = (await unlessRefused(agents.run({ agentId: "solar", maxCycles: 10 }))).report!;
    expect(solar.stopReason).toBe(StopReason.ALL_GOALS_DONE);
    expect(solar.goals.map((g) => GoalStatus[g.status])).toEqual(["COMPLETED", "COMPLETED"]);

    await agents.createAgent({ agentId: "publish", goals: [{ description: "Publish the mission report to the team", successCriteria: "mission report published" }] });
    const published = (await unlessRefused(agents.run({ agentId: "publish", maxCycles: 8 }))).report!;
    expect(published.goals[0]!.status).toBe(GoalStatus.COMPLETED);
    expect(answered).toContain("publish_report");
    await approvals.drain();

    const replayed = await unlessRefused(replayAsClient(client, DEFAULT_NATS_RESOURCES.eventsStream, { agentId: "solar" }));
    const kinds = replayed.map((e) => `${e.cycle}:${e.kind!.$case}`);
    for (let c = 1; c <= Number(solar.cyclesRun); c++) {
      for (const kind of ["cycleStarted", "observed", "oriented", "decided", "acted", "cycleFinished"]) expect(kinds).toContain(`${c}:${kind}`);
    }
    // The percept went client -> percept stream -> observe's durable consumer (acked) -> the first observation.
    const observedPercepts = replayed.flatMap((e) => (e.kind?.$case === "observed" ? e.kind.value.observation!.percepts.map((p) => p.id) : []));
    expect(observedPercepts).toEqual([percept.id]);
    // Act's approval events, published live as act, are in the log too.
    const publishLog = await replayAsClient(client, DEFAULT_NATS_RESOURCES.eventsStream, { agentId: "publish", kind: "approval.>" });
    expect(publishLog.map((e) => e.kind!.$case)).toContain("approvalResolved");

    await stack.transport.flush();
    expect(errors).toEqual([]);
    expect(nats.logs()).not.toMatch(/Violation/);
  });
});

/**
 * Replays a stream's events as an outside caller does (`boyd events`): the
 * stream opened read-only, an ordered consumer per replay.
 */
async function replayAsClient(transport: NatsTransport, stream: string, filter: EventFilter): Promise<Event[]> {
  const events = createEventChannel({ transport, codec: Event, sink: await openJetStreamEventLog(transport, { stream, readOnly: true }) });
  const out: Event[] = [];
  for await (const { event } of events.replay(filter)) out.push(event);
  return out;
}
