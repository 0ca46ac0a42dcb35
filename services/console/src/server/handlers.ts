import { ApprovalVerdict, type BoydClient, type CallOptions, type Event } from "@boyd/client";
import {
  AddGoalResponse,
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
import { newGoalFrom, startFrom, verdictFrom } from "./bodies.js";
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

/** A JSON handler's answer: the proto message's canonical JSON. */
export type JsonHandler = (request: ApiRequest, ctx: ApiContext) => Promise<unknown>;

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

/** The JSON routes: each takes a typed request and the client, and returns the response message as JSON. */
export const JSON_HANDLERS: Partial<Record<RouteName, { readonly method: "GET" | "POST"; readonly handle: JsonHandler }[]>> = {
  agents: [
    {
      method: "GET",
      handle: async (request, { client, call }) => {
        const limit = wholeNumberParam(request.query.get("limit"), "limit", 1000);
        const pageToken = request.query.get("page_token") ?? "";
        return ListAgentsResponse.toJSON(await client.listAgents({ pageToken, ...(limit ? { limit } : {}) }, call));
      },
    },
  ],
  agent: [{ method: "GET", handle: async (request, { client, call }) => GetAgentResponse.toJSON({ agent: await client.getAgent(param(request, "agent"), call) }) }],
  goals: [
    { method: "GET", handle: async (request, { client, call }) => ListGoalsResponse.toJSON({ goals: await client.listGoals(param(request, "agent"), [], call) }) },
    {
      method: "POST",
      handle: async (request, { client, call }) => AddGoalResponse.toJSON({ goal: await client.addGoal(param(request, "agent"), newGoalFrom(request.body), call) }),
    },
  ],
  plan: [
    {
      method: "GET",
      handle: async (request, { client, call }) =>
        GetPlanResponse.toJSON({ plan: await client.getPlan({ agentId: param(request, "agent"), goalId: request.query.get("goal_id") ?? "" }, call) }),
    },
  ],
  approvals: [
    { method: "GET", handle: async (request, { client, call }) => ListApprovalsResponse.toJSON({ requests: await client.listApprovals(param(request, "agent"), call) }) },
  ],
  resolveApproval: [
    {
      method: "POST",
      handle: async (request, { client, call }) => {
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
        return ResolveApprovalResponse.toJSON({ request: answered });
      },
    },
  ],
  start: [
    {
      method: "POST",
      handle: async (request, { client, call }) => StartAgentResponse.toJSON({ agent: await client.startAgent({ agentId: param(request, "agent"), ...startFrom(request.body) }, call) }),
    },
  ],
  pause: [{ method: "POST", handle: async (request, { client, call }) => PauseAgentResponse.toJSON({ agent: await client.pauseAgent(param(request, "agent"), call) }) }],
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
