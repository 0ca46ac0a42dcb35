import { BUILTIN_TOOLS, catalogVersion } from "@boyd/tools";
import { describe, expect, it } from "vitest";
import { KEPT_CATALOGS } from "../src/catalog-cache.js";
import { createDecideHandlers } from "../src/index.js";
import { decideRequest, used } from "./fixtures/requests.js";

const GIT = "run the command git status";
// kg_query already ran on the goal, so shell_exec is the best call left.
const history = [used("kg_query")];
const ctx = {} as Parameters<ReturnType<typeof createDecideHandlers>["decide"]>[1];
const VERSION = catalogVersion(BUILTIN_TOOLS);

describe("decide keeps a catalog by its version, so the controller sends it once", () => {
  it("catalog version - a request with the version alone scores the catalog sent before under it, exactly as with the tools", async () => {
    const handlers = createDecideHandlers({ now: () => 1_700_000_000_000 });
    const full = await handlers.decide({ ...decideRequest(GIT, { history }), tools: [...BUILTIN_TOOLS], catalogVersion: VERSION }, ctx);
    const short = await handlers.decide({ ...decideRequest(GIT, { history }), tools: [], catalogVersion: VERSION }, ctx);
    expect(short.decision).toEqual(full.decision);
    expect(short.decision!.call!.toolName).toBe("shell_exec");
  });

  it("catalog version - tools the request excludes are not scored from the kept catalog", async () => {
    const handlers = createDecideHandlers({ now: () => 1_700_000_000_000 });
    await handlers.decide({ ...decideRequest(GIT, { history }), tools: [...BUILTIN_TOOLS], catalogVersion: VERSION }, ctx);
    const { decision } = await handlers.decide({ ...decideRequest(GIT, { history }), tools: [], catalogVersion: VERSION, excludedTools: ["shell_exec"] }, ctx);
    expect(decision!.call!.toolName).not.toBe("shell_exec");
    expect(decision!.explanation!.alternatives.map((a) => a.toolName)).not.toContain("shell_exec");
  });

  it("catalog version - an unknown version is FAILED_PRECONDITION naming catalog_version (the caller sends the tools); a version that does not match the tools is INVALID_ARGUMENT", async () => {
    const handlers = createDecideHandlers({ now: () => 1_700_000_000_000 });
    await expect(handlers.decide({ ...decideRequest(GIT, { history }), tools: [], catalogVersion: VERSION }, ctx)).rejects.toMatchObject({
      code: "FAILED_PRECONDITION",
      message: expect.stringContaining(`catalog_version: "${VERSION}" is not known`),
    });
    await expect(handlers.decide({ ...decideRequest(GIT, { history }), tools: [...BUILTIN_TOOLS], catalogVersion: "0123456789abcdef" }, ctx)).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
      message: expect.stringContaining(`does not match the tools sent (their version is "${VERSION}")`),
    });
  });

  it(`catalog version - at most ${KEPT_CATALOGS} catalogs are kept, the oldest dropped first`, async () => {
    const handlers = createDecideHandlers({ now: () => 1_700_000_000_000 });
    const catalogs = Array.from({ length: KEPT_CATALOGS + 1 }, (_, i) => BUILTIN_TOOLS.slice(0, BUILTIN_TOOLS.length - i));
    for (const tools of catalogs) await handlers.decide({ ...decideRequest(GIT, { history }), tools, catalogVersion: catalogVersion(tools) }, ctx);
    await expect(handlers.decide({ ...decideRequest(GIT, { history }), tools: [], catalogVersion: catalogVersion(catalogs[0]!) }, ctx)).rejects.toMatchObject({ code: "FAILED_PRECONDITION" });
    await expect(handlers.decide({ ...decideRequest(GIT, { history }), tools: [], catalogVersion: catalogVersion(catalogs[1]!) }, ctx)).resolves.toBeDefined();
  });
});
