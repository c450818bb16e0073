import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import suite, { PORT } from "./playwright.config.ts";

/** Users the bench's store is loaded with (issue 51: the admin's list on 100,000 users). */
const USERS = Number(process.env.BENCH_BROWSER_USERS ?? "100000");
/** Audit entries loaded with them: a year of them, for the audit log's pages. */
const AUDIT = 20_000;
/** The store's folder: a file store, as seed-load fills one before the server starts on it. */
const STORE = join(tmpdir(), `portal-browser-bench-${PORT}`);

const server = suite.webServer as NonNullable<PlaywrightTestConfig["webServer"]> & {
  command: string;
  env: Record<string, string>;
};

/**
 * The browser benchmarks of `npm run bench` (design 8): the bench files only, against the suite's
 * server started on a store that `npm run kv -- seed-load` has filled first (about a minute and a
 * half for 100,000 users).
 */
export default defineConfig({
  ...suite,
  testMatch: ["browser_bench.ts", "flight_bench.ts", "station_bench.ts"],
  reporter: [["list"]],
  outputDir: "../node_modules/.cache/browser-bench",
  // each test runs its flow twice, at 1x and at 4x CPU
  timeout: 600_000,
  webServer: {
    ...server,
    command: `rm -rf ${STORE} && node_modules/.bin/deno run --allow-read --allow-write ` +
      `--allow-env --allow-net api/kv/cli.ts seed-load --users ${USERS} --audit ${AUDIT} ` +
      `>/dev/null && exec ${server.command}`,
    env: { ...server.env, KV_PATH: join(STORE, "portal.kv") },
    timeout: 600_000,
  },
});
