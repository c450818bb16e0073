// Attack by DNS rebinding (issue 48, low 10): a page of another site whose name was made to point
// at the portal's address calls the API as same-origin, with its own name in Host and Origin.
// With PORTAL_ORIGIN set, the API answers only requests for the portal's own host, and passkeys
// take their relying party from PORTAL_ORIGIN, never from the Host header.

import { openTestKv } from "../kv/connect/test_store.ts";
import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { PASSWORD } from "../test_support.ts";
import { seed } from "../start/seed.ts";

const ORIGIN = "https://portal.example.com";

/** The app with PORTAL_ORIGIN set, on a store with super admin ROOT. */
async function portal() {
  const kv = await openTestKv();
  await seed(kv, Date.now(), { adminCode: "ROOT", adminPassword: PASSWORD });
  const app = createApp({ kv, now: Date.now, secureCookies: true, webOrigin: ORIGIN });
  /** A call to `path` at `host`, with `headers` (an Origin, say). */
  const call = async (
    host: string,
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ) => {
    const res = await app.request(`http://${host}${path}`, {
      method,
      headers: {
        host,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  };
  return { kv, call };
}

Deno.test("finding 10: with PORTAL_ORIGIN set, a request for another host is refused", async () => {
  const { kv, call } = await portal();
  try {
    const login = { employeeCode: "ROOT", password: PASSWORD };
    // the rebinding page: its own name in Host, and in Origin as a same-origin page sends it
    const rebound = await call("evil.example:8000", "POST", "/api/auth/login", {
      origin: "http://evil.example:8000",
    }, login);
    assert.equal(rebound.status, 403, JSON.stringify(rebound.json));
    assert.equal(rebound.json.data, undefined);
    // a read too: the session-less reads of the API are not the rebinding page's either
    const read = await call("evil.example:8000", "GET", "/api/auth/password-policy");
    assert.equal(read.status, 403);
    // the portal's own host, from another origin's page: refused as before
    const crossSite = await call("portal.example.com", "POST", "/api/auth/login", {
      origin: "https://evil.example",
    }, login);
    assert.equal(crossSite.status, 403);
    // the right host, with an origin of the same host but another scheme: not the portal's
    const otherScheme = await call("portal.example.com", "POST", "/api/auth/login", {
      origin: "http://portal.example.com",
    }, login);
    assert.equal(otherScheme.status, 403);
    // the portal's own page signs in
    const own = await call(
      "portal.example.com",
      "POST",
      "/api/auth/login",
      { origin: ORIGIN },
      login,
    );
    assert.equal(own.status, 200, JSON.stringify(own.json));
  } finally {
    kv.close();
  }
});

Deno.test("finding 10: the passkey relying party is PORTAL_ORIGIN's host, not the Host header", async () => {
  const { kv, call } = await portal();
  try {
    const options = await call("portal.example.com", "POST", "/api/auth/passkey/options", {
      origin: ORIGIN,
    }, {});
    assert.equal(options.status, 200, JSON.stringify(options.json));
    assert.equal(options.json.data.rpId, "portal.example.com");
  } finally {
    kv.close();
  }
});
