import { AlreadyExistsError, BoydError, FailedPreconditionError, NotFoundError, UnauthenticatedError, UnavailableError } from "@boyd/client";
import { describe, expect, it } from "vitest";
import { toApiError } from "../src/server/errors.js";

describe("gRPC failures as HTTP answers", () => {
  it("AgentService's status picks the HTTP status; its code and text are the body", () => {
    const cases: [BoydError, number][] = [
      [new NotFoundError("agent nobody not found", "GetAgent"), 404],
      [new UnauthenticatedError("missing bearer token", "ListAgents"), 401],
      [new AlreadyExistsError("agent mars exists", "CreateAgent"), 409],
      [new FailedPreconditionError("agent is running", "StartAgent"), 412],
      [new UnavailableError("controller shutting down", "PauseAgent"), 503],
      [new BoydError("INVALID_ARGUMENT", "goal.description: required", "AddGoal"), 400],
      [new BoydError("PERMISSION_DENIED", "no", "AddGoal"), 403],
      [new BoydError("DEADLINE_EXCEEDED", "too slow", "GetPlan"), 504],
      [new BoydError("RESOURCE_EXHAUSTED", "too many", "Think"), 429],
    ];
    for (const [err, status] of cases) {
      const answer = toApiError(err);
      expect({ code: err.code, status: answer.status }).toEqual({ code: err.code, status });
      expect(answer.body).toEqual({ error: { code: err.code, message: err.details } });
    }
  });

  it("anything else is a 500 that tells nothing of the server's insides", () => {
    const answer = toApiError(new Error("ECONNRESET at /srv/secret/path.ts:42"));
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ error: { code: "INTERNAL", message: "internal error" } });
  });
});
