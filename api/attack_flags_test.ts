// Attacks with the permission flags (issue 22, holes 7, 8 and 15): an admin giving a flag they
// lack, flags kept across a demotion, and different flags for the same role by different paths.
// Each test does what the attacker (or the administrator) did and asserts the safe outcome.

import assert from "node:assert/strict";
import { PERMISSION_FLAGS } from "./rules/flags.ts";
import { keys, type UserRecord } from "./store.ts";
import { type TestApi, testApi } from "./test_support.ts";

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
