// GetAgent and ListAgents answer from any replica. For an agent another
// replica drives, the answer names that owner and says it runs. A started
// agent that nobody drives for the moment (its owner handed it over at a
// cycle boundary and the next has not taken it yet, or a dead owner's lease
// is running out) was shown as IDLE with no owner: "waits for Cycle, Run or
// Resume", which it does not. It is durable work a replica takes within a
// driver tick, so it shows as RUNNING, with no owner named.
import { AgentState, type AgentInfo } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { seenFromElsewhere } from "../src/agents/runtime.js";

const info = (state: AgentState, started: boolean): AgentInfo => ({ agentId: "steady", state, started, ownerReplica: "" }) as AgentInfo;

describe("an agent as another replica sees it", () => {
  it("driven elsewhere: running there, with its owner", () => {
    expect(seenFromElsewhere(info(AgentState.IDLE, true), "r2")).toMatchObject({ state: AgentState.RUNNING, ownerReplica: "r2" });
  });

  it("started and between replicas: running, no owner named", () => {
    expect(seenFromElsewhere(info(AgentState.IDLE, true), undefined)).toMatchObject({ state: AgentState.RUNNING, ownerReplica: "" });
  });

  it("not started, paused, stopped or failed, with nobody driving it: as this copy says", () => {
    for (const [state, started] of [
      [AgentState.IDLE, false],
      [AgentState.PAUSED, false],
      [AgentState.STOPPED, true],
      [AgentState.FAILED, true],
    ] as const) {
      expect(seenFromElsewhere(info(state, started), undefined)).toMatchObject({ state, ownerReplica: "" });
    }
  });
});
