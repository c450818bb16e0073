// Attacks of the second round on passwords (issue 22, holes 1, 4, 5 and 6): the shared default
// password, guessing the current password, flooding the hash queue, and an address's failures
// that shut its correct passwords out. Each test does what the attacker did.

import assert from "node:assert/strict";
import { useHashPool } from "./auth.ts";
import { HashPool } from "./hash_pool.ts";
import { ADDRESS_LIMIT } from "./sign_in.ts";
import { PASSWORD, signInFrom, testApi } from "../test_support.ts";

/** The default password the store of the tests had before one-time passwords. */
const OLD_DEFAULT = "Default-pass-9";

const login = (api: Awaited<ReturnType<typeof testApi>>, code: string, password: string) =>
  api.call("POST", "/api/auth/login", { employeeCode: code, password });

Deno.test("hole 1: an account created without a password cannot be claimed with a shared default", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const created = await api.call("POST", "/api/users", {
      employeeCode: "NEWSA",
      firstName: "New",
      lastName: "Admin",
      station: "CAI",
      role: "super_admin",
    }, root);
    assert.equal(created.status, 201, created.json.message);
    // the attacker knows the old default: it opens nothing
    assert.equal((await login(api, "NEWSA", OLD_DEFAULT)).status, 401);
    // the admin who acted got a one-time password of its own, readable, at least 12 characters
    const otp = created.json.data.oneTimePassword as string;
    assert.match(otp, /^[A-HJ-NP-Za-km-z2-9]{12,}$/);
    assert.ok(!created.text.includes("passwordHash"));
    // it is not stored in clear
    const stored = JSON.stringify((await api.kv.get(["users", "NEWSA"])).value);
    assert.ok(!stored.includes(otp));
    // the owner signs in with it once, and must change it
    const first = await login(api, "NEWSA", otp);
    assert.equal(first.status, 200, first.json.message);
    assert.equal(first.json.data.user.needsPasswordChange, true);
    const token = first.json.data.token as string;
    assert.equal((await api.call("GET", "/api/settings", undefined, token)).status, 403);
    // a second use is refused with a way forward
    const again = await login(api, "NEWSA", otp);
    assert.equal(again.status, 403);
    assert.equal(
      again.json.message,
      "This one-time password was already used. Ask an administrator for a new one.",
    );
    // the change works with it, and then the account is the owner's
    const changed = await api.call("POST", "/api/users/change-password", {
      employeeCode: "NEWSA",
      currentPassword: otp,
      newPassword: "Owner-chosen-pass-7",
    }, token);
    assert.equal(changed.status, 200, changed.json.message);
    assert.equal((await login(api, "NEWSA", "Owner-chosen-pass-7")).status, 200);
  } finally {
    api.close();
  }
});

Deno.test("hole 1: a reset gives a one-time password that expires after the setting", async () => {
  const api = await testApi();
  try {
    const admin = await api.account("A1", "admin", { canManageUsers: true });
    await api.account("U1", "user");
    const reset = await api.call("POST", "/api/users/U1/reset-password", {}, admin);
    assert.equal(reset.status, 200, reset.json.message);
    const otp = reset.json.data.oneTimePassword as string;
    assert.equal(typeof otp, "string");
    assert.equal(
      reset.json.data.oneTimePasswordExpiresAt,
      new Date(api.clock.now + 72 * 3600_000).toISOString(),
    );
    assert.equal((await login(api, "U1", OLD_DEFAULT)).status, 401);
    api.clock.now += 72 * 3600_000 + 1000;
    const late = await login(api, "U1", otp);
    assert.equal(late.status, 403);
    assert.equal(
      late.json.message,
      "This one-time password has expired. Ask an administrator for a new one.",
    );
    // a custom password set by an admin is temporary in the same way (a new session: the first
    // one ended with its 8 hours)
    const admin2 = await api.account("A2", "admin", { canManageUsers: true });
    const custom = await api.call("POST", "/api/users/U1/reset-password", {
      newPassword: "Admin-typed-pass-4",
    }, admin2);
    assert.equal(custom.status, 200, custom.json.message);
    assert.equal(custom.json.data.oneTimePassword, undefined);
    assert.equal((await login(api, "U1", "Admin-typed-pass-4")).status, 200);
    assert.equal((await login(api, "U1", "Admin-typed-pass-4")).status, 403);
  } finally {
    api.close();
  }
});

Deno.test("hole 1: approved registrations and activated imports get their own one-time password", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const csv = "employeeCode,fullName,email,station\nIMP1,Imp One,imp1@example.com,CAI\n";
    const imported = await api.call("POST", "/api/users/import", { csv }, root);
    assert.equal(imported.status, 200, imported.json.message);
    const activated = await api.call("PUT", "/api/users/IMP1", { isActive: true }, root);
    assert.equal(activated.status, 200, activated.json.message);
    assert.equal((await login(api, "IMP1", OLD_DEFAULT)).status, 401);
    const otp = activated.json.data.oneTimePassword as string;
    assert.equal((await login(api, "IMP1", otp)).status, 200);
    // the settings no longer hold a shared password
    const settings = await api.call("GET", "/api/settings", undefined, root);
    assert.ok(!("defaultPassword" in settings.json.data));
    assert.equal(settings.json.data.oneTimePasswordHours, 72);
  } finally {
    api.close();
  }
});

Deno.test("hole 4: wrong current passwords count like failed sign-ins, are audited and lock", async () => {
  const api = await testApi();
  try {
    const token = await api.account("U4", "user");
    const root = await api.account("S1", "super_admin");
    const guess = (currentPassword: string) =>
      api.call("POST", "/api/users/change-password", {
        employeeCode: "U4",
        currentPassword,
        newPassword: "Taken-over-pass-2",
      }, token);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await guess(`guess-${i}`)).status);
    assert.deepEqual(answers, [400, 400, 400, 400, 423, 423]);
    // locked: the right one is refused too, and nothing changed
    assert.equal((await guess(PASSWORD)).status, 423);
    assert.equal((await login(api, "U4", "Taken-over-pass-2")).status, 423);
    const log = await api.call("GET", "/api/audit?target=U4", undefined, root);
    const actions = (log.json.data.entries as { action: string }[]).map((e) => e.action);
    assert.equal(actions.filter((a) => a === "password.change.failed").length, 4);
    assert.ok(actions.includes("password.change.locked"), actions.join());
  } finally {
    api.close();
  }
});

Deno.test("hole 5: one user flooding change-password does not block a colleague's sign-in", async () => {
  const api = await testApi();
  useHashPool(new HashPool({ workers: 1, maxQueue: 8 }));
  try {
    const token = await api.account("FLOOD", "user");
    await api.account("COLL", "user");
    const flood = Array.from(
      { length: 30 },
      (_, i) =>
        api.call("POST", "/api/users/change-password", {
          employeeCode: "FLOOD",
          currentPassword: PASSWORD,
          newPassword: `Torrent-pass-${i}-x`,
        }, token),
    );
    const colleague = await signInFrom(api)("198.51.100.9", "COLL", PASSWORD);
    assert.equal(colleague.status, 200, colleague.message);
    const results = await Promise.all(flood);
    assert.ok(results.some((r) => r.status === 429), "the flood was bounded");
  } finally {
    useHashPool(new HashPool({ workers: 2, maxQueue: 64 }));
    api.close();
  }
});

Deno.test("hole 6: an address's failures never refuse a correct password from it", async () => {
  const api = await testApi();
  try {
    await api.account("NAT1", "user");
    const from = signInFrom(api);
    for (let i = 0; i <= ADDRESS_LIMIT; i++) {
      const r = await from("203.0.113.50", `NOBODY${i}`, "wrong");
      assert.ok(r.status === 401 || r.status === 423 || r.status === 429, `${r.status}`);
    }
    // a wrong one from the address is still refused as throttled
    assert.equal((await from("203.0.113.50", "NOBODYX", "wrong")).status, 429);
    // a colleague behind the same NAT signs in
    const right = await from("203.0.113.50", "NAT1", PASSWORD);
    assert.equal(right.status, 200, right.message);
  } finally {
    api.close();
  }
});
