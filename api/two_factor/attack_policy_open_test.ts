// Issue 48, Low 8: a two-factor policy with no grace period applies to the sessions already open,
// at their next request, not only to sign-ins that come after it.

import assert from "node:assert/strict";
import { SET_UP_TWO_FACTOR_FIRST } from "../rules/two_factor.ts";
import { PASSWORD, testApi } from "../test_support.ts";
import { enrolTotp } from "./support_test_helpers.ts";

const DAY = 86400_000;

Deno.test("Low 8: an admin session opened before a policy without grace is held to setting one up at its next request", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    assert.equal(
      (await api.call("PUT", "/api/settings", { twoFactorPolicy: "none" }, root)).status,
      200,
    );
    // the attacker's session: an admin without a second factor, signed in while none was required
    await api.account("AOPEN", "admin", { canManageUsers: true, canAccessAdminApps: true });
    const login = await api.call("POST", "/api/auth/login", {
      employeeCode: "AOPEN",
      password: PASSWORD,
    });
    assert.equal(login.status, 200, login.text);
    const open = login.json.data.token as string;
    assert.equal((await api.call("GET", "/api/users/paginated", undefined, open)).status, 200);
    const set = await api.call("PUT", "/api/settings", {
      twoFactorPolicy: "admins",
      twoFactorGraceDays: 0,
    }, root);
    assert.equal(set.status, 200, set.text);
    // the very next request of the open session is held to the setup, like a new sign-in's
    for (const path of ["/api/users/paginated", "/api/users/stats", "/api/audit"]) {
      const res = await api.call("GET", path, undefined, open);
      assert.deepEqual([res.status, res.json.message], [403, SET_UP_TWO_FACTOR_FIRST], path);
    }
    const me = await api.call("GET", "/api/auth/me", undefined, open);
    assert.equal(me.status, 200);
    assert.equal(me.json.data.user.twoFactorSetupBy, new Date(api.clock.now).toISOString());
    // setting one up is what it may still do, and then it goes on
    await enrolTotp(api, open);
    assert.equal((await api.call("GET", "/api/users/paginated", undefined, open)).status, 200);
  } finally {
    api.close();
  }
});

Deno.test("Low 8: an open session is told the deadline of a policy set since, and held once the grace is taken away", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin", { twoFactorEnabled: true });
    await api.call("PUT", "/api/settings", { twoFactorPolicy: "none" }, root);
    const open = await api.account("AOPEN2", "admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
    });
    const set = await api.call("PUT", "/api/settings", {
      twoFactorPolicy: "admins",
      twoFactorGraceDays: 1,
    }, root);
    assert.equal(set.status, 200, set.text);
    const me = await api.call("GET", "/api/auth/me", undefined, open);
    assert.equal(me.json.data.user.twoFactorSetupBy, new Date(api.clock.now + DAY).toISOString());
    assert.equal((await api.call("GET", "/api/users/paginated", undefined, open)).status, 200);
    // the grace taken away: the policy now has none, and holds the open session at once
    api.clock.now += 60_000;
    const none = await api.call("PUT", "/api/settings", { twoFactorGraceDays: 0 }, root);
    assert.equal(none.status, 200, none.text);
    const late = await api.call("GET", "/api/users/paginated", undefined, open);
    assert.deepEqual([late.status, late.json.message], [403, SET_UP_TWO_FACTOR_FIRST]);
  } finally {
    api.close();
  }
});
