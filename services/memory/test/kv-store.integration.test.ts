// The JetStream KV store: what goes over the wire when adding records, which
// value objects documents come back as, and that both stay right when
// another replica writes in between. Each replica is its own store on its
// own connection to a real nats-server.
import { describe, expect, it } from "vitest";
import { encodeToken, type MemoryStore } from "../src/index.js";
import { useNatsReplicas } from "./fixtures/replicas.js";

const nats = useNatsReplicas();
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array) => new TextDecoder().decode(value);

let bucketSeq = 0;
/** Two replicas over one new bucket, with the subjects each one's connection sends requests to. */
async function replicas(): Promise<{ a: MemoryStore; b: MemoryStore; sentByA: string[]; bucket: string }> {
  const bucket = `memory_add_${process.pid}_${bucketSeq++}`;
  const sentByA: string[] = [];
  const a = await nats.kvStore(bucket, (t) => {
    const nc = t.connection as unknown as { request: (subject: string, ...rest: unknown[]) => unknown };
    const request = nc.request.bind(nc);
    nc.request = (subject, ...rest) => {
      sentByA.push(subject);
      return request(subject, ...rest);
    };
  });
  return { a, b: await nats.kvStore(bucket), sentByA, bucket };
}

describe("KV store, adding records", () => {
  it("records this replica has seen are checked with one version get, not created again (no failed create, no get per record)", async () => {
    const { a, sentByA } = await replicas();
    const facts = [
      { id: "fact:1", value: bytes("Io orbits Jupiter") },
      { id: "fact:2", value: bytes("Europa orbits Jupiter") },
    ];
    expect(await a.addRecords("agent", "facts", facts)).toEqual([true, true]);
    await a.readRecords("agent", "facts");
    sentByA.length = 0;
    expect(await a.addRecords("agent", "facts", facts)).toEqual([false, false]);
    expect(sentByA.filter((s) => s.includes(".facts.fact"))).toEqual([]);
    expect(sentByA).toHaveLength(1);
    expect(sentByA[0]).toContain(".ver.facts");
  });

  it("a record another replica removed since this one saw it is added again", async () => {
    const { a, b } = await replicas();
    const fact = { id: "fact:gone", value: bytes("Callisto orbits Jupiter") };
    expect(await a.addRecords("agent", "facts", [fact])).toEqual([true]);
    expect((await a.readRecords("agent", "facts")).map((r) => r.id)).toEqual(["fact:gone"]);
    await b.removeRecords("agent", "facts", ["fact:gone"]);
    expect(await a.addRecords("agent", "facts", [fact])).toEqual([true]);
    expect((await b.readRecords("agent", "facts")).map((r) => r.id)).toEqual(["fact:gone"]);
  });

  it("a record another replica added since this one read the log is not added twice", async () => {
    const { a, b } = await replicas();
    expect(await a.addRecords("agent", "facts", [{ id: "fact:old", value: bytes("old") }])).toEqual([true]);
    await a.readRecords("agent", "facts");
    expect(await b.addRecords("agent", "facts", [{ id: "fact:new", value: bytes("from b") }])).toEqual([true]);
    expect(
      await a.addRecords("agent", "facts", [
        { id: "fact:old", value: bytes("old") },
        { id: "fact:new", value: bytes("from a") },
      ]),
    ).toEqual([false, false]);
    expect((await b.readRecords("agent", "facts")).map((r) => [r.id, text(r.value)])).toEqual([
      ["fact:old", "old"],
      ["fact:new", "from b"],
    ]);
  });

  it("a record added again over its delete marker (removed, then added) is followed by a version bump, so every reader's next read finds it", async () => {
    const { a, b, bucket } = await replicas();
    const fact = { id: "fact:back", value: bytes("Titan orbits Saturn") };
    expect(await a.addRecords("agent", "facts", [fact])).toEqual([true]);
    await a.removeRecords("agent", "facts", ["fact:back"]);
    expect(await b.readRecords("agent", "facts")).toEqual([]);
    // nats.js makes the create over a delete marker as a second write, after the one the bump was sent with.
    expect(await a.addRecords("agent", "facts", [fact])).toEqual([true]);
    const kv = await nats.rawKv(bucket);
    const record = await kv.get(`agent.facts.${encodeToken("fact:back")}`);
    const version = await kv.get("agent.ver.facts");
    expect(record?.operation).toBe("PUT");
    expect(version!.revision).toBeGreaterThan(record!.revision);
    expect((await b.readRecords("agent", "facts")).map((r) => r.id)).toEqual(["fact:back"]);
  });

  it("an id repeated in one call is added once, with its first value", async () => {
    const { a, b } = await replicas();
    const added = await a.addRecords("agent", "episodes", [
      { id: "ep:1", value: bytes("first") },
      { id: "ep:1", value: bytes("second") },
    ]);
    expect(added).toEqual([true, false]);
    expect((await b.readRecords("agent", "episodes")).map((r) => text(r.value))).toEqual(["first"]);
  });

  it("another replica that read the log before sees new records the moment the add returns (the version bump is sent after them)", async () => {
    const { a, b, sentByA } = await replicas();
    expect(await b.readRecords("agent", "episodes")).toEqual([]);
    for (let i = 0; i < 5; i++) {
      sentByA.length = 0;
      const records = [0, 1, 2].map((k) => ({ id: `ep:${i}.${k}`, value: bytes(`record ${i}.${k}`) }));
      expect(await a.addRecords("agent", "episodes", records)).toEqual([true, true, true]);
      const writes = sentByA.filter((s) => s.startsWith("$KV."));
      expect(writes.at(-1)).toContain(".ver.episodes");
      expect(writes.slice(0, -1).every((s) => s.includes(".episodes.ep"))).toBe(true);
      expect((await b.readRecords("agent", "episodes")).map((r) => r.id).slice(-3)).toEqual(records.map((r) => r.id));
    }
  });

  // Every Remember adds provenance, and nothing follows its version key: the bump was a write and an
  // acknowledgement a cycle that spared no read. A reader asks for the changes after what it holds instead.
  it("provenance is added with no version key, and another replica still sees every add and removal at once, for one request a read", async () => {
    const { a, b, sentByA, bucket } = await replicas();
    let sentByB = () => 0;
    const reader = await nats.kvStore(bucket, (t) => (sentByB = () => t.connection.stats().outMsgs));
    expect(await b.readRecords("agent", "provenance")).toEqual([]);
    expect(await reader.readRecords("agent", "provenance")).toEqual([]);
    for (let i = 0; i < 4; i++) {
      sentByA.length = 0;
      const records = [0, 1, 2].map((k) => ({ id: `prov:${i}.${k}`, value: bytes(`record ${i}.${k}`) }));
      expect(await a.addRecords("agent", "provenance", records)).toEqual([true, true, true]);
      expect(sentByA.filter((s) => s.startsWith("$KV.")).every((s) => s.includes(".provenance.prov"))).toBe(true);
      expect((await b.readRecords("agent", "provenance")).map((r) => r.id).slice(-3)).toEqual(records.map((r) => r.id));
    }
    expect(await (await nats.rawKv(bucket)).get("agent.ver.provenance")).toBeNull();
    await a.removeRecords("agent", "provenance", ["prov:1.1"]);
    expect((await b.readRecords("agent", "provenance")).map((r) => r.id)).not.toContain("prov:1.1");
    expect(await a.addRecords("agent", "provenance", [{ id: "prov:0.0", value: bytes("again") }])).toEqual([false]);
    // A reader that holds the log asks once, changed or not.
    const before = sentByB();
    expect((await reader.readRecords("agent", "provenance")).map((r) => r.id)).toHaveLength(11);
    expect(sentByB() - before).toBe(1);
    const unchanged = sentByB();
    expect(await reader.readRecords("agent", "provenance")).toHaveLength(11);
    expect(sentByB() - unchanged).toBe(1);
  });
});

describe("KV store, documents", () => {
  it("hands back the same value object for a revision it already holds (so the decoded document is reused), and the new value once another replica writes", async () => {
    const { a, b } = await replicas();
    const written = bytes(JSON.stringify({ capacity: 7 }));
    const revision = await a.putDoc("agent", "wm", written, 0);
    const first = await a.getDoc("agent", "wm");
    expect(first?.revision).toBe(revision);
    expect(first?.value).toBe(written);
    expect((await a.getDoc("agent", "wm"))?.value).toBe(written);
    // The other replica's first read is a new object, its second the same one.
    const seenByB = await b.getDoc("agent", "wm");
    expect(seenByB?.value).not.toBe(written);
    expect((await b.getDoc("agent", "wm"))?.value).toBe(seenByB?.value);
    const replaced = bytes(JSON.stringify({ capacity: 9 }));
    await b.putDoc("agent", "wm", replaced, revision);
    const after = await a.getDoc("agent", "wm");
    expect(after && text(after.value)).toBe(JSON.stringify({ capacity: 9 }));
    expect(after?.revision).toBeGreaterThan(revision);
  });
});

describe("KV store, reading a log's changes", () => {
  it("a log larger than one batched direct get (8 MiB) is read whole, in order, and later changes after it", async () => {
    const { a, b } = await replicas();
    const ids = Array.from({ length: 2_500 }, (_, i) => `r${String(i).padStart(4, "0")}`);
    // 4 KB a record: 10 MB, two batches.
    const valueOf = (id: string) => `value of ${id} `.padEnd(4_096, "x");
    for (let at = 0; at < ids.length; at += 250) await a.addRecords("long", "episodes", ids.slice(at, at + 250).map((id) => ({ id, value: bytes(valueOf(id)) })));
    const read = await b.readRecords("long", "episodes");
    expect(read.map((r) => r.id)).toEqual(ids);
    expect(read.every((r) => text(r.value) === valueOf(r.id))).toBe(true);
    await a.removeRecords("long", "episodes", ["r0007"]);
    await a.addRecords("long", "episodes", [{ id: "late", value: bytes("added last") }]);
    const again = await b.readRecords("long", "episodes");
    expect(again).toHaveLength(2_500);
    expect(again.at(-1)!.id).toBe("late");
    expect(again.some((r) => r.id === "r0007")).toBe(false);
  }, 60_000);
});

// Every log a replica read stayed in its memory, with all its records, for
// as long as the process ran: a replica serving agent after agent grew
// without end. It keeps the most recently used (logsKept).
describe("KV store, logs kept as read", () => {
  it("past logsKept, the least recently used log is let go and read whole again; a log kept costs one version get", async () => {
    const bucket = `memory_kept_${process.pid}_${bucketSeq++}`;
    let sent = () => 0;
    const store = await nats.kvStore(bucket, (t) => (sent = () => t.connection.stats().outMsgs), { logsKept: 2 });
    for (const agent of ["a1", "a2", "a3"]) {
      await store.addRecords(agent, "facts", [{ id: `fact:${agent}`, value: bytes(`${agent} knows`) }]);
      await store.readRecords(agent, "facts");
    }
    const readCost = async (agent: string) => {
      const before = sent();
      expect((await store.readRecords(agent, "facts")).map((r) => text(r.value))).toEqual([`${agent} knows`]);
      return sent() - before;
    };
    expect(await readCost("a3")).toBe(1); // kept: its version key only
    expect(await readCost("a1")).toBeGreaterThan(1); // let go when a3's was read: read whole again
    expect(await readCost("a1")).toBe(1);
  });
});
