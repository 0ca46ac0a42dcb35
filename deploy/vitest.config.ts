import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "deploy",
    include: ["test/**/*.test.ts"],
    globalSetup: ["./test/ensure-kustomize.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
