import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { i18nCatalogues } from "./web/i18n_plugin.ts";

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
        plugins: [i18nCatalogues(), react()],
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
