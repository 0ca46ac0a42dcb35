import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUILTIN_TOOLS } from "@boyd/tools";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configFromEnv, createDecideHandlers, loadSynonyms } from "../src/index.js";
import { decideRequest } from "./fixtures/requests.js";

describe("decide configuration", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "boyd-decide-config-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the environment and names a bad variable", () => {
    expect(configFromEnv({ BOYD_NATS_URL: "nats://127.0.0.1:4222", BOYD_SYNONYMS_FILE: "/x.json" })).toMatchObject({ catalogTtlSeconds: 10, synonymsFile: "/x.json", logLevel: "info" });
    expect(() => configFromEnv({ BOYD_LOG_LEVEL: "loud" })).toThrow(/BOYD_LOG_LEVEL/);
  });

  it("loads extra synonyms, and names the file and entry when one is bad", async () => {
    const good = join(dir, "good.json");
    writeFileSync(good, JSON.stringify({ weather: ["forecast", "meteo", "rain"] }));
    const synonyms = loadSynonyms(good);
    const tool = { ...BUILTIN_TOOLS.find((t) => t.name === "http_fetch")!, name: "weather_report", keywords: ["weather"], requiredParams: [] };
    const ctx = {} as Parameters<ReturnType<typeof createDecideHandlers>["decide"]>[1];
    const similarity = async (options: Parameters<typeof createDecideHandlers>[0]) => {
      const { decision } = await createDecideHandlers(options).decide({ ...decideRequest("what does the meteo say"), tools: [tool] }, ctx);
      const factor = decision!.explanation!.contextFactors.find((f) => f.startsWith("excluded weather_report"));
      return decision!.explanation!.alternatives.find((a) => a.toolName === "weather_report")?.score?.similarity ?? Number(/similarity (\S+)/.exec(factor!)![1]);
    };
    expect(await similarity({ encoder: { synonyms } })).toBeGreaterThan((await similarity({})) + 0.1);

    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ "two words": ["x"] }));
    expect(() => loadSynonyms(bad)).toThrow(`${bad}: two words: "two words" a root must be a single word`);
    writeFileSync(bad, JSON.stringify({ sky: [] }));
    expect(() => loadSynonyms(bad)).toThrow(`${bad}: sky: needs at least one word`);
    writeFileSync(bad, "{ nope");
    expect(() => loadSynonyms(bad)).toThrow(new RegExp(`^${bad}: `));
  });
});
