// The screenshot tool's own Playwright config (not part of npm test): the built app on the real
// API with a fresh in-memory KV, as the browser suite runs it, but with the server's clock fixed
// (fixed_clock.ts) and one worker taking every screen in order (screens.ts). Run from the repo
// root after `npm run -s build:web`:
//   SCREENS_OUT=/tmp/screens-before node_modules/.bin/playwright test -c e2e/tools/screens.config.ts

import { defineConfig } from "@playwright/test";
import base, { ADMIN_PASSWORD, PORT } from "../playwright.config.ts";

/** The instant both clocks read (server and browser): Sunday 14 March 2027, 09:30 in Cairo. */
export const SCREENS_NOW = Date.UTC(2027, 2, 14, 7, 30, 0);

/** The screenshot tool: the suite's browser and server settings, its own test file and output. */
export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: "screens.ts",
  testIgnore: [],
  globalSetup: "../global_setup.ts",
  timeout: 300_000,
  reporter: [["list"]],
  outputDir: "../../test-results/screens",
  use: {
    ...base.use,
    viewport: { width: 1280, height: 900 },
    locale: "en-GB",
    timezoneId: "Africa/Cairo",
    colorScheme: "light",
    // the service worker would answer from its cache and fetch around the page's routes
    serviceWorkers: "block",
    permissions: ["clipboard-read", "clipboard-write"],
  },
  webServer: {
    command: "node_modules/.bin/deno run --preload e2e/tools/fixed_clock.ts " +
      "--allow-net --allow-read --allow-write --allow-env api/main.ts",
    cwd: "../..",
    url: `http://127.0.0.1:${PORT}/health/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      KV_PATH: ":memory:",
      PORTAL_ADMIN_CODE: "ADMIN",
      PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      TRUSTED_PROXY: "1",
      SCREENS_NOW: String(SCREENS_NOW),
    },
  },
});
