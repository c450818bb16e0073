import { defineConfig } from "@playwright/test";

/** Port of the portal the browser suite starts (a fresh in-memory KV each run); E2E_PORT moves it. */
export const PORT = Number(process.env.E2E_PORT ?? "8765");
/** Password of the first super admin of the suite's portal. */
export const ADMIN_PASSWORD = "Admin-e2e-pass-1";

/** The browser suite: system Chromium (never downloaded) against the built app on the real API. */
export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  // the two-process run has its own config and servers (shared_store.config.ts)
  testIgnore: "shared_store.spec.ts",
  // checks the new install's two-factor policy, then sets it to none for the specs
  globalSetup: "./global_setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"], ["json", { outputFile: "../test-results/playwright.json" }]],
  outputDir: "../test-results/playwright",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command:
      "node_modules/.bin/deno run --allow-net --allow-read --allow-write --allow-env api/main.ts",
    cwd: "..",
    // ready: the server listens before it has seeded its store (api/main.ts)
    url: `http://127.0.0.1:${PORT}/health/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      KV_PATH: ":memory:",
      PORTAL_ADMIN_CODE: "ADMIN",
      PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      // each test calls from an address of its own (support.ts), as if through one proxy
      TRUSTED_PROXY: "1",
    },
  },
});
