// The controller binds an agent's memory reads to its last write: each
// Remember's memory_position is kept per agent and sent back as
// after_position with that agent's next Recall, ListRules and Remember,
// and as memory_position with its Observe. Another agent's calls carry
// its own position (0 before its first Remember); a position the caller
// set itself is left as it is.
import { InProcessTransport, serveService, type ServiceHandlers } from "@boyd/bus";
import { MemoryServiceDefinition, ObserveServiceDefinition, RememberResponse, type ObserveRequest } from "@boyd/proto";
import { afterEach, describe, expect, it } from "vitest";
import { servicePorts } from "../src/cycle/ports.js";

const transport = new InProcessTransport();

/** Every rpc of `definition` refusing, but those given. */
function only(definition: { methods: object }, given: object): never {
  const refuse = () => Promise.reject(new Error("not called in this test"));
  return { ...Object.fromEntries(Object.keys(definition.methods).map((name) => [name, refuse])), ...given } as never;
}
afterEach(async () => {
  await transport.close();
});

describe("memory positions - the controller's memory calls carry the agent's last write position", () => {
  it("Remember's position goes with the same agent's next Recall, ListRules, Remember and Observe, and only that agent's", async () => {
    const seen: [string, string, number][] = [];
    let next = 40;
    const memory: Partial<ServiceHandlers<typeof MemoryServiceDefinition>> = {
      remember: (r) => (seen.push(["remember", r.agentId, r.afterPosition]), RememberResponse.fromPartial({ memoryPosition: (next += 2) })),
      recall: (r) => (seen.push(["recall", r.agentId, r.afterPosition]), { episodes: [], facts: [], episodeScores: [], factScores: [], recentIncluded: false, recent: undefined }),
      listRules: (r) => (seen.push(["listRules", r.agentId, r.afterPosition]), { rules: [] }),
    };
    const observe: Partial<ServiceHandlers<typeof ObserveServiceDefinition>> = {
      observe: (r: ObserveRequest) => (seen.push(["observe", r.agentId, r.memoryPosition]), { observation: undefined }),
    };
    const bindings = [
      await serveService(transport, MemoryServiceDefinition, only(MemoryServiceDefinition, memory)),
      await serveService(transport, ObserveServiceDefinition, only(ObserveServiceDefinition, observe)),
    ];
    try {
      const ports = servicePorts(transport, async () => undefined);
      await ports.memory.remember({ agentId: "ann", cycle: 1 });
      await ports.observe.observe({ agentId: "ann", cycle: 2 });
      await ports.memory.listRules({ agentId: "ann" });
      await ports.memory.recall({ agentId: "ann", query: "moons" });
      await ports.memory.recall({ agentId: "bob", query: "moons" });
      await ports.memory.remember({ agentId: "ann", cycle: 2 });
      await ports.memory.recall({ agentId: "ann", query: "moons" });
      await ports.memory.recall({ agentId: "ann", query: "moons", afterPosition: 7 });
      expect(seen).toEqual([
        ["remember", "ann", 0],
        ["observe", "ann", 42],
        ["listRules", "ann", 42],
        ["recall", "ann", 42],
        ["recall", "bob", 0],
        ["remember", "ann", 42],
        ["recall", "ann", 44],
        ["recall", "ann", 7],
      ]);
    } finally {
      for (const b of bindings) await b.stop();
    }
  });
});
