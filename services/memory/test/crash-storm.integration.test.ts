// kill -9 during a storm of concurrent writes to the files store: a child
// process runs many writers at once (so writes share group commits and the
// log compacts under them), printing each acknowledged write; it is killed
// at a seeded random moment, and every acknowledged write must be there
// after a restart, with its exact value.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { seededRandom } from "@boyd/testkit";
import { describe, expect, it } from "vitest";
import { openFileStore, type DocName, type LogName, type MemoryStore } from "../src/index.js";
import { tempDir } from "./fixtures/harness.js";
import { docValue, recordValue, STORM_AGENTS, STORM_DOCS } from "./fixtures/storm.js";

const writer = fileURLToPath(new URL("./fixtures/storm-writer.ts", import.meta.url));

/** What the writer acknowledged before it died. */
interface Acks {
  /** Records acknowledged as added, by agent/log/id; false once a removal of it was sent. */
  readonly records: Map<string, boolean>;
  /** Records acknowledged as removed. */
  readonly removed: Set<string>;
  /** The highest acknowledged revision per agent/doc. */
  readonly docs: Map<string, number>;
  count: number;
}

/** Runs the writer until it has acknowledged `killAfter` writes, then SIGKILLs it. */
async function stormThenKill(dir: string, seed: number, sync: string, killAfter: number): Promise<Acks> {
  const child = spawn(process.execPath, ["--import", "tsx", writer, dir, String(seed), sync], { stdio: ["ignore", "pipe", "pipe"] });
  const acks: Acks = { records: new Map(), removed: new Set(), docs: new Map(), count: 0 };
  let stderr = "";
  child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for await (const line of createInterface({ input: child.stdout })) {
    const [kind, agent, name, key] = line.split(" ");
    const at = `${agent}/${name}/${key}`;
    if (kind === "PUT") acks.records.set(at, true);
    else if (kind === "DEL-START") acks.records.set(at, false);
    else if (kind === "DEL") acks.removed.add(at);
    else if (kind === "DOC") acks.docs.set(`${agent}/${name}`, Math.max(acks.docs.get(`${agent}/${name}`) ?? 0, Number(key)));
    if (kind !== "DEL-START" && ++acks.count === killAfter) child.kill("SIGKILL");
  }
  await exited;
  if (child.signalCode !== "SIGKILL") throw new Error(`the writer stopped by itself (${child.exitCode}) after ${acks.count} acks: ${stderr}`);
  return acks;
}

async function expectEveryAck(store: MemoryStore, acks: Acks): Promise<void> {
  const found = new Map<string, Uint8Array>();
  for (const agent of STORM_AGENTS) {
    for (const log of ["episodes", "facts", "corrections", "provenance"] as LogName[]) {
      for (const r of await store.readRecords(agent, log)) found.set(`${agent}/${log}/${r.id}`, r.value);
    }
  }
  for (const [key, value] of found) expect(value, `record ${key}`).toEqual(recordValue(key.split("/")[2]!));
  for (const [key, untouched] of acks.records) if (untouched) expect(found.has(key), `acknowledged record ${key}`).toBe(true);
  for (const key of acks.removed) expect(found.has(key), `record ${key} acknowledged as removed`).toBe(false);
  for (const agent of STORM_AGENTS) {
    for (const doc of STORM_DOCS as DocName[]) {
      const stored = await store.getDoc(agent, doc);
      const acked = acks.docs.get(`${agent}/${doc}`) ?? 0;
      // The last acknowledged revision, or a later one that reached the disk whole.
      expect(stored?.revision ?? 0, `${agent}/${doc} revision`).toBeGreaterThanOrEqual(acked);
      if (stored) expect(stored.value, `${agent}/${doc} at revision ${stored.revision}`).toEqual(docValue(agent, doc, stored.revision));
    }
  }
}

describe("crash - kill -9 during a storm of concurrent writes (files)", () => {
  it.each([
    [1, "pipelined"],
    [2, "session"],
    [3, "every-write"],
  ])("seed %i, sync on %s: every acknowledged write is there after the restart, and the store goes on", async (seed, sync) => {
    const { dir, remove } = tempDir();
    try {
      const killAfter = 200 + Math.floor(seededRandom(seed)() * 1_200);
      const acks = await stormThenKill(dir, seed, sync, killAfter);
      expect(acks.count).toBeGreaterThanOrEqual(killAfter);
      const store = await openFileStore({ dir });
      await expectEveryAck(store, acks);
      // The restarted store takes writes and keeps them.
      const revision = (await store.getDoc("storm-a", "session"))?.revision ?? 0;
      expect(await store.putDoc("storm-a", "session", docValue("storm-a", "session", revision + 1), revision)).toBe(revision + 1);
      await store.close();
    } finally {
      remove();
    }
  });
});
