import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BusError, createClient, InProcessTransport, type ServiceBinding } from "@boyd/bus";
import { GraphStore, openEmbeddedBackend } from "@boyd/graph";
import { ActivationSource, GoalStatus, IngestFormat, OrientServiceDefinition, type Goal } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serveOrient } from "../src/index.js";

const goal = (symbolId: string, description: string, status = GoalStatus.ACTIVE): Goal =>
  ({ symbolId, description, successCriteria: "", priority: 128, status }) as Goal;

describe("orient service - over the bus", () => {
  let transport: InProcessTransport;
  let store: GraphStore;
  let binding: ServiceBinding;
  let root: string;
  let client: ReturnType<typeof createClient<typeof OrientServiceDefinition>>;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), "boyd-orient-"));
    mkdirSync(join(root, "data"));
    transport = new InProcessTransport();
    store = new GraphStore((await openEmbeddedBackend()).backend);
    binding = await serveOrient(transport, store, { ingestRoot: join(root, "data") });
    client = createClient(transport, OrientServiceDefinition, { agentId: "a1" });
    await store.addTriples([
      { subject: "goal:find mammals", predicate: "agent:has_status", object: "status:active" },
      { subject: "goal:find mammals", predicate: "agent:has_criteria", object: "criteria:list mammals" },
      { subject: "dog", predicate: "is-a", object: "mammal", confidence: 0.9 },
      { subject: "cat", predicate: "is-a", object: "mammal", confidence: 0.8 },
      { subject: "mammal", predicate: "is-a", object: "animal", confidence: 0.95 },
      { subject: "cat", predicate: "has", object: "fur", confidence: 0.7 },
      { subject: "episode:1", predicate: "agent:learned", object: "whale" },
      { subject: "whale", predicate: "is-a", object: "mammal", confidence: 0.6 },
    ]);
  });

  afterEach(async () => {
    await binding.stop();
    await store.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("orient - the goal's subjects seed activation over world knowledge (fan effect); bookkeeping stays out", async () => {
    const { orientation } = await client.orient({
      agentId: "a1",
      observation: {
        agentId: "a1",
        cycle: 3,
        goals: [goal("goal:find mammals", "Find mammals"), goal("goal:other", "Something else", GoalStatus.SUSPENDED)],
        workingMemorySize: 30,
        workingMemoryCapacity: 100,
        recalledEpisodes: [{ symbolId: "episode:1", learnings: ["whale"] }],
      },
    });
    const context = orientation!.goals;
    expect(context.map((g) => g.goalId)).toEqual(["goal:find mammals"]);
    const triples = context[0]!.triples.map((t) => `${t.subject} ${t.predicate} ${t.object}`);
    expect(triples).toEqual(["mammal is-a animal", "dog is-a mammal", "cat is-a mammal", "whale is-a mammal"]);
    expect(triples.some((t) => t.includes("agent:") || t.includes("status:"))).toBe(false);
    const inferences = context[0]!.inferences.map((i) => [i.symbol!.id, +i.activation.toFixed(4)]);
    // mammal has 4 edges: the fan effect passes on 1 - log2(4)/10 = 0.8 of each edge's confidence.
    expect(inferences.slice(0, 3)).toEqual([
      ["animal", 0.76],
      ["dog", 0.72],
      ["cat", 0.64],
    ]);
    expect(context[0]!.inferences[0]!.provenance).toMatchObject({ source: ActivationSource.GRAPH_EDGE, fromId: "mammal", predicate: "is-a", depth: 1 });
    expect(orientation!.episodeKnowledge.map((t) => `${t.subject} ${t.object}`)).toEqual(["whale mammal"]);
    expect(orientation!.memoryPressure).toBeCloseTo(0.3);
    expect(orientation!.graphTripleCount).toBe(8);
    expect(orientation!.summary).toMatch(/^Orient: 4 relevant triples, \d+ inferences, 1 episode facts, pressure 0\.30$/);
  });

  it("orient - no observation, or an active id with no goal, is INVALID_ARGUMENT", async () => {
    await expect(client.orient({})).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: /observation is required/ });
    await expect(client.orient({ observation: { goals: [], activeGoalIds: ["goal:x"] } })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: /goal:x/ });
  });

  it("query - by id or label, filtered by confidence, paged", async () => {
    const page1 = await client.query({ object: "Mammal", termsAreLabels: true, limit: 2 });
    expect(page1.triples.map((t) => t.subject)).toEqual(["cat", "dog"]);
    const page2 = await client.query({ object: "mammal", limit: 2, pageToken: page1.nextPageToken });
    expect(page2.triples.map((t) => t.subject)).toEqual(["whale"]);
    expect(page2.nextPageToken).toBe("");
    expect((await client.query({ predicate: "is-a", minConfidence: 0.85 })).triples.map((t) => t.subject)).toEqual(["dog", "mammal"]);
    await expect(client.query({ subject: "nobody", termsAreLabels: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(client.query({ pageToken: "garbage" })).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
  });

  it("query - fills subject, predicate and object labels", async () => {
    await store.upsertSymbols([{ id: "dog", label: "Dog" }, { id: "is-a", label: "is a" }]);
    const { triples } = await client.query({ subject: "Dog", termsAreLabels: true });
    expect(triples.map((t) => [t.subjectLabel, t.predicateLabel, t.objectLabel])).toEqual([["Dog", "is a", "mammal"]]);
  });

  it("mutate - labels that name no symbol are created when added, refused when removed", async () => {
    const result = await client.mutate({ agentId: "a1", termsAreLabels: true, add: [{ subject: "Blue Whale", predicate: "is-a", object: "mammal" }] });
    expect(result.createdSymbols.map((s) => [s.id, s.label])).toEqual([["blue_whale", "Blue Whale"]]);
    expect((await client.query({ subject: "blue whale", termsAreLabels: true })).triples.map((t) => t.object)).toEqual(["mammal"]);
    await expect(client.mutate({ termsAreLabels: true, remove: [{ subject: "Narwhal", predicate: "is-a", object: "mammal" }] })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("mutate - adds, removes and upserts; counts what changed; a bad triple writes nothing", async () => {
    const result = await client.mutate({
      agentId: "a1",
      upsertSymbols: [{ id: "cow", label: "Cow", type: "animal" }],
      add: [
        { subject: "cow", predicate: "is-a", object: "mammal", confidence: 0.9 },
        { subject: "dog", predicate: "is-a", object: "mammal", confidence: 0.95 },
      ],
      remove: [{ subject: "cat", predicate: "has", object: "fur" }],
    });
    expect(result).toMatchObject({ added: 1, unchanged: 1, removed: 1 });
    expect(result.createdSymbols.map((s) => [s.id, s.type])).toEqual([["cow", "animal"]]);
    const [cow] = (await client.query({ subject: "cow" })).triples;
    expect(cow).toMatchObject({ source: "mutate:a1", confidence: 0.9 });
    const before = await store.counts();
    await expect(
      client.mutate({ add: [{ subject: "x", predicate: "p", object: "y" }, { subject: "x", predicate: "", object: "z" }] }),
    ).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: /triples\[1\]: predicate/ });
    expect(await store.counts()).toEqual(before);
    const dry = await client.mutate({ add: [{ subject: "x", predicate: "p", object: "y" }], dryRun: true });
    expect(dry.added).toBe(1);
    expect(await store.counts()).toEqual(before);
  });

  it("activate - returns activations with provenance; no seeds is INVALID_ARGUMENT", async () => {
    const result = await client.activate({ seeds: ["dog"], params: { maxDepth: 2 } });
    expect(result.activations.map((a) => a.symbol!.id)).toEqual(["mammal", "animal", "cat", "whale"]);
    expect(result.activations[1]!.provenance).toMatchObject({ fromId: "mammal", depth: 2, edgeConfidence: 0.95 });
    expect(result.expandedNodes).toBeGreaterThan(1);
    await expect(client.activate({ seeds: [] })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: /seed/ });
  });

  it("infer rules - derives with antecedents, honours rule ids, refuses unknown ones", async () => {
    const result = await client.inferRules({ ruleIds: ["is-a-transitive"], commit: false });
    expect(result.derived.map((d) => `${d.triple!.subject} ${d.triple!.object} ${d.triple!.confidence.toFixed(5)}`)).toEqual([
      "cat animal 0.72200",
      "dog animal 0.81225",
      "whale animal 0.54150",
    ]);
    expect(result.derived[0]!.ruleText).toBe("0.95 :: \"is-a\"(X, Z) :- \"is-a\"(X, Y), \"is-a\"(Y, Z).");
    expect(result.derived[0]!.antecedents.map((t) => t.object)).toEqual(["mammal", "animal"]);
    expect(result.committed).toBe(false);
    await expect(client.inferRules({ ruleIds: ["made-up"] })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: /made-up/ });
  });

  it("infer rules - a rules document ingested over the bus is stored and used forward and backward, with proofs naming the rule", async () => {
    await store.addTriples([
      { subject: "alice", predicate: "grew_up_in", object: "france" },
      { subject: "france", predicate: "official_language", object: "french", confidence: 0.9 },
    ]);
    const rules = "0.8 :: speaks(X, L) :- grew_up_in(X, C), official_language(C, L).\n";
    const ingested = await client.ingest({ format: IngestFormat.RULES, source: { $case: "content", value: Buffer.from(rules) }, sourceLabel: "lang.rules" });
    expect(ingested).toMatchObject({ rulesAdded: 1, triplesAdded: 0, committed: true });
    await expect(
      client.ingest({ format: IngestFormat.RULES, source: { $case: "content", value: Buffer.from("knows(X, Y) :- met(X, Y).\n") }, sourceLabel: "bad.rules" }),
    ).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: /^bad\.rules:1:16: unknown predicate met/ });

    const backward = await client.inferRules({ queryPredicate: "speaks", querySubject: "alice" });
    expect(backward.answers.map((a) => [a.triple!.object, a.triple!.confidence.toFixed(2), a.ruleId, a.ruleText, a.antecedents.map((t) => t.object).join(",")])).toEqual([
      ["french", "0.72", "lang.rules:1", "0.8 :: speaks(X, L) :- grew_up_in(X, C), official_language(C, L).", "france,french"],
    ]);
    expect(await store.query({ predicate: "speaks" })).toEqual([]); // backward writes nothing
    const forward = await client.inferRules({ ruleIds: ["lang.rules:1"], commit: false });
    expect(forward.derived.map((d) => [d.triple!.subject, d.triple!.object, d.triple!.confidence.toFixed(2)])).toEqual([["alice", "french", "0.72"]]);
  });

  it("gap analysis - for a goal's linked entities or focus symbols", async () => {
    await store.addTriples([{ subject: "goal:pets", predicate: "about", object: "dog" }]);
    const result = await client.gapAnalysis({ goalId: "goal:pets" });
    expect(result.gaps.map((g) => [g.symbolId, g.suggestedPredicates[0]])).toEqual([["dog", "has"]]);
    expect(result.coverage).toBe(0);
    await expect(client.gapAnalysis({ goalId: "goal:find mammals" })).rejects.toMatchObject({ code: "FAILED_PRECONDITION" });
  });

  it("ingest - inline content; strict fails naming the line and keeps nothing; lenient counts skips", async () => {
    const csv = "subject,predicate,object,confidence\nsun,is-a,star,1\nearth,orbits,sun,high\nmoon,orbits,earth,0.9\n";
    const before = await store.counts();
    await expect(client.ingest({ format: IngestFormat.CSV, source: { $case: "content", value: Buffer.from(csv) }, strict: true, sourceLabel: "sky.csv" })).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
      message: /sky\.csv:3: confidence must be a number in \[0, 1\]/,
    });
    expect(await store.counts()).toEqual(before);
    const lenient = await client.ingest({ format: IngestFormat.CSV, source: { $case: "content", value: Buffer.from(csv) } });
    expect(lenient).toMatchObject({ linesRead: 4, triplesAdded: 2, committed: true });
    expect(lenient.errors.map((e) => e.line)).toEqual([3]);
  });

  it("ingest - inline bytes: UTF-16 with a BOM converted; NUL bytes, an overlong line or field refused as INVALID_ARGUMENT naming line and field", async () => {
    const csv = "subject,predicate,object\nzoë,likes,crème\n";
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, "utf16le")]);
    const converted = await client.ingest({ format: IngestFormat.CSV, source: { $case: "content", value: utf16 }, strict: true });
    expect(converted).toMatchObject({ linesRead: 2, triplesAdded: 1, errors: [] });
    expect(await store.query({ subject: "zoë" })).toMatchObject([{ predicate: "likes", object: "crème" }]);

    const before = await store.counts();
    const refused = async (value: Buffer, message: RegExp, strict = false): Promise<void> =>
      expect(client.ingest({ format: IngestFormat.CSV, source: { $case: "content", value }, strict, sourceLabel: "up.csv" })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message });
    await refused(Buffer.from(csv, "utf16le"), /^up\.csv:1: NUL byte/);
    await refused(Buffer.from(`a,b,c\n${"x".repeat(1024 * 1024 + 1)}\n`), /^up\.csv:2: line longer than 1048576 bytes/);
    await refused(Buffer.from(`a,b,${"o".repeat(4097)}\n`), /^up\.csv:1: object is longer than 4096 bytes/, true);
    expect(await store.counts()).toEqual(before);
  });

  it("ingest - paths only inside the ingest root: traversal and symlink escapes are refused", async () => {
    writeFileSync(join(root, "data", "facts.jsonl"), '{"subject":"a","predicate":"p","object":"b"}\n');
    writeFileSync(join(root, "secret.csv"), "x,y,z\n");
    symlinkSync(join(root, "secret.csv"), join(root, "data", "link.csv"));
    expect((await client.ingest({ source: { $case: "path", value: "facts.jsonl" } })).triplesAdded).toBe(1);
    for (const path of ["../secret.csv", join(root, "secret.csv"), "link.csv"]) {
      await expect(client.ingest({ source: { $case: "path", value: path } })).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
    }
    await expect(client.ingest({ source: { $case: "path", value: "missing.csv" } })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("ingest - a FIFO, a directory or a 100-line file of 1 MiB bad lines in the ingest root: refused at once or answered in bounded size", async () => {
    execFileSync("mkfifo", [join(root, "data", "pipe.csv")]);
    mkdirSync(join(root, "data", "dir.csv"));
    for (const path of ["pipe.csv", "dir.csv"]) {
      const started = Date.now();
      // Opening a FIFO nobody writes to would hold one of libuv's four threads until a writer came; four such calls wedged every file read of orient.
      const err = await client.ingest({ source: { $case: "path", value: path } }, { timeoutMs: 5_000 }).catch((e: unknown) => e);
      expect(err, path).toBeInstanceOf(BusError);
      expect((err as BusError).message).toBe(`ingest path ${JSON.stringify(path)} is not a regular file`);
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    writeFileSync(join(root, "data", "quoting.csv"), `s,p,o,${"9".repeat(1024 * 1024 - 100)}\n`.repeat(100));
    const reply = await client.ingest({ source: { $case: "path", value: "quoting.csv" } });
    expect(reply.errors).toHaveLength(100);
    // Each reason quoted the whole line: a 100 MB reply, far past NATS's 1 MB payload.
    expect(JSON.stringify(reply).length).toBeLessThan(100 * 1_000);
  });

  it("ingest - without an ingest root, paths are refused", async () => {
    const other = new InProcessTransport();
    const bare = await serveOrient(other, store);
    const err = await createClient(other, OrientServiceDefinition)
      .ingest({ source: { $case: "path", value: "/etc/passwd" } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BusError);
    expect((err as BusError).code).toBe("PERMISSION_DENIED");
    await bare.stop();
  });
});
