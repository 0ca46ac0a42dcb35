/**
 * Who may do what on NATS. Each service connects as its own user, allowed
 * the rpc subjects it serves, the rpcs it calls, the events it publishes
 * and the JetStream streams and KV buckets it owns; `client` is an outside
 * caller (the CLI, users' apps). Everything else is denied, so a broken or
 * compromised service cannot call what it never calls, answer requests
 * meant for another service, or write another service's state.
 *
 * The table below is read off the code (which definitions each service
 * serves and which clients it creates) and built from the generated
 * definitions, so a renamed rpc renames its permission.
 * `scripts/gen-nats-auth.ts` renders it into `deploy/nats/auth.conf`.
 */
import { randomBytes } from "node:crypto";
import { APPROVAL_PREFIX, type ApprovalBroker } from "@boyd/act";
import { EVENT_PREFIX, natsInboxPrefix, PERCEPT_PREFIX, rpcSubject, type ServiceDefinition } from "@boyd/bus";
import { ControllerConfig } from "@boyd/controller";
import { MemoryConfig } from "@boyd/memory";
import { claimsBucket, deliveredBucket, PERCEPT_DEAD_LETTER_PREFIX, PERCEPTS } from "@boyd/observe";
import {
  ActServiceDefinition,
  AgentServiceDefinition,
  DecideServiceDefinition,
  MemoryServiceDefinition,
  ObserveServiceDefinition,
  OrientServiceDefinition,
} from "@boyd/proto";

/** The NATS users: one per service, plus `client` for outside callers. */
export const NATS_USERS = ["observe", "orient", "decide", "act", "memory", "controller", "client"] as const;
export type NatsUser = (typeof NATS_USERS)[number];

/** The JetStream streams and KV buckets the permissions name. */
export interface NatsResourceNames {
  /** The controller's replayable event log. @default BOYD_EVENTS (BOYD_EVENTS_STREAM) */
  readonly eventsStream: string;
  /** Observe's percept work queue. @default BOYD_PERCEPTS (BOYD_PERCEPT_STREAM) */
  readonly perceptsStream: string;
  /** Memory's KV bucket. @default boyd_memory (BOYD_MEMORY_KV_BUCKET) */
  readonly memoryBucket: string;
  /** Act's KV bucket. @default boyd_act (BOYD_ACT_KV_BUCKET) */
  readonly actBucket: string;
  /** Prefix of the controller replicas' KV buckets. @default boyd (BOYD_CONTROLLER_BUCKETS) */
  readonly controllerBuckets: string;
}

/** Where controller replicas serve each other (see the controller's cluster/forward.ts). */
const REPLICA_PREFIX = "boyd.controller.v1";

/** The names each service uses when its environment names none. */
export const DEFAULT_NATS_RESOURCES: NatsResourceNames = {
  eventsStream: ControllerConfig.parse({}).eventsStream,
  perceptsStream: PERCEPTS.defaultStream,
  memoryBucket: MemoryConfig.parse({}).kvBucket,
  // act has no default in its config (unset = file state); openKvRecordStore's own default.
  actBucket: "boyd_act",
  controllerBuckets: ControllerConfig.parse({}).clusterBuckets,
};

/** One reason a user may publish or subscribe to some subjects. */
export interface NatsGrant {
  /** Why, in a few words (the README's table). */
  readonly why: string;
  readonly publish?: readonly string[];
  readonly subscribe?: readonly string[];
}

/** What one user may do, grant by grant. */
export interface NatsUserAccess {
  /** What the user is, in a few words. */
  readonly role: string;
  readonly grants: readonly NatsGrant[];
  /**
   * May answer the requests it receives (their `_INBOX` reply subjects),
   * which servers of rpcs need and nobody else gets.
   */
  readonly allowResponses: boolean;
}

/** One user's permissions as nats-server takes them. */
export interface NatsPermissions {
  readonly publish: readonly string[];
  readonly subscribe: readonly string[];
  readonly allowResponses: boolean;
}

// The kinds act's approval broker publishes; the compiler keeps this list whole.
type ApprovalEventKind = Parameters<ConstructorParameters<typeof ApprovalBroker>[1]>[1];
const APPROVAL_EVENT_KINDS = Object.keys({ "approval.requested": true, "approval.resolved": true } satisfies Record<ApprovalEventKind, true>);

/**
 * The whole table: for each user, what it serves, calls, publishes and
 * keeps in JetStream, and why. Stream and bucket names default to what
 * the services use when their environment names none.
 */
export function natsAccessTable(names: Partial<NatsResourceNames> = {}): Record<NatsUser, NatsUserAccess> {
  const n = { ...DEFAULT_NATS_RESOURCES, ...names };
  const allEvents = `${EVENT_PREFIX}.>`;
  const percepts = `${PERCEPT_PREFIX}.*`;
  const deadLetters = `${PERCEPT_DEAD_LETTER_PREFIX}.*`;
  return {
    observe: {
      role: "the observe service",
      allowResponses: true,
      grants: [
        serves(ObserveServiceDefinition),
        // observe/src/handlers.ts: MemoryReader is Recent and Recall only.
        calls(MemoryServiceDefinition, "reads working memory and recalls episodes", ["recent", "recall"]),
        { why: "takes percepts without JetStream (BOYD_PERCEPT_INBOX=inprocess)", subscribe: [percepts] },
        ownsStream(n.perceptsStream, "creates the percept work queue"),
        {
          why: "reads each agent's percepts by direct get and deletes those an observation committed (no consumers)",
          publish: [`${JS_API}.DIRECT.GET.${n.perceptsStream}`, `${JS_API}.STREAM.MSG.DELETE.${n.perceptsStream}`],
        },
        {
          why: "deletes the per-agent consumers older versions left on the percept work queue",
          publish: [`${JS_API}.CONSUMER.LIST.${n.perceptsStream}`, `${JS_API}.CONSUMER.DELETE.${n.perceptsStream}.>`],
        },
        keyValue(claimsBucket(n.perceptsStream), "claims the percepts an observation is built from, so two replicas never take the same one"),
        keyValue(deliveredBucket(n.perceptsStream), "shares which percept ids were delivered, so any replica drops a late copy"),
        { why: "sends each refused percept, with why, to the dead-letter subject", publish: [deadLetters] },
        replies("observe"),
      ],
    },
    orient: {
      role: "the orient service (the graph)",
      allowResponses: true,
      grants: [serves(OrientServiceDefinition)],
    },
    decide: {
      role: "the decide service",
      allowResponses: true,
      // @boyd/tools actCatalog: ListTools only; decide never runs a tool.
      grants: [serves(DecideServiceDefinition), calls(ActServiceDefinition, "reads the tool catalog it scores", ["listTools"]), replies("decide")],
    },
    act: {
      role: "the act service (tools)",
      allowResponses: true,
      grants: [
        serves(ActServiceDefinition),
        calls(OrientServiceDefinition, "knowledge, reasoning and library tools"),
        calls(MemoryServiceDefinition, "records facts and corrections, recalls for memory_recall"),
        {
          why: "waits for an approval on its own subject; forwards an answer to the replica that waits",
          publish: [`${APPROVAL_PREFIX}.*`],
          subscribe: [`${APPROVAL_PREFIX}.*`],
        },
        { why: "announces approval requests and their outcome", publish: APPROVAL_EVENT_KINDS.map((kind) => `${EVENT_PREFIX}.*.${kind}`) },
        keyValue(n.actBucket, "its state: jobs and the idempotency ledger (BOYD_ACT_KV_BUCKET)"),
        { why: "forgets the records of committed calls, leaving no delete markers", publish: [`${JS_API}.STREAM.PURGE.KV_${n.actBucket}`] },
        replies("act"),
      ],
    },
    memory: {
      role: "the memory service",
      allowResponses: true,
      grants: [
        serves(MemoryServiceDefinition),
        // memory/src/graph-link.ts: Query and Mutate only.
        calls(OrientServiceDefinition, "links episodes and facts into the graph", ["query", "mutate"]),
        keyValue(n.memoryBucket, "its store (BOYD_MEMORY_STORE=kv)"),
        replies("memory"),
      ],
    },
    controller: {
      role: "the cycle controller (AgentService)",
      allowResponses: true,
      grants: [
        serves(AgentServiceDefinition),
        calls(ObserveServiceDefinition, "runs the cycle"),
        calls(OrientServiceDefinition, "runs the cycle"),
        calls(DecideServiceDefinition, "runs the cycle"),
        calls(ActServiceDefinition, "runs the cycle, forwards approval answers"),
        calls(MemoryServiceDefinition, "runs the cycle, consolidates and recalls"),
        { why: "publishes every agent event; WatchEvents follows them", publish: [allEvents], subscribe: [allEvents] },
        ownsStream(n.eventsStream, "creates the event log"),
        readsStream(n.eventsStream, "replays the event log for WatchEvents", { ack: false }),
        keyValue(`${n.controllerBuckets}_controller_leases`, "agent leases: one replica drives each agent (BOYD_CONTROLLER_BUCKETS)"),
        keyValue(`${n.controllerBuckets}_controller_replicas`, "replica heartbeats: the live replicas agents are spread over"),
        keyValue(`${n.controllerBuckets}_controller_agents`, "the agents index: every agent, started or paused"),
        { why: "forwards a call about an agent to the replica that drives it", publish: [`${REPLICA_PREFIX}.>`], subscribe: [`${REPLICA_PREFIX}.>`] },
        replies("controller"),
      ],
    },
    client: {
      role: "an outside caller (the CLI, your apps)",
      allowResponses: false,
      grants: [
        calls(AgentServiceDefinition, "drives agents"),
        { why: "follows agent events", subscribe: [allEvents] },
        { why: "sends percepts to agents; sees the ones refused", publish: [percepts], subscribe: [deadLetters] },
        readsStream(n.eventsStream, "replays the event log", { ack: false, remove: false }),
        replies("client"),
      ],
    },
  };
}

/** Each user's permissions: its grants merged, duplicates dropped, in table order. */
export function natsPermissions(names: Partial<NatsResourceNames> = {}): Record<NatsUser, NatsPermissions> {
  const table = natsAccessTable(names);
  return eachUser((user) => {
    const { grants, allowResponses } = table[user];
    return { publish: unique(grants.flatMap((g) => g.publish ?? [])), subscribe: unique(grants.flatMap((g) => g.subscribe ?? [])), allowResponses };
  });
}

/** The environment variable nats-server reads a user's password from: `BOYD_NATS_PASSWORD_OBSERVE`. */
export function natsPasswordVariable(user: NatsUser): string {
  return `BOYD_NATS_PASSWORD_${user.toUpperCase()}`;
}

/** Options of {@link natsAuthorization}. */
export interface NatsAuthorizationOptions {
  /**
   * "env": each password is `$BOYD_NATS_PASSWORD_<USER>`, which nats-server
   * resolves from its environment when it reads the file (and refuses to
   * start when one is missing); or the passwords themselves (tests).
   */
  readonly passwords: "env" | Readonly<Record<NatsUser, string>>;
  readonly names?: Partial<NatsResourceNames>;
}

/** The nats-server `authorization { users: [...] }` block of the table. */
export function natsAuthorization(options: NatsAuthorizationOptions): string {
  const permissions = natsPermissions(options.names);
  const table = natsAccessTable(options.names);
  const users = NATS_USERS.map((user) => {
    const p = permissions[user];
    const password = options.passwords === "env" ? `$${natsPasswordVariable(user)}` : JSON.stringify(options.passwords[user]);
    return [
      "    {",
      `      # ${table[user].role}`,
      `      user: ${JSON.stringify(user)}`,
      `      password: ${password}`,
      "      permissions: {",
      `        publish: ${subjectRule(p.publish)}`,
      `        subscribe: ${subjectRule(p.subscribe)}`,
      ...(p.allowResponses ? ["        allow_responses: true"] : []),
      "      }",
      "    }",
    ].join("\n");
  });
  return ["authorization {", "  users: [", users.join("\n"), "  ]", "}", ""].join("\n");
}

// nats-server parses a variable's value as configuration: a password of
// letters, digits, '-' and '_' that starts with a letter stays a string.
const ENV_SAFE_PASSWORD = /^[A-Za-z][A-Za-z0-9_-]{15,}$/;

/** A random password that survives being read from nats-server's environment. */
export function randomNatsPassword(): string {
  return `p${randomBytes(24).toString("hex")}`;
}

/** A random password for each user. */
export function randomNatsPasswords(): Record<NatsUser, string> {
  return eachUser(() => randomNatsPassword());
}

/**
 * The environment of a nats-server started with the "env" form of
 * {@link natsAuthorization}. Rejects a password nats-server would not read
 * back as the same string.
 */
export function natsPasswordEnv(passwords: Readonly<Record<NatsUser, string>>): Record<string, string> {
  return Object.fromEntries(
    NATS_USERS.map((user) => {
      const password = passwords[user];
      if (!ENV_SAFE_PASSWORD.test(password)) {
        throw new Error(`${natsPasswordVariable(user)}: use at least 16 letters, digits, '-' or '_', starting with a letter (nats-server parses the value)`);
      }
      return [natsPasswordVariable(user), password];
    }),
  );
}

/** The permissions table as Markdown (deploy/nats/README.md). */
export function natsAccessMarkdown(names: Partial<NatsResourceNames> = {}): string {
  const table = natsAccessTable(names);
  return NATS_USERS.map((user) => {
    const { role, grants, allowResponses } = table[user];
    const rows = grants.map((g) => `| ${g.why} | ${cell(g.publish)} | ${cell(g.subscribe)} |`);
    return [
      `### \`${user}\`: ${role}`,
      "",
      "| why | publish | subscribe |",
      "| --- | --- | --- |",
      ...rows,
      "",
      allowResponses ? "Answers the requests it receives (`allow_responses`)." : "Answers no requests.",
      "",
    ].join("\n");
  }).join("\n");
}

// Replies to the requests a user makes (rpcs, JetStream API, acks of
// JetStream publishes) arrive under its own inbox prefix (connectNats sets
// it from the user name), so it cannot read the replies meant for others.
function replies(user: NatsUser): NatsGrant {
  return { why: "replies to its own requests, under its own inbox prefix", subscribe: [`${natsInboxPrefix(user)}.>`] };
}

/** The NATS subjects of a definition's rpcs (streaming rpcs are gRPC-only: none). */
function rpcSubjects<D extends ServiceDefinition>(definition: D, methods?: ReadonlyArray<keyof D["methods"] & string>): string[] {
  const keys = methods ?? Object.keys(definition.methods);
  return keys.flatMap((key) => {
    const method = definition.methods[key];
    if (!method) throw new Error(`${definition.fullName} has no rpc ${key}`);
    if (method.requestStream || method.responseStream) {
      if (methods) throw new Error(`${definition.fullName}.${method.name} streams: it is served over gRPC only`);
      return [];
    }
    return [rpcSubject(definition.fullName, method.name)];
  });
}

function serves(definition: ServiceDefinition): NatsGrant {
  return { why: `serves ${definition.name}`, subscribe: rpcSubjects(definition) };
}

function calls<D extends ServiceDefinition>(definition: D, why: string, methods?: ReadonlyArray<keyof D["methods"] & string>): NatsGrant {
  const only = methods ? ` (${methods.map((m) => definition.methods[m]?.name ?? m).join(", ")})` : "";
  return { why: `calls ${definition.name}${only}: ${why}`, publish: rpcSubjects(definition, methods) };
}

const JS_API = "$JS.API";

/** Creates (or updates) a stream it owns. */
function ownsStream(stream: string, why: string): NatsGrant {
  return { why, publish: [`${JS_API}.INFO`, `${JS_API}.STREAM.INFO.${stream}`, `${JS_API}.STREAM.CREATE.${stream}`, `${JS_API}.STREAM.UPDATE.${stream}`] };
}

/** Reads a stream through consumers it creates: pulls, and acks when its consumers ack. */
function readsStream(stream: string, why: string, { ack, remove = true }: { ack: boolean; remove?: boolean }): NatsGrant {
  return {
    why,
    publish: [
      // An ordered consumer reads the stream's info before it creates itself.
      `${JS_API}.STREAM.INFO.${stream}`,
      `${JS_API}.CONSUMER.CREATE.${stream}`,
      `${JS_API}.CONSUMER.CREATE.${stream}.>`,
      `${JS_API}.CONSUMER.INFO.${stream}.>`,
      ...(remove ? [`${JS_API}.CONSUMER.DELETE.${stream}.>`] : []),
      `${JS_API}.CONSUMER.MSG.NEXT.${stream}.>`,
      ...(ack ? [`$JS.ACK.${stream}.>`] : []),
    ],
  };
}

/** A KV bucket it owns: the bucket's stream, its keys, direct reads and key listing. */
function keyValue(bucket: string, why: string): NatsGrant {
  const stream = `KV_${bucket}`;
  return {
    why,
    publish: unique([
      ...ownsStream(stream, why).publish!,
      `$KV.${bucket}.>`,
      `${JS_API}.DIRECT.GET.${stream}`,
      `${JS_API}.DIRECT.GET.${stream}.>`,
      `${JS_API}.STREAM.MSG.GET.${stream}`,
      // Listing keys runs an ordered push consumer, which answers flow control.
      ...readsStream(stream, why, { ack: false }).publish!,
      `$JS.FC.${stream}.>`,
    ]),
  };
}

function eachUser<T>(value: (user: NatsUser) => T): Record<NatsUser, T> {
  return Object.fromEntries(NATS_USERS.map((user) => [user, value(user)])) as Record<NatsUser, T>;
}

function unique(subjects: readonly string[]): string[] {
  return [...new Set(subjects)];
}

// An empty allow list allows everything to nats-server: nothing allowed is a deny of all.
function subjectRule(subjects: readonly string[]): string {
  if (subjects.length === 0) return `{ deny: [">"] }`;
  return `{ allow: [\n${subjects.map((s) => `          ${JSON.stringify(s)}`).join("\n")}\n        ] }`;
}

function cell(subjects: readonly string[] | undefined): string {
  return subjects?.length ? subjects.map((s) => `\`${s}\``).join("<br>") : "";
}
