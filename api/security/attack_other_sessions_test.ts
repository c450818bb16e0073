// Issue 48, item 14 (ASVS 5.0 L2: other sessions end after a change of the credentials): a session
// stolen earlier kept working after its victim changed a second factor, and no one could end
// every session at once. Now a password change or a change of one's second factors ends the
// user's other sessions (the one that made it stays), and a super admin, their password
// confirmed, signs out everyone but themselves.

import assert from "node:assert/strict";
import { enrolTotp } from "../two_factor/support_test_helpers.ts";
import { anotherSession, PASSWORD, type TestApi, testApi } from "../test_support.ts";

/** The status GET /api/auth/me answers the holder of `token`. */
async function me(api: TestApi, token: string) {
  return (await api.call("GET", "/api/auth/me", undefined, token)).status;
}

const SUPER = {
  canManageUsers: true,
  canAccessAdminApps: true,
  canExtendPasswords: true,
  canViewAllStations: true,
};

Deno.test("attack 14: a stolen session ends when its victim changes the password", async () => {
  const api = await testApi();
  try {
    const own = await api.account("V1", "user");
    const stolen = await anotherSession(api, "V1");
    assert.equal(await me(api, stolen), 200);
    const changed = await api.call("POST", "/api/users/change-password", {
      employeeCode: "V1",
      currentPassword: PASSWORD,
      newPassword: "Harbour-lights-92",
    }, own);
    assert.equal(changed.status, 200, changed.text);
    assert.equal(await me(api, stolen), 401);
    assert.equal(await me(api, own), 200);
  } finally {
    api.close();
  }
});

Deno.test("attack 14: a stolen session ends when its victim sets up or removes a second factor", async () => {
  const api = await testApi();
  try {
    const own = await api.account("V1", "user");
    const stolen = await anotherSession(api, "V1");
    await enrolTotp(api, own);
    assert.equal(await me(api, stolen), 401, "the enrolment ended the other session");
    assert.equal(await me(api, own), 200, "the session that set it up stays");

    const later = await anotherSession(api, "V1");
    const removed = await api.call("DELETE", "/api/auth/two-factor/totp", {
      password: PASSWORD,
    }, own);
    assert.equal(removed.status, 200, removed.text);
    assert.equal(await me(api, later), 401, "the removal ended the other session");
    assert.equal(await me(api, own), 200);
    const listed = await api.call("GET", "/api/auth/sessions", undefined, own);
    assert.equal(listed.json.data.length, 1);
  } finally {
    api.close();
  }
});

Deno.test("attack 14: a super admin's reset of a second factor ends every session of its owner", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin", SUPER);
    const own = await api.account("V1", "user");
    await enrolTotp(api, own);
    const stolen = await anotherSession(api, "V1");
    const reset = await api.call("DELETE", "/api/users/V1/two-factor", undefined, root);
    assert.equal(reset.status, 200, reset.text);
    assert.equal(await me(api, stolen), 401);
    assert.equal(await me(api, own), 401);
  } finally {
    api.close();
  }
});

Deno.test("attack 14: a super admin signs out everyone, with the password confirmed; only their own session stays", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin", SUPER);
    const rootElsewhere = await anotherSession(api, "S1");
    const others = [
      await api.account("U1", "user"),
      await api.account("A1", "admin", { canManageUsers: true, canAccessAdminApps: true }),
      await api.account("S2", "super_admin", SUPER),
    ];
    const path = "/api/auth/sessions/sign-out-everyone";
    // an admin may not, and a super admin's session alone may not
    const admin = await api.call("POST", path, {}, others[1]);
    assert.equal(admin.status, 403);
    api.clock.now += 10 * 60_000;
    const unconfirmed = await api.call("POST", path, {}, root);
    assert.equal(unconfirmed.status, 403);
    for (const t of [...others, rootElsewhere]) assert.equal(await me(api, t), 200);

    const confirmed = await api.call("POST", "/api/auth/step-up", { password: PASSWORD }, root);
    assert.equal(confirmed.status, 200, confirmed.text);
    const done = await api.call("POST", path, {}, root);
    assert.equal(done.status, 200, done.text);
    for (const t of [...others, rootElsewhere]) assert.equal(await me(api, t), 401);
    assert.equal(await me(api, root), 200);
    const listed = await api.call("GET", "/api/auth/sessions", undefined, root);
    assert.equal(listed.json.data.length, 1);
    // audited, and a new sign-in works as before
    const audit = await api.call("GET", "/api/audit?action=sessions.end_all", undefined, root);
    assert.equal(audit.json.data.entries.length, 1);
    const login = await api.call("POST", "/api/auth/login", {
      employeeCode: "U1",
      password: PASSWORD,
    });
    assert.equal(login.status, 200, login.text);
    assert.equal(await me(api, login.json.data.token), 200);
  } finally {
    api.close();
  }
});
