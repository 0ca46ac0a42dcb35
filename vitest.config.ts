import { defineConfig } from "vitest/config";

// One run over every package and service, so shared servers (Neo4j, later)
// start once per run, and one summary closes the output.
export default defineConfig({
  test: {
    projects: ["packages/*", "services/*", "bench", "deploy"],
    // First what a fresh clone lacks (the pinned nats-server, the Neo4j
    // launcher), then one Neo4j for the whole run; tests reach it with
    // inject("neo4jUri") and isolate their data by a unique label.
    globalSetup: ["./packages/testkit/src/ensure-deps-global-setup.ts", "./packages/testkit/src/neo4j-global-setup.ts"],
    reporters: ["default", "./scripts/summary-reporter.ts"],
  },
});
