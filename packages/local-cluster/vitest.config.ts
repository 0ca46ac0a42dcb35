import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "local-cluster",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
