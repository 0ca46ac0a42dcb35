// A running claim left in act's embedded (file) store by a process that is
// gone is interrupted at once on the next open, not after its deadline (a
// second Ctrl-C during an approval question left one, and the next resume
// waited out the whole approval timeout). A claim whose owner may still be
// alive (this open of the store, a live process, any claim in the shared
// JetStream KV store) is still waited for.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IdempotencyKey } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { IdempotencyLedger, openFileRecordStore, openKvRecordStore, type RecordStore } from "../src/index.js";
import { useNats } from "./fixtures/nats.js";

const key: IdempotencyKey = { agentId: "default", runId: "run-1", cycle: 4, step: 0 };
// A deadline far ahead (an approval timeout of 120 s and more): only the owner being gone ends the wait.
const farAhead = () => Date.now() + 3_600_000;
// An aborted caller: a claim that would be waited for rejects at once with DEADLINE_EXCEEDED instead of blocking the test.
const gaveUp = () => AbortSignal.abort();

let dir: string;
const stores: RecordStore[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "boyd-act-owner-"));
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close().catch(() => {})));
  rmSync(dir, { recursive: true, force: true });
});

async function openFile(): Promise<RecordStore> {
  const store = await openFileRecordStore(dir);
  stores.push(store);
  return store;
}

/** A claim left running: claimed, never finished, the store closed (the process ending). */
async function leaveRunningClaim(): Promise<number> {
  const store = await openFile();
  const before = Date.now();
  const claim = await new IdempotencyLedger(store).claim(key, farAhead());
  expect(claim.kind).toBe("run");
  await store.close();
  return before;
}

/** A live node process that only waits: an owner that is not gone. */
function liveProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  return new Promise((resolve, reject) => child.once("spawn", () => resolve(child)).once("error", reject));
}

describe("act idempotency ledger, embedded file store: claims of a gone owner", () => {
  it("a running claim found after a reopen (a restart) is interrupted at once, with when it started", async () => {
    const startedAfter = await leaveRunningClaim();
    const claim = await new IdempotencyLedger(await openFile()).claim(key, farAhead(), gaveUp());
    expect(claim).toEqual({ kind: "interrupted", startedAt: expect.any(Number) });
    expect((claim as { startedAt: number }).startedAt).toBeGreaterThanOrEqual(startedAfter);
  });

  it("a claim running in this open of the store is waited for, not reported interrupted", async () => {
    const store = await openFile();
    expect((await new IdempotencyLedger(store).claim(key, farAhead())).kind).toBe("run");
    await expect(new IdempotencyLedger(store).claim(key, farAhead(), gaveUp())).rejects.toMatchObject({ code: "DEADLINE_EXCEEDED" });
  });

  it("a claim of another process is waited for while that process lives, and interrupted once it has exited", async () => {
    const store = await openFile();
    const child = await liveProcess();
    try {
      const running = { state: "running", startedAt: Date.now(), until: farAhead(), owner: { pid: child.pid, life: "another process" } };
      await store.create("calls/default/run-run-1/4-0", new Uint8Array(Buffer.from(JSON.stringify(running))));
      const ledger = new IdempotencyLedger(store);
      await expect(ledger.claim(key, farAhead(), gaveUp())).rejects.toMatchObject({ code: "DEADLINE_EXCEEDED" });
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
      expect((await ledger.claim(key, farAhead(), gaveUp())).kind).toBe("interrupted");
    } finally {
      child.kill("SIGKILL");
    }
  });
});

describe("act idempotency ledger, JetStream KV store: a claim may be a live replica's", () => {
  const nats = useNats();

  it("a running claim made through another connection (a replica, or one that died) is waited for until its deadline", async () => {
    const kv = async () => {
      const transport = await nats.connect();
      return openKvRecordStore(transport.connection, { bucket: "act_owner_kv", memory: true });
    };
    const first = await kv();
    expect((await new IdempotencyLedger(first).claim(key, farAhead())).kind).toBe("run");
    await nats.connections[0]!.close(); // the first replica's connection ends, as a process would
    await expect(new IdempotencyLedger(await kv()).claim(key, farAhead(), gaveUp())).rejects.toMatchObject({ code: "DEADLINE_EXCEEDED" });
  });
});
