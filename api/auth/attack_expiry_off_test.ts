// Issue 48, ASVS 18: password expiry can be turned off (0 = never; NIST SP 800-63B-4 forbids
// forced rotation), 90 days staying the default. Off, no change, reset, creation or approved
// activation sets an expiry, and a date an earlier setting gave forces nothing.

import assert from "node:assert/strict";
import { PASSWORD, testApi } from "../test_support.ts";

const DAY = 86400_000;

Deno.test("ASVS 18: 90 days stay the default; 0 turns expiry off for changes, resets, new accounts and activations", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const policy = async () =>
      (await api.call("GET", "/api/auth/password-policy", undefined, root)).json.data
        .passwordExpiryDays;
    assert.equal(await policy(), 90);
    const bad = await api.call("PUT", "/api/settings", { passwordExpiryDays: -1 }, root);
    assert.deepEqual([bad.status, bad.named], [
      400,
      "passwordExpiryDays: A password lasts 1 to 3650 days, or 0 for never",
    ]);
    const off = await api.call("PUT", "/api/settings", { passwordExpiryDays: 0 }, root);
    assert.equal(off.status, 200, off.text);
    assert.equal(await policy(), 0);
    const expiryOf = async (code: string) =>
      (await api.call("GET", `/api/users/${code}`, undefined, root)).json.data.passwordExpiry;

    // one's own change
    const own = await api.account("OWN1", "user");
    const changed = await api.call("POST", "/api/users/change-password", {
      employeeCode: "OWN1",
      currentPassword: PASSWORD,
      newPassword: "Another-pass-word-9",
    }, own);
    assert.equal(changed.status, 200, changed.text);
    assert.equal(await expiryOf("OWN1"), null);

    // a new account, and an administrator's reset
    const made = await api.call("POST", "/api/users", {
      employeeCode: "NEW1",
      firstName: "New",
      lastName: "One",
      station: "CAI",
    }, root);
    assert.equal(made.status, 201, made.text);
    assert.equal(made.json.data.passwordExpiry, null);
    await api.account("RST1", "user");
    const reset = await api.call("POST", "/api/users/RST1/reset-password", {}, root);
    assert.equal(reset.status, 200, reset.text);
    assert.equal(await expiryOf("RST1"), null);

    // an approved activation with the setting's period
    await api.account("ACT1", "user", { isActive: false });
    const asked = await api.call("POST", "/api/users/activation-request", {
      employeeCode: "ACT1",
      reason: "back from leave",
    });
    assert.equal(asked.status, 200, asked.text);
    const approved = await api.call("POST", "/api/users/ACT1/approve-activation", {}, root);
    assert.equal(approved.status, 200, approved.text);
    assert.equal(await expiryOf("ACT1"), null);
  } finally {
    api.close();
  }
});

Deno.test("ASVS 18: with expiry off, a date an earlier setting gave neither refuses the sign-in nor forces a change", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const past = new Date(api.clock.now - DAY).toISOString();
    // on: the expired password refuses the sign-in, and restricts an open session
    const open = await api.account("OLD1", "user", { passwordExpiry: past });
    const refused = await api.call("POST", "/api/auth/login", {
      employeeCode: "OLD1",
      password: PASSWORD,
    });
    assert.equal(refused.status, 403);
    assert.equal((await api.call("GET", "/api/users/OLD1", undefined, open)).status, 403);
    // off: neither
    const off = await api.call("PUT", "/api/settings", { passwordExpiryDays: 0 }, root);
    assert.equal(off.status, 200, off.text);
    assert.equal((await api.call("GET", "/api/users/OLD1", undefined, open)).status, 200);
    const me = await api.call("GET", "/api/auth/me", undefined, open);
    assert.equal(me.json.data.user.passwordExpiry, null);
    assert.equal(me.json.data.user.passwordChangeReason, null);
    const login = await api.call("POST", "/api/auth/login", {
      employeeCode: "OLD1",
      password: PASSWORD,
    });
    assert.equal(login.status, 200, login.text);
    assert.equal(login.json.data.user.passwordExpiry, null);
    // a one-time password still must be changed: only the expiry is off
    assert.equal(login.json.data.user.needsPasswordChange, false);
  } finally {
    api.close();
  }
});
