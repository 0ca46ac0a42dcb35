import { ApprovalVerdict, type BoydClient, type CallOptions, type Event } from "@boyd/client";
import {
  AddGoalResponse,
  CreateAgentResponse,
  GetAgentResponse,
  GetPlanResponse,
  ListAgentsResponse,
  ListApprovalsResponse,
  ListGoalsResponse,
  PauseAgentResponse,
  ResolveApprovalResponse,
  StartAgentResponse,
} from "@boyd/proto";
import type { RouteName } from "../contract.js";
import { newAgentFrom, newGoalFrom, startFrom, verdictFrom } from "./bodies.js";
import { badRequest } from "./errors.js";

/** A request as the handlers see it, whatever carried it. */
export interface ApiRequest {
  /** The route's `:agent` and `:approval`, decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The parsed JSON body (undefined when there was none). */
  readonly body: unknown;
  /** The SSE reconnect header, when the browser sent one. */
  readonly lastEventId?: string | undefined;
}

/** What a handler talks to: AgentService, and the options of each call (the caller's token, its abort signal). */
export interface ApiContext {
  readonly client: BoydClient;
  readonly call: CallOptions;
}

/** A handler: a typed request and the client in, the route's response message out. */
export type Handler<T> = (request: ApiRequest, ctx: ApiContext) => Promise<T>;

/** One method of a JSON route, answering with its response message's canonical JSON. */
export interface JsonRoute {
  readonly method: "GET" | "POST";
  answer(request: ApiRequest, ctx: ApiContext): Promise<unknown>;
}

/** A route method whose handler answers with a `type` message (ts-proto: its toJSON is the canonical JSON). */
function route<T>(method: "GET" | "POST", type: { toJSON(message: T): unknown }, handle: Handler<T>): JsonRoute {
  return { method, answer: async (request, ctx) => type.toJSON(await handle(request, ctx)) };
}

/** Shown to AgentService as who answered an approval from the page. */
export const CONSOLE_ANSWERER = "console";

const param = (request: ApiRequest, name: string): string => request.params[name] ?? "";

/** `?name=` as a whole number, or a 400 naming the parameter. */
export function wholeNumberParam(value: string | null, name: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === null || value === "") return undefined;
  const n = Number(value);
  if (!/^\d{1,16}$/.test(value) || n > max) throw badRequest(`query parameter ${name}: expected a whole number from 0 to ${max}, got ${JSON.stringify(value.slice(0, 40))}`);
  return n;
}

/** The agents, a page at a time (`?limit=`, `?page_token=`). */
export const listAgents: Handler<ListAgentsResponse> = async (request, { client, call }) => {
  const limit = wholeNumberParam(request.query.get("limit"), "limit", 1000);
  const pageToken = request.query.get("page_token") ?? "";
  return client.listAgents({ pageToken, ...(limit ? { limit } : {}) }, call);
};

/** Creates the agent the body describes (not started: its page's Start runs it). */
export const createAgent: Handler<CreateAgentResponse> = async (request, { client, call }) => {
  const { agentId, name, goals } = newAgentFrom(request.body);
  return client.createAgent({ agentId, name, goals, fresh: false }, call);
};

export const getAgent: Handler<GetAgentResponse> = async (request, { client, call }) => ({ agent: await client.getAgent(param(request, "agent"), call) });

export const listGoals: Handler<ListGoalsResponse> = async (request, { client, call }) => ({ goals: await client.listGoals(param(request, "agent"), [], call) });

/** Adds the NewGoal in the body. */
export const addGoal: Handler<AddGoalResponse> = async (request, { client, call }) => ({ goal: await client.addGoal(param(request, "agent"), newGoalFrom(request.body), call) });

/** A goal's plan (`?goal_id=`; the focus goal's when none is given). */
export const getPlan: Handler<GetPlanResponse> = async (request, { client, call }) => ({
  plan: await client.getPlan({ agentId: param(request, "agent"), goalId: request.query.get("goal_id") ?? "" }, call),
});

export const listApprovals: Handler<ListApprovalsResponse> = async (request, { client, call }) => ({ requests: await client.listApprovals(param(request, "agent"), call) });

/** Answers an approval (or a question) with the body's `{ approved, reason }`. */
export const resolveApproval: Handler<ResolveApprovalResponse> = async (request, { client, call }) => {
  const { approved, reason } = verdictFrom(request.body);
  const answered = await client.resolveApproval(
    {
      approvalId: param(request, "approval"),
      agentId: param(request, "agent"),
      verdict: approved ? ApprovalVerdict.APPROVE : ApprovalVerdict.DENY,
      answeredBy: CONSOLE_ANSWERER,
      // A question (user_interact, a plan confirmation) takes the comment as its answer: a bare approval says yes.
      comment: reason || (approved ? "yes" : ""),
    },
    call,
  );
  return { request: answered };
};

/** Starts (or resumes) the agent as durable work; the body may cap its cycles. */
export const startAgent: Handler<StartAgentResponse> = async (request, { client, call }) => ({
  agent: await client.startAgent({ agentId: param(request, "agent"), ...startFrom(request.body) }, call),
});

export const pauseAgent: Handler<PauseAgentResponse> = async (request, { client, call }) => ({ agent: await client.pauseAgent(param(request, "agent"), call) });

/** The JSON routes of contract.ts (the session routes and the event stream have their own glue). */
export const JSON_ROUTES: Partial<Record<RouteName, readonly JsonRoute[]>> = {
  agents: [route("GET", ListAgentsResponse, listAgents), route("POST", CreateAgentResponse, createAgent)],
  agent: [route("GET", GetAgentResponse, getAgent)],
  goals: [route("GET", ListGoalsResponse, listGoals), route("POST", AddGoalResponse, addGoal)],
  plan: [route("GET", GetPlanResponse, getPlan)],
  approvals: [route("GET", ListApprovalsResponse, listApprovals)],
  resolveApproval: [route("POST", ResolveApprovalResponse, resolveApproval)],
  start: [route("POST", StartAgentResponse, startAgent)],
  pause: [route("POST", PauseAgentResponse, pauseAgent)],
};

/** Where an event stream starts: Last-Event-ID (the browser reconnecting) wins over `?from_seq`. */
export function fromSequenceOf(request: ApiRequest): number {
  if (request.lastEventId !== undefined && request.lastEventId !== "") {
    const last = wholeNumberParam(request.lastEventId, "Last-Event-ID (header)");
    return last! + 1;
  }
  return wholeNumberParam(request.query.get("from_seq"), "from_seq") ?? 0;
}

/**
 * An agent's events from the requested sequence on, then live. The agent
 * is looked up first, so an unknown agent or a refused token fails as a
 * plain HTTP error before the stream starts.
 */
export async function agentEvents(request: ApiRequest, { client, call }: ApiContext): Promise<AsyncIterable<Event>> {
  const agentId = param(request, "agent");
  const fromSequence = fromSequenceOf(request);
  await client.getAgent(agentId, call);
  return client.watchEvents(agentId, { ...call, fromSequence });
}
