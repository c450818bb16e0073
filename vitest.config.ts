import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/** Vitest projects: the pure engine (Node) and the web app (happy-dom). */
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
      {
        plugins: [react()],
        test: {
          name: "web",
          include: ["web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          environmentOptions: { happyDOM: { url: "http://localhost:8000/" } },
        },
      },
    ],
  },
});
