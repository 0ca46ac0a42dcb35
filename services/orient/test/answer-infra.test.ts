import { describe, expect, it } from "vitest";
import { ask, graphWith as graphFrom, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Services, what they depend on and are written in: a graph the reading rules were not written against.
const SERVICES: Facts = [
  ...["checkout", "payments", "inventory", "search", "auth", "notifications"].map((s) => [s, "is_a", "service"] as const),
  ["checkout", "depends_on", "payments"],
  ["checkout", "depends_on", "inventory"],
  ["checkout", "depends_on", "auth"],
  ["payments", "depends_on", "auth"],
  ["search", "depends_on", "auth"],
  ["notifications", "depends_on", "auth"],
  ["checkout", "written_in", "typescript"],
  ["notifications", "written_in", "typescript"],
  ["search", "written_in", "go"],
  ["inventory", "written_in", "go"],
  ["payments", "written_in", "java"],
  ["auth", "written_in", "rust"],
  ["auth", "owned_by", "team_platform"],
  ["payments", "owned_by", "team_money"],
  ["team_money", "is_a", "team"],
  ["notifications", "owned_by", "team_platform"],
  ["team_platform", "is_a", "team"],
  ["auth", "deployed_in", "us_east"],
  ["notifications", "deployed_in", "ap_south"],
];

const graphWith = (triples: Facts) => graphFrom(triples, "services.csv");

describe("answering - a verb right before another thing named ties the answer to it", () => {
  it("'Which services that depend on auth are written in Go?' is search, not checkout (which depends on inventory, written in Go)", async () => {
    const store = await graphWith(SERVICES);
    const go = await ask(store, "Which services that depend on auth are written in Go?");
    expect(ids(go)).toEqual(["search"]);
    expect(go.pattern).toBe("?x depends_on auth, ?x is_a service, ?x written_in go");
    expect(proofOf(go, "search")).toContain("search written_in go");
    // Read from TypeScript, "depend" also named the way from checkout to payments: payments was the answer.
    expect(ids(await ask(store, "Which services that depend on auth are written in TypeScript?"))).toEqual(["checkout", "notifications"]);
    expect(ids(await ask(store, "Which services that are written in TypeScript depend on auth?"))).toEqual(["checkout", "notifications"]);
    expect(ids(await ask(store, "Which services written in TypeScript depend on auth?"))).toEqual(["checkout", "notifications"]);
  });

  it("a class named stays a thing the path may pass ('services owned by a team'), and two things named each keep their verb", async () => {
    const store = await graphWith(SERVICES);
    expect(ids(await ask(store, "Which services that are owned by team platform are deployed in us east?"))).toEqual(["auth"]);
    expect(ids(await ask(store, "Which services are owned by a team?"))).toEqual(["auth", "notifications", "payments"]);
  });

  it("a fact further on goes the way the words say of the class it starts from: 'Which services depend on a service owned by team money?' is checkout, not auth", async () => {
    const store = await graphWith(SERVICES);
    const money = await ask(store, "Which services depend on a service owned by team money?");
    expect(ids(money)).toEqual(["checkout"]);
    expect(money.pattern).toBe("?y1 owned_by team_money, ?x depends_on ?y1, ?x is_a service, ?y1 is_a service");
    // payments depends_on auth read from payments' side: services payments depends on.
    expect(ids(await ask(store, "Which services depend on a service written in Java?"))).toEqual(["checkout"]);
    expect(ids(await ask(store, "Which team owns the service that notifications depends on?"))).toEqual(["team_platform"]);
  });
});
