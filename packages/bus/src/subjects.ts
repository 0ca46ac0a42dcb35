import { BusError } from "./errors.js";

/** Prefix of all event subjects: `boyd.events.v1.<agentId>.<kind>`. */
export const EVENT_PREFIX = "boyd.events.v1";

/** Prefix of the subjects on which percepts reach an agent. */
export const PERCEPT_PREFIX = "boyd.percepts.v1";

/** The subject of one rpc: `<package>.<Service>.<Method>`, e.g. `boyd.v1.EchoService.Echo`. */
export function rpcSubject(serviceFullName: string, methodName: string): string {
  return `${serviceFullName}.${methodName}`;
}

// A subject token: no dots, wildcards or whitespace.
const TOKEN = /^[^.*>\s]+$/;

/** Rejects a value that cannot be one subject token (an agent id, an event kind). */
export function assertToken(value: string, what: string): void {
  if (!TOKEN.test(value)) {
    throw new BusError("INVALID_ARGUMENT", `${what} ${JSON.stringify(value)} must be non-empty and contain no '.', '*', '>' or whitespace`);
  }
}

/**
 * The subject of an agent's event. Kinds may be dotted (`cycle.started`);
 * the agent id must be one token.
 */
export function eventSubject(agentId: string, kind: string): string {
  assertToken(agentId, "agent id");
  for (const part of kind.split(".")) assertToken(part, "event kind");
  return `${EVENT_PREFIX}.${agentId}.${kind}`;
}

/**
 * Whether `subject` matches a NATS pattern: `*` matches one token, a final
 * `>` matches one or more.
 */
export function subjectMatches(pattern: string, subject: string): boolean {
  if (pattern === subject) return true;
  const p = pattern.split(".");
  const s = subject.split(".");
  for (let i = 0; i < p.length; i++) {
    const token = p[i];
    if (token === ">") return i === p.length - 1 && s.length > i;
    if (i >= s.length) return false;
    if (token !== "*" && token !== s[i]) return false;
  }
  return p.length === s.length;
}
