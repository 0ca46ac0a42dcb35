import { UnauthenticatedError, type BoydClient, type CallOptions } from "@boyd/client";
import { loginFrom } from "./bodies.js";
import { ApiError } from "./errors.js";

/**
 * Authentication is AgentService's own: the console keeps no accounts and
 * judges no token. A browser's token (from its cookie) rides on every call
 * as `authorization: Bearer`, and the controller accepts or refuses it.
 */

/** Call options carrying a browser's token, when it has one. */
export function asCaller(token: string | undefined, signal?: AbortSignal): CallOptions {
  return { ...(token ? { metadata: { authorization: `Bearer ${token}` } } : {}), ...(signal ? { signal } : {}) };
}

/** GET /api/session's answer. */
export interface SessionState {
  readonly authRequired: boolean;
  readonly authenticated: boolean;
}

// The cheapest call every caller may make: one agent of the list.
const PROBE = { limit: 1 } as const;

/** Whether `call`'s token (or none) gets through; any failure but a refused token is thrown. */
async function admitted(client: BoydClient, call: CallOptions): Promise<boolean> {
  try {
    await client.listAgents(PROBE, call);
    return true;
  } catch (err) {
    if (err instanceof UnauthenticatedError) return false;
    throw err;
  }
}

/** Whether the controller wants a token, and whether this browser's token (if any) is accepted. */
export async function sessionState(client: BoydClient, token: string | undefined): Promise<SessionState> {
  if (await admitted(client, asCaller(undefined))) return { authRequired: false, authenticated: true };
  return { authRequired: true, authenticated: token ? await admitted(client, asCaller(token)) : false };
}

/** POST /api/login: the token in the body, once AgentService accepted it; a 401 otherwise. */
export async function checkLogin(client: BoydClient, body: unknown): Promise<string> {
  const token = loginFrom(body);
  if (/\s/.test(token)) throw new ApiError(401, "UNAUTHENTICATED", "the token was refused by AgentService");
  if (!(await admitted(client, asCaller(token)))) throw new ApiError(401, "UNAUTHENTICATED", "the token was refused by AgentService");
  return token;
}
