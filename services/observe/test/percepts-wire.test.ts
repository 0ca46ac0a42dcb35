import { decodeMessageHeader, hasHiddenCharacters, InProcessTransport, type Delivery } from "@boyd/bus";
import { Percept } from "@boyd/proto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEAD_LETTER_REASON_HEADER, DEAD_LETTER_SUBJECT_HEADER, decodePerceptBody, openInProcessPerceptInbox, PERCEPT_DEAD_LETTER_PREFIX, perceptSubject, type DropReason, type InProcessPerceptInbox } from "../src/index.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const json = { "Content-Type": "application/json" };
const problemOf = (data: Uint8Array, headers: Record<string, string> = {}) => {
  const r = decodePerceptBody(data, headers);
  return "problem" in r ? r.problem : undefined;
};

describe("percepts - the forms a percept body may take", () => {
  it("percept wire - the protobuf binary form is read with no Content-Type or with application/x-protobuf", () => {
    const data = Percept.encode(Percept.fromPartial({ id: "p1", content: "door opened", symbols: ["room:hall"] })).finish();
    for (const headers of [{}, { "Content-Type": "application/x-protobuf; messageType=boyd.v1.Percept" }]) {
      expect(decodePerceptBody(data, headers)).toEqual({ percept: expect.objectContaining({ id: "p1", content: "door opened", symbols: ["room:hall"] }) });
    }
  });

  it("percept wire - the proto JSON form is read by its Content-Type, with JSON names or proto names", () => {
    const camel = decodePerceptBody(bytes(JSON.stringify({ content: "the kettle boiled", source: "kitchen", contentType: "text/plain", receivedAtUnixMs: "17" })), json);
    expect(camel).toEqual({ percept: expect.objectContaining({ content: "the kettle boiled", source: "kitchen", receivedAtUnixMs: 17 }) });
    const snake = decodePerceptBody(bytes(JSON.stringify({ agent_id: "a1", content: "hi", received_at_unix_ms: 5 })), { "content-type": "Application/JSON; charset=utf-8" });
    expect(snake).toEqual({ percept: expect.objectContaining({ agentId: "a1", content: "hi", receivedAtUnixMs: 5 }) });
  });

  it("percept wire - a refusal names what is wrong: the field, the form, the content type", () => {
    expect(problemOf(bytes(JSON.stringify({ content: "x", text: "y" })), json)).toMatch(/unknown field "text"/);
    expect(problemOf(bytes(JSON.stringify({ content: 5 })), json)).toMatch(/field content: Expected string, received number/);
    expect(problemOf(bytes(JSON.stringify({ source: "s" })), json)).toMatch(/field content: required/);
    expect(problemOf(bytes("{not json"), json)).toMatch(/^Content-Type says JSON but the body is not JSON/);
    expect(problemOf(bytes("hello there"))).toMatch(/^not a boyd\.v1\.Percept in protobuf binary form \(\d+ of its 11 bytes/);
    expect(problemOf(bytes('{"content":"x"}'))).toMatch(/it looks like JSON: send it with the header Content-Type: application\/json$/);
    expect(problemOf(bytes("x"), { "Content-Type": "text/plain" })).toMatch(/^Content-Type "text\/plain" is not a percept form/);
  });

  it("percept wire - what the sender sent is quoted printably (no terminal control characters reach a log)", () => {
    const problems = [
      problemOf(bytes("x"), { "Content-Type": "text/\u001b[2Jevil" }),
      problemOf(bytes(JSON.stringify({ content: "x", ["\u001b[2J"]: 1 })), json),
      problemOf(bytes('{"content": "\u001b[2J'), json),
    ];
    for (const problem of problems) {
      expect(problem).toBeDefined();
      expect(hasHiddenCharacters(problem!)).toBe(false);
    }
  });
});

describe("percepts - refused ones go to the dead-letter subject (in-process inbox)", () => {
  let transport: InProcessTransport;
  let inbox: InProcessPerceptInbox;
  const drops: [DropReason, string | undefined][] = [];
  const dead: Delivery[] = [];

  beforeEach(async () => {
    drops.length = 0;
    dead.length = 0;
    transport = new InProcessTransport();
    transport.subscribe(`${PERCEPT_DEAD_LETTER_PREFIX}.*`, (m) => void dead.push(m));
    inbox = await openInProcessPerceptInbox(transport, { onDrop: (reason, d) => drops.push([reason, d.why]) });
  });
  afterEach(async () => {
    await inbox.close();
    await transport.close();
  });

  it("dead letter - garbage is refused with a reason, kept as sent on boyd.deadletter.v1.percepts.<agent>; a JSON percept is queued", async () => {
    transport.publish(perceptSubject("a1"), { data: bytes("hello there"), headers: {} });
    transport.publish(perceptSubject("a1"), { data: bytes(JSON.stringify({ content: "the kettle boiled" })), headers: json });
    await vi.waitFor(() => expect(dead).toHaveLength(1));
    expect(drops).toHaveLength(1);
    expect(drops[0]![0]).toBe("malformed");
    expect(dead).toHaveLength(1);
    expect(dead[0]!.subject).toBe(`${PERCEPT_DEAD_LETTER_PREFIX}.a1`);
    expect(new TextDecoder().decode(dead[0]!.data)).toBe("hello there");
    expect(decodeMessageHeader(dead[0]!.headers[DEAD_LETTER_REASON_HEADER]!)).toBe(drops[0]![1]);
    expect(dead[0]!.headers[DEAD_LETTER_SUBJECT_HEADER]).toBe(perceptSubject("a1"));
    const batch = await inbox.take("a1", { limit: 10, deadline: Date.now() + 1000 });
    expect(batch.percepts.map((p) => p.content)).toEqual(["the kettle boiled"]);
  });
});
