/**
 * The page's side of the HTTP contract (src/contract.ts): each call names its
 * route and decodes the body with the proto message's own fromJSON, so the
 * page is typed by the same generated code as the gRPC API.
 */
import {
  AddGoalResponse,
  CreateAgentResponse,
  GetAgentResponse,
  ListAgentsResponse,
  ListApprovalsResponse,
  ListGoalsResponse,
  NewGoal,
  PauseAgentResponse,
  ResolveApprovalResponse,
  StartAgentResponse,
} from "@boyd/proto";
import { CSRF_HEADER, routePath, type RouteName } from "../../src/contract.js";

/** A failed call, with the gRPC-style code the server sent. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What /api/session answers. */
export interface SessionInfo {
  readonly authRequired: boolean;
  readonly authenticated: boolean;
}

type Params = Readonly<Record<string, string>>;

async function call(route: RouteName, params: Params, init: RequestInit = {}, query = ""): Promise<unknown> {
  const headers = new Headers(init.headers);
  if (init.method === "POST") {
    headers.set(CSRF_HEADER, "1");
    headers.set("content-type", "application/json");
  }
  const response = await fetch(routePath(route, params) + query, { ...init, headers, credentials: "same-origin" });
  const text = await response.text();
  const body: unknown = text ? parseJson(text, route) : undefined;
  if (!response.ok) throw errorOf(response.status, body, route);
  return body;
}

function parseJson(text: string, route: RouteName): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(502, "INTERNAL", `${route}: the server's answer is not JSON`);
  }
}

function errorOf(status: number, body: unknown, route: RouteName): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  const code = typeof error?.code === "string" ? error.code : `HTTP_${status}`;
  const message = typeof error?.message === "string" ? error.message : `${route} failed with HTTP ${status}`;
  return new ApiError(status, code, message);
}

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body ?? {}) });

export async function getSession(): Promise<SessionInfo> {
  const body = (await call("session", {})) as Partial<SessionInfo> | undefined;
  return { authRequired: body?.authRequired === true, authenticated: body?.authenticated === true };
}

export async function login(token: string): Promise<void> {
  await call("login", {}, post({ token }));
}

export async function logout(): Promise<void> {
  await call("logout", {}, post({}));
}

export async function listAgents(): Promise<ListAgentsResponse> {
  return ListAgentsResponse.fromJSON(await call("agents", {}));
}

/** Creates an agent (not started); an empty id lets AgentService make one. */
export async function createAgent(agentId: string, goals: readonly NewGoal[]): Promise<CreateAgentResponse> {
  return CreateAgentResponse.fromJSON(await call("agents", {}, post({ agent_id: agentId, goals: goals.map((g) => NewGoal.toJSON(g)) })));
}

export async function getAgent(agent: string): Promise<GetAgentResponse> {
  return GetAgentResponse.fromJSON(await call("agent", { agent }));
}

export async function listGoals(agent: string): Promise<ListGoalsResponse> {
  return ListGoalsResponse.fromJSON(await call("goals", { agent }));
}

export async function addGoal(agent: string, goal: NewGoal): Promise<AddGoalResponse> {
  return AddGoalResponse.fromJSON(await call("goals", { agent }, post(NewGoal.toJSON(goal))));
}

export async function listApprovals(agent: string): Promise<ListApprovalsResponse> {
  return ListApprovalsResponse.fromJSON(await call("approvals", { agent }));
}

export async function resolveApproval(agent: string, approval: string, approved: boolean, reason: string): Promise<ResolveApprovalResponse> {
  return ResolveApprovalResponse.fromJSON(await call("resolveApproval", { agent, approval }, post({ approved, reason })));
}

export async function startAgent(agent: string): Promise<StartAgentResponse> {
  return StartAgentResponse.fromJSON(await call("start", { agent }, post({})));
}

export async function pauseAgent(agent: string): Promise<PauseAgentResponse> {
  return PauseAgentResponse.fromJSON(await call("pause", { agent }, post({})));
}

/** The events route of an agent, replaying from `fromSeq` when it is above 0. */
export function eventsUrl(agent: string, fromSeq: number): string {
  return routePath("events", { agent }) + (fromSeq > 0 ? `?from_seq=${fromSeq}` : "");
}
