// Attacks with the permission flags (issue 22, holes 7, 8 and 15): an admin giving a flag they
// lack, flags kept across a demotion, and different flags for the same role by different paths.
// Each test does what the attacker (or the administrator) did and asserts the safe outcome.

import assert from "node:assert/strict";
import { PERMISSION_FLAGS } from "../rules/flags.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { type TestApi, testApi } from "../test_support.ts";

/** The four flags of an account as the API answers or stores it. */
function flagsOf(user: Record<string, unknown>) {
  return Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, user[f]]));
}

/** The flags of an account as stored. */
async function storedFlags(api: TestApi, code: string) {
  const stored = (await api.kv.get<UserRecord>(keys.user(code))).value;
  assert.ok(stored !== null, `${code} is stored`);
  return flagsOf(stored as unknown as Record<string, unknown>);
}

/** A session of an account as it is stored, after its owner made the forced password change
 * (the record's flags, role and station are kept). */
async function sessionAs(api: TestApi, code: string): Promise<string> {
  const stored = (await api.kv.get<UserRecord>(keys.user(code))).value!;
  return await api.account(code, stored.role, { ...stored, needsPasswordChange: false });
}

/** An admin whose extend-passwords and admin-area flags a super admin removed. */
function narrowedAdmin(api: TestApi): Promise<string> {
  return api.account("NA", "admin", {
    canManageUsers: true,
    canExtendPasswords: false,
    canAccessAdminApps: false,
    canViewAllStations: false,
    station: "CAI",
  });
}

const NARROW = {
  canManageUsers: true,
  canExtendPasswords: false,
  canAccessAdminApps: false,
  canViewAllStations: false,
};

const newAdmin = (code: string) => ({
  employeeCode: code,
  firstName: "New",
  lastName: "Admin",
  station: "CAI",
  role: "admin",
});

Deno.test("hole 7: a narrowed admin's new admins get no flag the creator lacks, and cannot use one", async () => {
  const api = await testApi();
  try {
    const narrowed = await narrowedAdmin(api);
    const made = await api.call("POST", "/api/users", newAdmin("NEWADM"), narrowed);
    assert.equal(made.status, 201, made.json.message);
    assert.deepEqual(flagsOf(made.json.data), NARROW);
    assert.deepEqual(await storedFlags(api, "NEWADM"), NARROW);
    // the bulk path gives the same
    const bulk = await api.call(
      "POST",
      "/api/users/bulk",
      { users: [newAdmin("NEWADM2")] },
      narrowed,
    );
    assert.equal(bulk.status, 200, bulk.json.message);
    assert.equal(bulk.json.data.created, 1, JSON.stringify(bulk.json.data));
    assert.deepEqual(await storedFlags(api, "NEWADM2"), NARROW);

    // the attacker uses the new account: what the creator may do works, the rest does not
    await api.account("U5", "user", { station: "CAI" });
    const token = await sessionAs(api, "NEWADM");
    const read = await api.call("GET", "/api/users/U5", undefined, token);
    assert.equal(read.status, 200, read.json.message);
    const extend = await api.call("POST", "/api/users/U5/extend-password", { days: 365 }, token);
    assert.equal(extend.status, 403, extend.json.message);
    const stats = await api.call("GET", "/api/users/stats", undefined, token);
    assert.equal(stats.status, 403, stats.json.message);
    const audit = await api.call("GET", "/api/audit", undefined, token);
    assert.equal(audit.status, 403, audit.json.message);
  } finally {
    api.close();
  }
});

const NONE = {
  canManageUsers: false,
  canExtendPasswords: false,
  canAccessAdminApps: false,
  canViewAllStations: false,
};

Deno.test("hole 8: a demotion to user clears every flag; a station admin's promotion gives no all-stations access", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("S2", "super_admin", { station: "CAI" });
    const demoted = await api.call("PUT", "/api/users/S2", { role: "user" }, root);
    assert.equal(demoted.status, 200, demoted.json.message);
    assert.deepEqual(flagsOf(demoted.json.data), NONE);
    assert.deepEqual(await storedFlags(api, "S2"), NONE);
    // an admin demoted to user keeps nothing either, whoever demotes them
    const admin = await api.account("A1", "admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
      canExtendPasswords: true,
      canViewAllStations: false,
      station: "CAI",
    });
    await api.account("A2", "admin", { canViewAllStations: true, station: "CAI" });
    // (issue 48: the station admin may not demote an admin who holds a flag it lacks; the
    // super admin does)
    const refused = await api.call("PUT", "/api/users/A2", { role: "user" }, admin);
    assert.equal(refused.status, 403, refused.json.message);
    const down = await api.call("PUT", "/api/users/A2", { role: "user" }, root);
    assert.equal(down.status, 200, down.json.message);
    assert.deepEqual(await storedFlags(api, "A2"), NONE);

    // the station admin promotes both back: no flag the station admin lacks
    for (const code of ["S2", "A2"]) {
      const promoted = await api.call("PUT", `/api/users/${code}`, { role: "admin" }, admin);
      assert.equal(promoted.status, 200, promoted.json.message);
      assert.equal(promoted.json.data.canViewAllStations, false, code);
      assert.equal((await storedFlags(api, code)).canViewAllStations, false, code);
    }
    // and the promoted account does not reach another station's users
    await api.account("LHRU1", "user", { station: "LHR" });
    const token = await sessionAs(api, "S2");
    const own = await api.call("GET", "/api/users/A1", undefined, token);
    assert.equal(own.status, 200, own.json.message);
    const other = await api.call("GET", "/api/users/LHRU1", undefined, token);
    assert.equal(other.status, 404, other.json.message);
  } finally {
    api.close();
  }
});

Deno.test("hole 15: create and promote give the same flags for the same role, capped by the actor's", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const created = await api.call("POST", "/api/users", newAdmin("MADE"), root);
    assert.equal(created.status, 201, created.json.message);
    const user = { ...newAdmin("PROMO"), role: "user" };
    assert.equal((await api.call("POST", "/api/users", user, root)).status, 201);
    const promoted = await api.call("PUT", "/api/users/PROMO", { role: "admin" }, root);
    assert.equal(promoted.status, 200, promoted.json.message);
    assert.deepEqual(flagsOf(promoted.json.data), flagsOf(created.json.data));
    assert.deepEqual(await storedFlags(api, "PROMO"), await storedFlags(api, "MADE"));
    // the promoted admin's Admin Apps card leads into the admin area
    const token = await sessionAs(api, "PROMO");
    const stats = await api.call("GET", "/api/users/stats", undefined, token);
    assert.equal(stats.status, 200, stats.json.message);

    // a narrowed admin's promotion gives what their create gives: no flag they lack
    const narrowed = await narrowedAdmin(api);
    assert.equal(
      (await api.call("POST", "/api/users", { ...user, employeeCode: "PROMO2" }, narrowed)).status,
      201,
    );
    const up = await api.call("PUT", "/api/users/PROMO2", { role: "admin" }, narrowed);
    assert.equal(up.status, 200, up.json.message);
    assert.deepEqual(await storedFlags(api, "PROMO2"), NARROW);

    // a super admin may set other flags in the same edit as the role
    const chosen = await api.call("PUT", "/api/users/PROMO2", {
      role: "user",
    }, root);
    assert.equal(chosen.status, 200, chosen.json.message);
    const both = await api.call("PUT", "/api/users/PROMO2", {
      role: "admin",
      canViewAllStations: true,
      canExtendPasswords: false,
    }, root);
    assert.equal(both.status, 200, both.json.message);
    assert.deepEqual(await storedFlags(api, "PROMO2"), {
      canManageUsers: true,
      canExtendPasswords: false,
      canAccessAdminApps: true,
      canViewAllStations: true,
    });
  } finally {
    api.close();
  }
});
