import { NewGoal } from "@boyd/proto";
import { z } from "zod";
import { badRequest } from "./errors.js";

/**
 * The JSON bodies the API takes, checked strictly before anything reaches
 * AgentService: ts-proto's fromJSON turns any value into a string or a
 * number and drops unknown fields, so `{"priority": "high"}` or a misspelt
 * field would pass silently. Each field is accepted by its proto JSON name
 * and its proto name, as proto JSON parsers do.
 */

const uint32 = z.number().int().min(0).max(4_294_967_295);
const text = z.string().max(16_384);

const NewGoalJson = z
  .object({
    description: text,
    successCriteria: text,
    success_criteria: text,
    priority: uint32.max(255, "must be a priority from 0 to 255"),
    stallThreshold: uint32,
    stall_threshold: uint32,
    parentId: text,
    parent_id: text,
    blockedBy: z.array(text),
    blocked_by: z.array(text),
  })
  .partial()
  .strict();

// A goal list is a start, not a backlog: more goals go through AddGoal.
const MAX_GOALS_AT_CREATION = 50;

const CreateAgentJson = z
  .object({
    agentId: text,
    agent_id: text,
    name: text,
    goals: z.array(z.unknown()).max(MAX_GOALS_AT_CREATION, `at most ${MAX_GOALS_AT_CREATION} goals at creation (add more with a goal's POST)`),
  })
  .partial()
  .strict();

const LoginJson = z.object({ token: z.string().min(1, "must not be empty").max(4096) }).strict();

const ResolveJson = z.object({ approved: z.boolean(), reason: text.optional() }).strict();

const StartJson = z
  .object({ max_cycles: z.number().int().min(1).max(1_000_000), maxCycles: z.number().int().min(1).max(1_000_000) })
  .partial()
  .strict();

/** A parsed body, or a 400 naming the first bad field of `what` (a message name). */
function parse<S extends z.ZodTypeAny>(schema: S, body: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.code === "unrecognized_keys") throw badRequest(`${what}: unknown field ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}`);
  const where = issue.path.length > 0 ? `field ${issue.path.join(".")}` : "the body";
  throw badRequest(`${what}: ${where}: ${issue.message}`);
}

/** A NewGoal in proto JSON form; its description is required. */
export function newGoalFrom(body: unknown): NewGoal {
  const goal = NewGoal.fromJSON(parse(NewGoalJson, body, "boyd.v1.NewGoal"));
  if (!goal.description.trim()) throw badRequest("boyd.v1.NewGoal: field description: required (the goal, in plain words)");
  return goal;
}

/** What a new agent is created with: its id (generated when empty), display name and first goals. */
export interface NewAgent {
  readonly agentId: string;
  readonly name: string;
  readonly goals: NewGoal[];
}

/** `{ "agent_id"?, "name"?, "goals"?: [NewGoal] }` of a new agent; each goal as {@link newGoalFrom} takes it, a bad one named by its index. */
export function newAgentFrom(body: unknown): NewAgent {
  const parsed = parse(CreateAgentJson, body, "boyd.v1.CreateAgentRequest");
  const goals = (parsed.goals ?? []).map((goal, i) => {
    try {
      return newGoalFrom(goal);
    } catch (err) {
      throw badRequest(`boyd.v1.CreateAgentRequest: goals[${i}]: ${(err as Error).message}`);
    }
  });
  return { agentId: (parsed.agent_id ?? parsed.agentId ?? "").trim(), name: (parsed.name ?? "").trim(), goals };
}

/** `{ "token": "..." }` of /api/login. */
export function loginFrom(body: unknown): string {
  return parse(LoginJson, body, "login").token;
}

/** `{ "approved": boolean, "reason"?: string }` of an approval's answer. */
export function verdictFrom(body: unknown): { approved: boolean; reason: string } {
  const { approved, reason } = parse(ResolveJson, body, "approval answer");
  return { approved, reason: reason ?? "" };
}

/** `{ "max_cycles"?: number }` of a start. */
export function startFrom(body: unknown): { maxCycles?: number } {
  const parsed = parse(StartJson, body, "start");
  const maxCycles = parsed.max_cycles ?? parsed.maxCycles;
  return maxCycles === undefined ? {} : { maxCycles };
}
