import { AddGoalResponse, AgentState, CreateAgentResponse, GoalStatus, ListAgentsResponse, ListGoalsResponse } from "@boyd/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, serveConsole, type ServedConsole } from "./fixtures.js";

let served: ServedConsole;
let call: ReturnType<typeof api>;

beforeAll(async () => {
  served = await serveConsole("boyd-console-api-");
  call = api(served.console.url);
  await served.stack.agents.createAgent({ agentId: "mars", goals: [{ description: "Find the moons that orbit Mars", successCriteria: "phobos, deimos" }] });
});

afterAll(async () => {
  await served?.stop();
});

describe("the console's JSON API over a real stack", () => {
  it("GET /api/agents answers ListAgentsResponse in proto canonical JSON", async () => {
    const { status, json, headers } = await call("GET", "/api/agents");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
    const listed = ListAgentsResponse.fromJSON(json);
    expect(listed.agents.map((a) => a.agentId)).toContain("mars");
    expect(json).toMatchObject({ agents: expect.arrayContaining([expect.objectContaining({ agentId: "mars", activeGoals: 1 })]) });
  });

  it("GET /api/agents/:agent answers GetAgentResponse; an unknown agent is a 404 with AgentService's code and text", async () => {
    expect(await call("GET", "/api/agents/mars")).toMatchObject({ status: 200, json: { agent: { agentId: "mars" } } });
    const missing = await call("GET", "/api/agents/nobody");
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: { code: "NOT_FOUND", message: expect.stringContaining("nobody") } });
  });

  it("POST /api/agents creates an agent with its first goals (not started); GET lists it; a taken id is a 409", async () => {
    const created = await call("POST", "/api/agents", { agent_id: "saturn", name: "Saturn watcher", goals: [{ description: "Find which moons of Saturn have a subsurface ocean", success_criteria: "enceladus" }] });
    expect(created.status).toBe(200);
    const { agent, goals } = CreateAgentResponse.fromJSON(created.json);
    expect(agent).toMatchObject({ agentId: "saturn", name: "Saturn watcher", state: AgentState.IDLE, started: false, activeGoals: 1 });
    expect(goals.map((g) => [g.description, g.successCriteria, g.status])).toEqual([["Find which moons of Saturn have a subsurface ocean", "enceladus", GoalStatus.ACTIVE]]);
    const listed = ListAgentsResponse.fromJSON((await call("GET", "/api/agents")).json);
    expect(listed.agents.map((a) => a.agentId)).toContain("saturn");
    const again = await call("POST", "/api/agents", { agentId: "saturn" });
    expect(again).toMatchObject({ status: 409, json: { error: { code: "ALREADY_EXISTS", message: expect.stringContaining("saturn") } } });
    // No id: AgentService makes one.
    const unnamed = CreateAgentResponse.fromJSON((await call("POST", "/api/agents", {})).json);
    expect(unnamed.agent!.agentId).not.toBe("");
  });

  it("a body that is no new agent is a 400 naming the field (a goal by its index), and creates nothing", async () => {
    const before = ListAgentsResponse.fromJSON((await call("GET", "/api/agents")).json).agents.length;
    expect(await call("POST", "/api/agents", { agent_id: "venus", colour: "yellow" })).toMatchObject({ status: 400, json: { error: { message: 'boyd.v1.CreateAgentRequest: unknown field "colour"' } } });
    expect(await call("POST", "/api/agents", { agent_id: "venus", goals: [{ description: "Find Venus" }, { success_criteria: "x" }] })).toMatchObject({
      status: 400,
      json: { error: { message: expect.stringMatching(/^boyd\.v1\.CreateAgentRequest: goals\[1\]: .*field description: required/) } },
    });
    expect(await call("POST", "/api/agents", { agent_id: "venus", goals: "Find Venus" })).toMatchObject({ status: 400, json: { error: { message: expect.stringContaining("field goals") } } });
    expect(await call("POST", "/api/agents", { agent_id: "venus", goals: Array.from({ length: 51 }, () => ({ description: "g" })) })).toMatchObject({ status: 400, json: { error: { message: expect.stringContaining("at most 50 goals") } } });
    // An id AgentService refuses comes back with its code and reason.
    expect(await call("POST", "/api/agents", { agent_id: "no spaces > here" })).toMatchObject({ status: 400, json: { error: { code: "INVALID_ARGUMENT" } } });
    expect(ListAgentsResponse.fromJSON((await call("GET", "/api/agents")).json).agents).toHaveLength(before);
  });

  it("POST /api/agents/:agent/goals adds a NewGoal (JSON or proto field names); GET lists it", async () => {
    const added = await call("POST", "/api/agents/mars/goals", { description: "Find what orbits Neptune", success_criteria: "triton", priority: 200 });
    expect(added.status).toBe(200);
    const goal = AddGoalResponse.fromJSON(added.json).goal!;
    expect(goal).toMatchObject({ description: "Find what orbits Neptune", successCriteria: "triton", priority: 200, status: GoalStatus.ACTIVE });
    const { json } = await call("GET", "/api/agents/mars/goals");
    expect(ListGoalsResponse.fromJSON(json).goals.map((g) => g.description)).toEqual(expect.arrayContaining(["Find what orbits Neptune", "Find the moons that orbit Mars"]));
  });

  it("a body that is no NewGoal is a 400 naming the field: wrong type, unknown field, missing description, bad JSON, too large", async () => {
    const wrongType = await call("POST", "/api/agents/mars/goals", { description: "x", priority: "high" });
    expect(wrongType).toMatchObject({ status: 400, json: { error: { code: "INVALID_ARGUMENT", message: expect.stringContaining("field priority") } } });
    const unknown = await call("POST", "/api/agents/mars/goals", { description: "x", urgency: 3 });
    expect(unknown).toMatchObject({ status: 400, json: { error: { message: 'boyd.v1.NewGoal: unknown field "urgency"' } } });
    const noDescription = await call("POST", "/api/agents/mars/goals", { success_criteria: "x" });
    expect(noDescription).toMatchObject({ status: 400, json: { error: { message: expect.stringContaining("field description: required") } } });
    const notJson = await call("POST", "/api/agents/mars/goals", "{description:");
    expect(notJson).toMatchObject({ status: 400, json: { error: { message: expect.stringMatching(/^body: not JSON \(/) } } });
    const huge = await call("POST", "/api/agents/mars/goals", { description: "x".repeat(70_000) });
    expect(huge).toMatchObject({ status: 400, json: { error: { message: expect.stringMatching(/^body: larger than 65536 bytes/) } } });
    // None of them reached the agent.
    const { json } = await call("GET", "/api/agents/mars/goals");
    expect(ListGoalsResponse.fromJSON(json).goals.map((g) => g.description)).not.toContain("x");
  });

  it("bad query parameters and path encodings are 400s naming them; unknown routes 404; wrong methods 405", async () => {
    expect(await call("GET", "/api/agents?limit=lots")).toMatchObject({ status: 400, json: { error: { message: expect.stringContaining("query parameter limit") } } });
    expect(await call("GET", "/api/agents/%E0%A4%A/goals")).toMatchObject({ status: 400, json: { error: { message: expect.stringContaining(":agent") } } });
    expect(await call("GET", "/api/nothing")).toMatchObject({ status: 404, json: { error: { code: "NOT_FOUND" } } });
    expect(await call("POST", "/api/agents/mars", {})).toMatchObject({ status: 405 });
    // HEAD is no way into an event stream (it would hold the connection with nothing to show).
    expect((await fetch(new URL("/api/agents/mars/events", served.console.url), { method: "HEAD" })).status).toBe(405);
  });

  it("a POST without the x-boyd-console header is refused with 403 before it reaches AgentService", async () => {
    const res = await fetch(new URL("/api/agents/mars/goals", served.console.url), {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ description: "Forged goal" }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: "PERMISSION_DENIED", message: "a POST needs the header x-boyd-console: 1" } });
    const { json } = await call("GET", "/api/agents/mars/goals");
    expect(ListGoalsResponse.fromJSON(json).goals.map((g) => g.description)).not.toContain("Forged goal");
  });

  it("GET /api/session: no token needed here, so the browser counts as authenticated", async () => {
    expect(await call("GET", "/api/session")).toMatchObject({ status: 200, json: { authRequired: false, authenticated: true } });
  });
});
