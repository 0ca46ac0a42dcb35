import { renderVisibly } from "@boyd/bus";
import { Percept } from "@boyd/proto";
import { z } from "zod";

/**
 * Percept payloads as they come over NATS. A sender says which form it
 * used in a `Content-Type` header: the protobuf binary form of
 * boyd.v1.Percept (the default, what publishPercept sends) or its proto
 * JSON form (what a person types at `nats pub`). Anything else is refused
 * with a reason that names the problem.
 */
export const PERCEPT_MEDIA_TYPES = {
  protobuf: "application/x-protobuf",
  json: "application/json",
} as const;

/** Prefix of the subjects refused percepts are sent to: `boyd.deadletter.v1.percepts.<agentId>`. */
export const PERCEPT_DEAD_LETTER_PREFIX = "boyd.deadletter.v1.percepts";

/** Why a dead letter was refused (percent-encoded where not printable ASCII). */
export const DEAD_LETTER_REASON_HEADER = "Boyd-Dead-Letter-Reason";
/** The subject a dead letter was first published on. */
export const DEAD_LETTER_SUBJECT_HEADER = "Boyd-Dead-Letter-Subject";

// Names a binary body may come with: the protobuf types in use, and none at all.
const BINARY_TYPES = new Set(["", PERCEPT_MEDIA_TYPES.protobuf, "application/protobuf", "application/vnd.google.protobuf", "application/octet-stream"]);

/** A body read as a percept, or what is wrong with it. */
export type Decoded = { percept: Percept } | { problem: string };

/** The value of a header, whatever case the sender wrote its name in. */
export function headerValue(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === wanted) return v;
  return undefined;
}

/**
 * Reads a percept body in the form its `Content-Type` header names. The
 * problem text quotes what the sender sent, so it is made printable here,
 * once, for every log line and header it goes to.
 */
export function decodePerceptBody(data: Uint8Array, headers: Readonly<Record<string, string>>): Decoded {
  const decoded = decodeDeclared(data, headers);
  return "problem" in decoded ? { problem: renderVisibly(decoded.problem) } : decoded;
}

function decodeDeclared(data: Uint8Array, headers: Readonly<Record<string, string>>): Decoded {
  const declared = headerValue(headers, "content-type") ?? "";
  const media = declared.split(";")[0]!.trim().toLowerCase();
  if (media === PERCEPT_MEDIA_TYPES.json) return decodeJson(data);
  if (BINARY_TYPES.has(media)) return decodeBinary(data, media === "");
  return { problem: `Content-Type ${JSON.stringify(declared)} is not a percept form: send ${PERCEPT_MEDIA_TYPES.protobuf} (boyd.v1.Percept, binary) or ${PERCEPT_MEDIA_TYPES.json} (its proto JSON form)` };
}

function decodeBinary(data: Uint8Array, undeclared: boolean): Decoded {
  // A JSON body sent without its Content-Type is the likeliest mistake: say so.
  const hint = undeclared && looksLikeJson(data) ? `; it looks like JSON: send it with the header Content-Type: ${PERCEPT_MEDIA_TYPES.json}` : "";
  let percept: Percept;
  try {
    percept = Percept.decode(data);
  } catch (err) {
    return { problem: `not a boyd.v1.Percept in protobuf binary form (${(err as Error).message})${hint}` };
  }
  // The decoder skips what it does not know and mends bad UTF-8, so text or
  // random bytes "decode" to an empty percept. Known fields re-encode to the
  // same size; a body that does not is not a percept.
  const size = Percept.encode(percept).finish().length;
  if (size !== data.length) return { problem: `not a boyd.v1.Percept in protobuf binary form (${data.length - size} of its ${data.length} bytes are no Percept field or no valid UTF-8)${hint}` };
  return { percept };
}

function looksLikeJson(data: Uint8Array): boolean {
  const first = new TextDecoder().decode(data.subarray(0, 64)).trimStart()[0];
  return first === "{";
}

const text = z.string();
const unixMs = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,19}$/, "must be a whole number of milliseconds")]);

// The proto JSON form: each field by its JSON name or its proto name, nothing else.
const PerceptJson = z
  .object({
    id: text,
    agentId: text,
    agent_id: text,
    source: text,
    content: text,
    contentType: text,
    content_type: text,
    symbols: z.array(text),
    receivedAtUnixMs: unixMs,
    received_at_unix_ms: unixMs,
  })
  .partial()
  .strict();

function decodeJson(data: Uint8Array): Decoded {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(data));
  } catch (err) {
    return { problem: `Content-Type says JSON but the body is not JSON (${(err as Error).message})` };
  }
  const parsed = PerceptJson.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `field ${issue.path.join(".")}` : "the body";
    const unknown = issue.code === "unrecognized_keys" ? `unknown field ${issue.keys.map((k) => JSON.stringify(k)).join(", ")} (boyd.v1.Percept has id, agent_id, source, content, content_type, symbols, received_at_unix_ms)` : `${where}: ${issue.message}`;
    return { problem: `not a boyd.v1.Percept in proto JSON form: ${unknown}` };
  }
  const percept = Percept.fromJSON(parsed.data);
  if (!percept.content) return { problem: "not a boyd.v1.Percept in proto JSON form: field content: required (the percept itself, as text)" };
  return { percept };
}
