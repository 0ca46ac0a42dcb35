import { connectNats, createClient, type NatsTransport, type ServiceBinding } from "@boyd/bus";
import { GraphStore, openNeo4jBackend } from "@boyd/graph";
import { OrientServiceDefinition } from "@boyd/proto";
import { startNats, startNeo4j, uniqueLabel, type NatsServer, type Neo4jServer } from "@boyd/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveOrient } from "../src/index.js";

// Orient as deployed: its own NATS connection, Neo4j behind it. Neo4j gets
// its own server here (not the run-wide one) because this test kills it.
describe("orient service - on NATS with Neo4j, surviving a Neo4j outage", () => {
  let nats: NatsServer;
  let neo4j: Neo4jServer;
  let serverSide: NatsTransport;
  let callerSide: NatsTransport;
  let store: GraphStore;
  let binding: ServiceBinding;

  beforeAll(async () => {
    [nats, neo4j] = await Promise.all([startNats(), startNeo4j()]);
    store = new GraphStore(await openNeo4jBackend({ uri: neo4j.uri, label: uniqueLabel("Orient"), maxRetryTimeMs: 2_000 }));
    serverSide = await connectNats({ servers: nats.url });
    callerSide = await connectNats({ servers: nats.url });
    binding = await serveOrient(serverSide, store);
  });

  afterAll(async () => {
    await binding?.stop();
    await Promise.all([serverSide?.close(), callerSide?.close()]);
    await store?.close();
    await Promise.all([nats?.dispose(), neo4j?.dispose()]);
  });

  it("neo4j down - rpcs fail UNAVAILABLE while it is down, acknowledged data is there when it is back", async () => {
    const client = createClient(callerSide, OrientServiceDefinition, { timeoutMs: 20_000 });
    await client.mutate({ add: [{ subject: "earth", predicate: "orbits", object: "sun", confidence: 0.9 }] });
    expect((await client.activate({ seeds: ["earth"] })).activations.map((a) => a.symbol!.id)).toEqual(["sun"]);

    await neo4j.kill();
    const err = await client.query({ subject: "earth" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "UNAVAILABLE" });
    await expect(client.mutate({ add: [{ subject: "mars", predicate: "orbits", object: "sun" }] })).rejects.toMatchObject({ code: "UNAVAILABLE" });

    await neo4j.restart();
    // The driver reconnects by itself; the first calls may still see the restart.
    let triples: string[] | undefined;
    for (let i = 0; i < 20 && !triples; i++) {
      triples = await client.query({ subject: "earth" }).then(
        (r) => r.triples.map((t) => `${t.subject} ${t.object}`),
        () => undefined,
      );
    }
    expect(triples).toEqual(["earth sun"]);
    await client.mutate({ add: [{ subject: "mars", predicate: "orbits", object: "sun" }] });
    expect((await client.query({ object: "sun" })).triples.map((t) => t.subject)).toEqual(["earth", "mars"]);
  });
});
