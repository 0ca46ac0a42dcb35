import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "stack",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
