// ASVS 5.0 L2 (issue 48, item 16): a browser that once reached the portal over HTTPS keeps to
// HTTPS for at least a year, so a network attacker cannot strip TLS off a later visit.

import { openTestKv } from "../kv/connect/test_store.ts";
import assert from "node:assert/strict";
import { createApp } from "../app.ts";

/** The max-age of an answer's Strict-Transport-Security header, in seconds (0 without one). */
function maxAge(res: Response): number {
  const header = res.headers.get("strict-transport-security") ?? "";
  return Number(header.match(/max-age=(\d+)/)?.[1] ?? "0");
}

const YEAR = 365 * 24 * 3600;

Deno.test("item 16: HSTS is at least one year when the portal is served over HTTPS", async () => {
  const kv = await openTestKv();
  try {
    const portal = createApp({
      kv,
      now: Date.now,
      secureCookies: true,
      webOrigin: "https://portal.example.com",
    });
    const proxied = createApp({ kv, now: Date.now, secureCookies: true, trustedProxies: 1 });
    const answers = [
      await portal.request("https://portal.example.com/health"),
      await portal.request("https://portal.example.com/api/auth/password-policy"),
      await portal.request("https://portal.example.com/api/nothing-here"),
      await proxied.request("http://127.0.0.1:8000/api/auth/me", {
        headers: { "x-forwarded-proto": "https" },
      }),
    ];
    for (const res of answers) {
      await res.body?.cancel();
      assert.ok(maxAge(res) >= YEAR, `${res.url}: ${res.headers.get("strict-transport-security")}`);
    }
  } finally {
    kv.close();
  }
});
