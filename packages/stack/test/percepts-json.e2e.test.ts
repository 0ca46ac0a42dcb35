import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectNats, decodeMessageHeader, headerOption, type Delivery, type NatsTransport } from "@boyd/bus";
import { DEAD_LETTER_REASON_HEADER, PERCEPT_DEAD_LETTER_PREFIX } from "@boyd/observe";
import type { Observation } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startStack, type Stack } from "../src/index.js";

// Percepts as someone without Boyd's code sends them: a plain nats.js publish, a header, a JSON body (`nats pub` does the same).
describe("percepts over NATS from outside: the proto JSON form, and garbage refused out loud (stack on nats-server)", () => {
  let nats: NatsServer;
  let dir: string;
  let stack: Stack;
  let outsider: NatsTransport;
  const logged: string[] = [];

  beforeAll(async () => {
    nats = await startNats();
    dir = await mkdtemp(join(tmpdir(), "boyd-percepts-"));
    await chmod(dir, 0o755);
    stack = await startStack({ dataDir: dir, nats: nats.url, namespace: "percepts", onError: (err, where) => logged.push(`${where}: ${(err as Error).message}`) });
    outsider = await connectNats({ servers: nats.url });
  }, 60_000);

  afterAll(async () => {
    await outsider?.close();
    await stack?.stop();
    await nats?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs one cycle of the agent and returns what its observe phase saw. */
  async function observeOnce(agentId: string): Promise<Observation> {
    let observation: Observation | undefined;
    const sub = stack.events.subscribe({ agentId, kind: "observed" }, (e) => {
      if (e.kind?.$case === "observed") observation = e.kind.value.observation;
    });
    await stack.transport.flush();
    await stack.agents.cycle({ agentId });
    await vi.waitFor(() => expect(observation).toBeDefined());
    await sub.drain();
    return observation!;
  }

  const publishRaw = (subject: string, body: string, headers: Record<string, string>) => {
    outsider.connection.publish(subject, new TextEncoder().encode(body), headerOption(headers));
    return outsider.connection.flush();
  };

  it("JSON percept - sent with Content-Type: application/json, it reaches the agent's next observation", async () => {
    await stack.agents.createAgent({ agentId: "listener", goals: [{ description: "Find the moons that orbit Mars" }] });
    await publishRaw("boyd.percepts.v1.listener", JSON.stringify({ source: "doorbell", content: "someone rang the bell", symbols: ["door:front"] }), { "Content-Type": "application/json" });
    const observation = await observeOnce("listener");
    expect(observation.percepts).toHaveLength(1);
    expect(observation.percepts[0]).toMatchObject({ agentId: "listener", source: "doorbell", content: "someone rang the bell", symbols: ["door:front"], contentType: "text/plain" });
    expect(observation.summary).toMatch(/1 percept/);
  }, 60_000);

  it("garbage percept - not delivered; it goes to boyd.deadletter.v1.percepts.<agent> with the reason, and the reason is logged", async () => {
    await stack.agents.createAgent({ agentId: "pestered", goals: [{ description: "Find the moons that orbit Mars" }] });
    const dead: Delivery[] = [];
    const sub = outsider.subscribe(`${PERCEPT_DEAD_LETTER_PREFIX}.pestered`, (m) => void dead.push(m));
    await outsider.flush();
    await publishRaw("boyd.percepts.v1.pestered", JSON.stringify({ content: "ok", colour: "red" }), { "Content-Type": "application/json" });
    await publishRaw("boyd.percepts.v1.pestered", "just some text", {});
    const observation = await observeOnce("pestered");
    expect(observation.percepts).toEqual([]);
    await vi.waitFor(() => expect(dead).toHaveLength(2));
    const reasons = dead.map((m) => decodeMessageHeader(m.headers[DEAD_LETTER_REASON_HEADER]!));
    expect(reasons[0]).toMatch(/unknown field "colour"/);
    expect(reasons[1]).toMatch(/not a boyd\.v1\.Percept in protobuf binary form/);
    expect(new TextDecoder().decode(dead[1]!.data)).toBe("just some text");
    expect(logged.filter((l) => l.startsWith("observe: percept for pestered refused (malformed)"))).toHaveLength(2);
    await sub.drain();
  }, 60_000);
});
