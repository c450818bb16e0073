// Issue 48, ASVS 19: a new install requires two-factor sign-in of super admins and admins, with a
// 14-day grace; the policy can still be set to none. An install that has its settings already is
// left as its super admin set it.

import { openTestKv } from "../kv/connect/test_store.ts";
import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { keys } from "../store/keys.ts";
import type { Settings } from "../store/records.ts";
import { PASSWORD } from "../test_support.ts";
import { seed } from "../start/seed.ts";
import { getSettings } from "./settings.ts";

const DAY = 86400_000;
const NOW = Date.parse("2026-11-22T08:00:00Z");

/** A store seeded as a first start does it, with its app. */
async function newInstall() {
  const kv = await openTestKv();
  await seed(kv, NOW, { adminCode: "ROOT", adminPassword: PASSWORD });
  const app = createApp({ kv, now: () => NOW, secureCookies: false });
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  };
  return { kv, call };
}

Deno.test("ASVS 19: a new install requires a second factor of super admins and admins, 14 days' grace", async () => {
  const { kv, call } = await newInstall();
  try {
    const settings = await getSettings(kv);
    assert.equal(settings.twoFactorPolicy, "admins");
    assert.equal(settings.twoFactorGraceDays, 14);
    assert.equal(settings.twoFactorRequiredSince, new Date(NOW).toISOString());
    // the first super admin signs in within the grace: told until when, not held
    const login = await call("POST", "/api/auth/login", {
      employeeCode: "ROOT",
      password: PASSWORD,
    });
    assert.equal(login.status, 200);
    assert.equal(login.json.data.user.twoFactorSetupBy, new Date(NOW + 14 * DAY).toISOString());
    const token = login.json.data.token as string;
    const changed = await call("POST", "/api/users/change-password", {
      employeeCode: "ROOT",
      currentPassword: PASSWORD,
      newPassword: "First-admin-pass-9",
    }, token);
    assert.equal(changed.status, 200, changed.json.message);
    // the policy can still be set to none (a security setting: the password again first)
    const confirmed = await call(
      "POST",
      "/api/auth/step-up",
      { password: "First-admin-pass-9" },
      token,
    );
    assert.equal(confirmed.status, 200, confirmed.json.message);
    const none = await call("PUT", "/api/settings", { twoFactorPolicy: "none" }, token);
    assert.equal(none.status, 200, none.json.message);
    const me = await call("GET", "/api/auth/me", undefined, token);
    assert.equal(me.json.data.user.twoFactorSetupBy, null);
  } finally {
    kv.close();
  }
});

Deno.test("ASVS 19: an install with its settings stored keeps them (no policy forced on restart)", async () => {
  const kv = await openTestKv();
  try {
    const existing: Settings = {
      minPasswordLength: 8,
      uwsRouting: { priority: "QD", address: "CAIKKMS", sender: ".CAIFFMS" },
    };
    await kv.set(keys.settings(), existing);
    await seed(kv, NOW, { adminCode: "ROOT", adminPassword: PASSWORD });
    const after = await getSettings(kv);
    assert.equal(after.twoFactorPolicy, undefined);
    // and a restart of a new install leaves its policy as its super admin set it
    const fresh = await newInstall();
    await fresh.kv.set(keys.settings(), {
      ...(await getSettings(fresh.kv)),
      twoFactorPolicy: "none",
    });
    await seed(fresh.kv, NOW + DAY, { adminCode: "ROOT", adminPassword: PASSWORD });
    assert.equal((await getSettings(fresh.kv)).twoFactorPolicy, "none");
    fresh.kv.close();
  } finally {
    kv.close();
  }
});
