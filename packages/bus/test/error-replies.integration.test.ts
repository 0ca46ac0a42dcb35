import { EchoServiceDefinition } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BusError,
  connectNats,
  createClient,
  InProcessTransport,
  MAX_MESSAGE_CHARS,
  serveService,
  type ServiceBinding,
  type Transport,
} from "../src/index.js";

// Issue 17 items 6 and 7a over a real nats-server: error replies whose message
// NATS headers cannot hold as-is, and deadlines too far ahead for setTimeout.

const DAY_MS = 24 * 60 * 60 * 1_000;

let nats: NatsServer;
let server: Transport;
let caller: Transport;
let binding: ServiceBinding;

beforeAll(async () => {
  nats = await startNats();
  server = await connectNats({ servers: nats.url });
  caller = await connectNats({ servers: nats.url });
  binding = await serveService(server, EchoServiceDefinition, {
    // The request text comes back as the error message, so the test chooses it.
    echo: (request) => {
      if (request.text.startsWith("ok:")) return { text: request.text, payload: Buffer.alloc(0), servedBy: "echo" };
      throw new BusError("INVALID_ARGUMENT", request.text);
    },
  });
});
afterAll(async () => {
  await binding?.stop();
  await Promise.all([server?.close(), caller?.close()]);
  await nats?.dispose();
});

/** A small seeded PRNG (mulberry32) so a failing case can be replayed. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// Characters an attacker would pick: controls (NUL, CR, LF, ESC, DEL, C1),
// the header syntax characters, the escape character itself, and non-ASCII.
const NASTY = ["\0", "\r", "\n", "\r\n", "\t", "\u001b[2K", "\u007f", "\u0085", ":", "%", "%0A", "%zz", "é", "漢字", "🦀", "\u2028", "\uFEFF"];

function randomMessage(next: () => number): string {
  const length = 1 + Math.floor(next() * 40);
  let text = "";
  for (let i = 0; i < length; i++) {
    const roll = next();
    if (roll < 0.5) text += NASTY[Math.floor(next() * NASTY.length)];
    else if (roll < 0.8) text += String.fromCharCode(0x20 + Math.floor(next() * 95));
    // Any code point outside the surrogate range (lone surrogates are not text).
    else {
      let cp = Math.floor(next() * 0x10ffff);
      if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
      text += String.fromCodePoint(cp);
    }
  }
  return text;
}

async function errorOf(call: Promise<unknown>): Promise<BusError> {
  const outcome = await call.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(BusError);
  return outcome as BusError;
}

describe("error replies - messages that headers cannot carry raw", () => {
  it("a message with CR/LF reaches the caller intact and at once, not as DEADLINE_EXCEEDED", async () => {
    const client = createClient(caller, EchoServiceDefinition, { timeoutMs: 3_000 });
    const started = Date.now();
    const err = await errorOf(client.echo({ text: "unknown rule ids: x\ny" }));
    expect([err.code, err.message]).toEqual(["INVALID_ARGUMENT", "unknown rule ids: x\ny"]);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("fuzz - 200 random messages (controls, NUL, CR/LF, escapes, non-ASCII) keep code and text", async () => {
    const client = createClient(caller, EchoServiceDefinition, { timeoutMs: 3_000 });
    const next = prng(17);
    for (let i = 0; i < 200; i++) {
      const message = randomMessage(next);
      const started = Date.now();
      const err = await errorOf(client.echo({ text: message }));
      expect({ i, code: err.code, message: err.message }).toEqual({ i, code: "INVALID_ARGUMENT", message });
      expect(Date.now() - started).toBeLessThan(1_000);
    }
  });

  it("a 100 KB message arrives cut to the documented length, ending with an ellipsis", async () => {
    const client = createClient(caller, EchoServiceDefinition, { timeoutMs: 3_000 });
    const message = "\r\n🦀é".repeat(25_600); // 102,400 characters incl. surrogate pairs
    const started = Date.now();
    const err = await errorOf(client.echo({ text: message }));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    expect(err.message.endsWith("…")).toBe(true);
    expect(message.startsWith(err.message.slice(0, -1))).toBe(true);
    expect(() => encodeURIComponent(err.message)).not.toThrow(); // throws on a lone surrogate
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe("deadlines - far ahead of setTimeout's range", () => {
  async function callThirtyDaysAhead(transport: Transport): Promise<{ text: string; warnings: string[] }> {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(`${w.name}: ${w.message}`);
    process.on("warning", onWarning);
    try {
      const client = createClient(transport, EchoServiceDefinition);
      const reply = await client.echo({ text: "ok: far deadline" }, { deadline: Date.now() + 30 * DAY_MS });
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      return { text: reply.text, warnings };
    } finally {
      process.off("warning", onWarning);
    }
  }

  it("NATS - a deadline 30 days ahead is served, with no timer overflow warning", async () => {
    expect(await callThirtyDaysAhead(caller)).toEqual({ text: "ok: far deadline", warnings: [] });
  });

  it("in-process - a deadline 30 days ahead is served, with no timer overflow warning", async () => {
    const bus = new InProcessTransport();
    const local = await serveService(bus, EchoServiceDefinition, { echo: (r) => ({ text: r.text, payload: Buffer.alloc(0), servedBy: "local" }) });
    try {
      expect(await callThirtyDaysAhead(bus)).toEqual({ text: "ok: far deadline", warnings: [] });
    } finally {
      await local.stop();
    }
  });
});
