import { describe, expect, it } from "vitest";
import { serveConsole } from "./fixtures.js";
import { openSse } from "./sse-reader.js";

describe("an event stream AgentService ends", () => {
  it("the controller shutting down: the page gets an `error` event with AgentService's status, then the stream ends", async () => {
    const served = await serveConsole("boyd-console-events-end-");
    try {
      await served.stack.agents.createAgent({ agentId: "mars", goals: [{ description: "Find the moons that orbit Mars" }] });
      const stream = await openSse(new URL("/api/agents/mars/events?from_seq=1", served.console.url).href);
      expect((await stream.next())?.event).toBe("boyd");
      await served.stack.controller!.stop();
      let last = await stream.next();
      while (last?.event === "boyd") last = await stream.next();
      expect(last?.event).toBe("error");
      expect(JSON.parse(last!.data)).toMatchObject({ error: { code: "UNAVAILABLE" } });
      expect(await stream.next()).toBeUndefined();
    } finally {
      await served.stop();
    }
  });
});
