/**
 * The console's HTTP contract, shared by the server (src/server) and the
 * page (web/): every route, and the proto message its JSON body is. Bodies
 * are the proto's canonical JSON (ts-proto `Message.toJSON` on the way out,
 * `Message.fromJSON` on the way in), so both ends are typed by the same
 * generated code as the gRPC API and nothing is described twice.
 *
 * Authentication is the gRPC API's own: when the controller demands a bearer
 * token, the page posts it to /api/login once, the server checks it against
 * AgentService (ListAgents with that token) and keeps it in an HttpOnly,
 * SameSite=Strict cookie; every later call passes it on to AgentService,
 * which stays the one judge. Mutating calls also need the header
 * `x-boyd-console: 1`, which a cross-site form cannot send.
 */

/** The header every POST must carry (a simple CSRF guard beside SameSite). */
export const CSRF_HEADER = "x-boyd-console";

/** The cookie that holds the bearer token after /api/login. */
export const SESSION_COOKIE = "boyd_console";

/**
 * The routes. `:agent` is an agent id, `:approval` an approval id (both
 * URI-encoded). Responses are JSON of the named message; errors are
 * `{ "error": { "code": "NOT_FOUND", "message": "..." } }` with the HTTP
 * status that matches the gRPC code (400, 401, 403, 404, 409, 412, 503...).
 */
export const ROUTES = {
  /** GET: `{ "authRequired": boolean, "authenticated": boolean }`. */
  session: "/api/session",
  /** POST `{ "token": "..." }`: 204 and the cookie, or 401. */
  login: "/api/login",
  /** POST: clears the cookie. */
  logout: "/api/logout",
  /**
   * GET: ListAgentsResponse. POST `{ "agent_id"?, "name"?, "goals"?: [NewGoal] }`:
   * CreateAgentResponse (a new agent, not started; 409 ALREADY_EXISTS when
   * the id is taken).
   */
  agents: "/api/agents",
  /** GET: GetAgentResponse. */
  agent: "/api/agents/:agent",
  /** GET: ListGoalsResponse. POST a NewGoal: AddGoalResponse. */
  goals: "/api/agents/:agent/goals",
  /** GET `?goal_id=`: GetPlanResponse (the focus goal's plan when none is given). */
  plan: "/api/agents/:agent/plan",
  /** GET: ListApprovalsResponse. */
  approvals: "/api/agents/:agent/approvals",
  /**
   * POST `{ "approved": boolean, "reason": "..." }`: ResolveApprovalResponse.
   * For a question (tool user_interact, e.g. a plan confirmation) the reason
   * is the answer; an approval without one answers "yes".
   */
  resolveApproval: "/api/agents/:agent/approvals/:approval",
  /** POST `{ "max_cycles"?: number }`: StartAgentResponse (start or resume cycling). */
  start: "/api/agents/:agent/start",
  /** POST: PauseAgentResponse (stops after the current cycle). */
  pause: "/api/agents/:agent/pause",
  /**
   * GET, server-sent events: each boyd.v1.Event as `id: <sequence>`,
   * `event: boyd`, `data: <Event JSON>`; `?from_seq=N` or the browser's
   * Last-Event-ID header (sequence + 1) replays from there, then follows live.
   * A comment line every 15 s keeps proxies from closing an idle stream.
   * Errors before the stream starts (unknown agent, refused token, bad
   * sequence) are plain JSON error responses; when AgentService ends a
   * stream (the controller shutting down) an `event: error` frame with the
   * same `{ "error": { "code", "message" } }` comes last.
   */
  events: "/api/agents/:agent/events",
} as const;

export type RouteName = keyof typeof ROUTES;

/** Fills a route's `:params`, URI-encoding each value. */
export function routePath(route: RouteName, params: Readonly<Record<string, string>> = {}): string {
  return ROUTES[route].replace(/:(agent|approval)(?=\/|$)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route ${route} needs :${name}`);
    return encodeURIComponent(value);
  });
}
