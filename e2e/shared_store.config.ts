import { createHash } from "node:crypto";
import { defineConfig } from "@playwright/test";
import base, { ADMIN_PASSWORD, PORT } from "./playwright.config.ts";

/** Process A of the portal (the specs' baseURL): E2E_PORT, as the main suite's portal. */
export const PORT_A = PORT;
/** Process B of the portal, on the same store. */
export const PORT_B = PORT + 1;
/** The KV Connect test server the two share (api/kv/connect/), and its control port. */
const STORE_PORT = PORT + 2;
const CONTROL_PORT = PORT + 3;
/** The store's bearer token (a test server on the loopback address, for this run only). */
const TOKEN = `shared-store-e2e-${PORT}`;
/** One two-factor key for both processes, as operators set PORTAL_2FA_KEY (32 bytes, base64). */
const TWO_FACTOR_KEY = createHash("sha256").update(TOKEN).digest("base64");

/** One portal process on the shared store. */
function portal(port: number) {
  return {
    command:
      "node_modules/.bin/deno run --allow-net --allow-read --allow-write --allow-env api/main.ts",
    cwd: "..",
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      KV_PATH: `http://127.0.0.1:${STORE_PORT}/e2e`,
      DENO_KV_ACCESS_TOKEN: TOKEN,
      PORTAL_2FA_KEY: TWO_FACTOR_KEY,
      PORTAL_ADMIN_CODE: "ADMIN",
      PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      // each test calls from an address of its own (support.ts), as if through one proxy
      TRUSTED_PROXY: "1",
    },
  };
}

/** A short browser run on two portal processes sharing one denokv store over KV Connect (issue
 * 49): the built app served by both, the store a KV Connect front on the real denokv engine. The
 * webServers start in order: the store, then A, then B. */
export default defineConfig({
  ...base,
  testMatch: "shared_store.spec.ts",
  testIgnore: [],
  // the new install's policy checked and set to none, as for the main suite
  globalSetup: "./shared_store_setup.ts",
  reporter: [["list"], ["json", { outputFile: "../test-results/playwright-shared-store.json" }]],
  outputDir: "../test-results/playwright-shared-store",
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT_A}` },
  webServer: [
    {
      command: "node_modules/.bin/deno run --allow-net --allow-read --allow-write --allow-env " +
        `--allow-ffi api/kv/connect/store_server_main.ts --port ${STORE_PORT} ` +
        `--control-port ${CONTROL_PORT}`,
      cwd: "..",
      url: `http://127.0.0.1:${CONTROL_PORT}/counts`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { DENO_KV_ACCESS_TOKEN: TOKEN },
    },
    portal(PORT_A),
    portal(PORT_B),
  ],
});
