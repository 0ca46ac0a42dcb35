import { describe, expect, it } from "vitest";
import { recordCycle, recordToolDenial, recordToolExecution, recordWorkingMemory, renderMetrics, rpcClientInstruments, rpcServerInstruments, setServiceLabel } from "../src/index.js";
import { sampleValue } from "./prometheus-text.js";

describe("metrics", () => {
  it("renderMetrics - Prometheus text with every Boyd instrument and the Node process metrics", async () => {
    setServiceLabel("act");
    const served = rpcServerInstruments("boyd.v1.ActService", "Act");
    served.begin(undefined, undefined).end("OK");
    served.begin(undefined, undefined).end("OK");
    served.begin(undefined, undefined).end("DEADLINE_EXCEEDED");
    rpcClientInstruments("boyd.v1.ActService", "Act").begin(undefined, undefined).end("UNAVAILABLE");
    recordCycle("ok", 0.2);
    recordToolExecution("kg_query", "executed");
    recordToolDenial("shell", "policy");
    recordWorkingMemory("a1", 5, 0.25);
    const { contentType, body } = await renderMetrics();
    const act = { service: "boyd.v1.ActService", method: "Act" };
    expect(contentType).toMatch(/^text\/plain/);
    expect(sampleValue(body, "boyd_rpc_server_requests_total", { ...act, code: "OK" })).toBe(2);
    expect(sampleValue(body, "boyd_rpc_server_requests_total", { ...act, code: "DEADLINE_EXCEEDED" })).toBe(1);
    expect(sampleValue(body, "boyd_rpc_server_duration_seconds_count", act)).toBe(3);
    expect(sampleValue(body, "boyd_rpc_server_duration_seconds_bucket", { ...act, le: "0.0001" })).toBeDefined();
    expect(sampleValue(body, "boyd_rpc_server_duration_seconds_bucket", { ...act, le: "30" })).toBe(3);
    expect(sampleValue(body, "boyd_rpc_client_duration_seconds_count", { ...act, code: "UNAVAILABLE" })).toBe(1);
    // The rpc's own service label wins over the process's default one.
    expect(sampleValue(body, "boyd_rpc_client_duration_seconds_count", { service: "act" })).toBeUndefined();
    expect(sampleValue(body, "boyd_cycles_total", { outcome: "ok", service: "act" })).toBe(1);
    expect(sampleValue(body, "boyd_cycle_duration_seconds_sum", { outcome: "ok" })).toBe(0.2);
    expect(sampleValue(body, "boyd_tool_executions_total", { tool: "kg_query", outcome: "executed" })).toBe(1);
    expect(sampleValue(body, "boyd_tool_denials_total", { tool: "shell", reason: "policy" })).toBe(1);
    expect(sampleValue(body, "boyd_working_memory_pressure", { agent: "a1", service: "act" })).toBe(0.25);
    expect(sampleValue(body, "boyd_working_memory_entries", { agent: "a1" })).toBe(5);
    // CPU time since the collector started may round to 0 on a loaded machine; the series must be there.
    expect(sampleValue(body, "process_cpu_user_seconds_total", { service: "act" })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(body, "nodejs_eventloop_lag_seconds", { service: "act" })).toBeDefined();
  });

  // Each agent ever seen kept its pair of series for good.
  it("working-memory gauges are exported for the 1,000 agents updated last", async () => {
    for (let i = 0; i < 1_001; i++) recordWorkingMemory(`many-${i}`, i, 0.5);
    recordWorkingMemory("many-1", 7, 0.5); // updated again: now the most recent
    recordWorkingMemory("many-late", 1, 0.5);
    const { body } = await renderMetrics();
    const agents = body
      .split("\n")
      .filter((line) => line.startsWith("boyd_working_memory_entries{"))
      .map((line) => line.slice(line.indexOf('agent="') + 'agent="'.length).split('"')[0]);
    expect(agents).toHaveLength(1_000);
    expect(agents).not.toContain("many-0");
    expect(agents).not.toContain("many-2");
    expect(sampleValue(body, "boyd_working_memory_entries", { agent: "many-1" })).toBe(7);
    expect(sampleValue(body, "boyd_working_memory_pressure", { agent: "many-late" })).toBe(0.5);
  });
});

