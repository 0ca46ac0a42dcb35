import { defineConfig } from "vitest/config";

// One run over every package and service, so shared servers (Neo4j, later)
// start once per run, and one summary closes the output.
export default defineConfig({
  test: {
    projects: ["packages/*", "services/*", "bench"],
    reporters: ["default", "./scripts/summary-reporter.ts"],
  },
});
