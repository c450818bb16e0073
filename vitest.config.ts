import { defineConfig } from "vitest/config";

/** Vitest projects: the pure engine now; the web app joins as its own project. */
export default defineConfig({
  test: {
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
    projects: [
      {
        test: {
          name: "engine",
          include: ["engine/**/*.test.ts"],
          environment: "node",
        },
      },
    ],
  },
});
