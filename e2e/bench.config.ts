import { defineConfig } from "@playwright/test";
import suite from "./playwright.config.ts";

/** The browser benchmarks of `npm run bench` (design 8): the suite's server, the bench files only. */
export default defineConfig({
  ...suite,
  testMatch: ["browser_bench.ts", "flight_bench.ts"],
  reporter: [["list"]],
  outputDir: "../node_modules/.cache/browser-bench",
  timeout: 180_000,
});
