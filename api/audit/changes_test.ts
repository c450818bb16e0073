// What an audit entry records (issue 27): each field an administrator changed from and to, never
// a secret; and the caller's address on sign-in entries.

import assert from "node:assert/strict";
import { PASSWORD, signInFrom, testApi } from "../test_support.ts";

/** The newest entry of an action about a target, as the log answers it. */
async function newest(api: Awaited<ReturnType<typeof testApi>>, token: string, q: string) {
  const res = await api.call("GET", `/api/audit?limit=1&${q}`, undefined, token);
  assert.equal(res.status, 200, res.text);
  return res.json.data.entries[0];
}

Deno.test("a role change stores the role and the other edited field, each from and to", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("U1", "user", { station: "CAI", jobTitle: "Agent" });
    const r = await api.call("PUT", "/api/users/U1", { role: "admin", jobTitle: "Lead" }, root);
    assert.equal(r.status, 200, r.text);
    const e = await newest(api, root, "target=U1&action=user.update");
    const of = (field: string) => e.changes.find((c: { field: string }) => c.field === field);
    assert.deepEqual(of("role"), { field: "role", from: "user", to: "admin" });
    assert.deepEqual(of("jobTitle"), { field: "jobTitle", from: "Agent", to: "Lead" });
    // unchanged fields are not listed
    assert.equal(of("station"), undefined);
    assert.equal(of("firstName"), undefined);
    // the export writes it as the page does
    const csv = await api.call(
      "GET",
      "/api/audit/export?target=U1&action=user.update",
      undefined,
      root,
    );
    assert.ok(csv.text.includes("role: user → admin"), csv.text);
  } finally {
    api.close();
  }
});

Deno.test("apps, expiry, unlock and password reset record their values, never a password or hash", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("U1", "user", { accessibleApps: ["ffm-to-uws"], passwordExpiry: null });
    await api.call(
      "POST",
      "/api/users/U1/assign-apps",
      { appIds: ["ffm-to-uws", "uld-extractor"] },
      root,
    );
    const apps = await newest(api, root, "target=U1&action=user.apps");
    assert.deepEqual(apps.changes, [
      { field: "accessibleApps", from: "ffm-to-uws", to: "ffm-to-uws, uld-extractor" },
    ]);
    await api.call("POST", "/api/users/U1/extend-password", { days: 30 }, root);
    const extend = await newest(api, root, "target=U1&action=password.extend");
    assert.equal(extend.changes.length, 1);
    assert.equal(extend.changes[0].field, "passwordExpiry");
    assert.equal(extend.changes[0].from, "");
    assert.match(extend.changes[0].to, /^\d{4}-\d{2}-\d{2}T/);
    const reset = await api.call(
      "POST",
      "/api/users/U1/reset-password",
      { newPassword: "Brand-new-pass-77" },
      root,
    );
    assert.equal(reset.status, 200, reset.text);
    const entry = await newest(api, root, "target=U1&action=password.reset");
    const text = JSON.stringify(entry);
    assert.ok(!text.includes("Brand-new-pass-77"), text);
    assert.ok(!/argon2|\$2[aby]\$|passwordHash|temporaryPassword/i.test(text), text);
    // an unlock changes no field: no changes listed
    await api.call("POST", "/api/users/U1/unlock", {}, root);
    assert.equal((await newest(api, root, "target=U1&action=user.unlock")).changes, undefined);
  } finally {
    api.close();
  }
});

Deno.test("sign-in entries record the caller's address: success, wrong password and lockout", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("U1", "user", { accessibleApps: ["ffm-to-uws"] });
    const from = signInFrom(api);
    assert.equal((await from("10.1.2.3", "U1", PASSWORD)).status, 200);
    assert.equal((await from("10.9.9.9", "U1", "wrong-password")).status, 401);
    const ok = await newest(api, root, "target=U1&action=login.success");
    assert.equal(ok.address, "10.1.2.3");
    const failed = await newest(api, root, "target=U1&action=login.failed");
    assert.equal(failed.address, "10.9.9.9");
    let status = 401;
    for (let i = 0; i < 10 && status !== 423; i++) {
      status = (await from("10.7.7.7", "U1", "wrong-password")).status;
    }
    assert.equal(status, 423);
    assert.equal((await newest(api, root, "target=U1&action=login.locked")).address, "10.7.7.7");
  } finally {
    api.close();
  }
});

Deno.test("an approved activation records the account's status from and to", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("U2", "user", { isActive: false, activationStatus: "pending" });
    const asked = await api.call("POST", "/api/users/activation-request", {
      employeeCode: "U2",
      reason: "back from leave",
    });
    assert.equal(asked.status, 200, asked.text);
    const approved = await api.call("POST", "/api/users/U2/approve-activation", {}, root);
    assert.equal(approved.status, 200, approved.text);
    const e = await newest(api, root, "target=U2&action=activation.approve");
    const of = (field: string) => e.changes.find((c: { field: string }) => c.field === field);
    assert.deepEqual(of("isActive"), { field: "isActive", from: "no", to: "yes" });
    assert.deepEqual(of("activationStatus"), {
      field: "activationStatus",
      from: "pending",
      to: "approved",
    });
  } finally {
    api.close();
  }
});
