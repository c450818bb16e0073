// Attacks of issue 48, finding 1: an admin narrowed to "manage users" (and "extend password
// expiry") takes over a colleague of its own station who holds a flag it lacks ("all stations"):
// resets the colleague's password and receives the one-time password, edits, extends, unlocks,
// reactivates, signs out or deletes it, bulk-acts on it, or approves a request about it. Each is
// refused, nothing of the account changes, and a colleague who holds nothing more stays in reach.

import assert from "node:assert/strict";
import { type TestApi, testApi } from "../test_support.ts";
import type { UserRecord } from "../store/records.ts";
import { signInKey } from "../auth/signin_state.ts";

const LOCK = { lockedUntil: "2999-01-01T00:00:00.000Z", loginAttempts: 5 };

/** The narrowed admin (N1, CAI), its all-stations colleague (W1, CAI, locked) and a colleague
 * with the same flags as the attacker (P1, CAI, locked). */
async function setUp(api: TestApi, wide: Partial<UserRecord> = {}) {
  const narrowed = {
    canManageUsers: true,
    canExtendPasswords: true,
    canAccessAdminApps: true,
    canViewAllStations: false,
    station: "CAI",
  };
  const attacker = await api.account("N1", "admin", narrowed);
  const victim = await api.account("W1", "admin", {
    ...narrowed,
    canViewAllStations: true,
    passwordExpiry: "2026-12-01T00:00:00.000Z",
    ...LOCK,
    ...wide,
  });
  await api.account("P1", "admin", { ...narrowed, ...LOCK });
  return { attacker, victim };
}

/** The stored account of `code`. */
async function stored(api: TestApi, code: string) {
  return (await api.kv.get<UserRecord>(["users", code])).value!;
}

/** The stored account and sign-in state of `code`, as a whole, to compare before and after. */
async function snapshot(api: TestApi, code: string) {
  const [user, signIn] = await api.kv.getMany([["users", code], signInKey(code)]);
  return JSON.stringify([user.value, user.versionstamp, signIn.value]);
}

Deno.test("attack 48/1: a narrowed admin cannot take over an all-stations colleague of its station", async () => {
  const api = await testApi();
  try {
    const { attacker, victim } = await setUp(api);
    const before = await snapshot(api, "W1");
    const sessions = await api.call("GET", "/api/auth/sessions", undefined, victim);
    assert.equal(sessions.status, 200, sessions.text);
    const sessionId = sessions.json.data[0].id;
    const attacks: [string, string, unknown][] = [
      ["POST", "/api/users/W1/reset-password", {}],
      ["POST", "/api/users/W1/reset-password", { newPassword: "Chosen-by-attacker-9" }],
      ["PUT", "/api/users/W1", { phone: "+20 100 000 0000" }],
      ["PUT", "/api/users/W1", { isActive: false }],
      ["PUT", "/api/users/W1", { role: "user" }],
      ["POST", "/api/users/W1/extend-password", { days: 365 }],
      ["POST", "/api/users/W1/unlock", {}],
      ["POST", "/api/users/W1/assign-apps", { appIds: [] }],
      ["DELETE", "/api/users/W1/sessions", undefined],
      ["DELETE", `/api/users/W1/sessions/${sessionId}`, undefined],
      ["DELETE", "/api/users/W1", undefined],
    ];
    for (const [method, path, body] of attacks) {
      const res = await api.call(method, path, body, attacker);
      const what = `${method} ${path} ${JSON.stringify(body)}`;
      assert.equal(res.status, 403, `${what} answered ${res.status} ${res.text}`);
      assert.ok(!/oneTimePassword|temporaryPassword/.test(res.text), `${what} gave a password`);
    }
    // nothing of the account changed, and its session lives on
    assert.equal(await snapshot(api, "W1"), before);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, victim)).status, 200);
    // the attacker may still read it (it is of its station), only not act on it
    assert.equal((await api.call("GET", "/api/users/W1", undefined, attacker)).status, 200);
    // a colleague who holds nothing the attacker lacks stays in reach: the rule is not a wall
    const peer = await api.call("POST", "/api/users/P1/reset-password", {}, attacker);
    assert.equal(peer.status, 200, peer.text);
    assert.equal(typeof peer.json.data.oneTimePassword, "string");
  } finally {
    api.close();
  }
});

Deno.test("attack 48/1: a narrowed admin cannot reactivate an all-stations admin a super admin deactivated", async () => {
  const api = await testApi();
  try {
    const { attacker } = await setUp(api);
    const root = await api.account("S1", "super_admin");
    const off = await api.call("PUT", "/api/users/W1", { isActive: false }, root);
    assert.equal(off.status, 200, off.text);
    const res = await api.call("PUT", "/api/users/W1", { isActive: true }, attacker);
    assert.equal(res.status, 403, res.text);
    assert.equal((await stored(api, "W1")).isActive, false);
    // nor through the queue: the deactivated colleague (or anyone) files an activation request
    const sent = await api.call("POST", "/api/users/activation-request", {
      employeeCode: "W1",
      reason: "please",
    });
    assert.equal(sent.status, 200);
    const approve = await api.call("POST", "/api/users/W1/approve-activation", {}, attacker);
    assert.equal(approve.status, 403, approve.text);
    assert.equal((await stored(api, "W1")).isActive, false);
    // the super admin may
    const ok = await api.call("POST", "/api/users/W1/approve-activation", {}, root);
    assert.equal(ok.status, 200, ok.text);
  } finally {
    api.close();
  }
});

Deno.test("attack 48/1: a role above the actor's or any flag it lacks protects the account", async () => {
  const api = await testApi();
  try {
    // the attacker manages users only; the colleague also extends passwords
    const attacker = await api.account("N2", "admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
      canExtendPasswords: false,
      canViewAllStations: false,
      station: "CAI",
    });
    await api.account("E1", "admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
      canExtendPasswords: true,
      canViewAllStations: false,
      station: "CAI",
    });
    await api.account("S2", "super_admin", { station: "CAI" });
    for (const code of ["E1", "S2"]) {
      const before = await snapshot(api, code);
      const res = await api.call("POST", `/api/users/${code}/reset-password`, {}, attacker);
      assert.equal(res.status, 403, `${code}: ${res.text}`);
      assert.equal(await snapshot(api, code), before, code);
    }
  } finally {
    api.close();
  }
});

Deno.test("attack 48/1: bulk actions refuse the all-stations colleague by the same rule, user by user", async () => {
  const api = await testApi();
  try {
    const { attacker } = await setUp(api);
    const before = await snapshot(api, "W1");
    const unlock = await api.call("POST", "/api/users/bulk-unlock", { filter: {} }, attacker);
    assert.equal(unlock.status, 200, unlock.text);
    const extend = await api.call(
      "POST",
      "/api/users/bulk-extend",
      { filter: {}, days: 365 },
      attacker,
    );
    assert.equal(extend.status, 200, extend.text);
    for (const res of [unlock, extend]) {
      const results = res.json.data.results as { employeeCode: string; ok: boolean }[];
      assert.equal(results.find((r) => r.employeeCode === "W1")?.ok, false, res.text);
      assert.equal(results.find((r) => r.employeeCode === "P1")?.ok, true, res.text);
    }
    assert.equal(await snapshot(api, "W1"), before);
  } finally {
    api.close();
  }
});

Deno.test("attack 48/1: an import cannot update the all-stations colleague", async () => {
  const api = await testApi();
  try {
    const { attacker } = await setUp(api);
    const before = await snapshot(api, "W1");
    const csv =
      "Employee Code,Full Name,Email,Station\r\nW1,Taken Over,attacker@example.com,CAI\r\n";
    const res = await api.call("POST", "/api/users/import", { csv }, attacker);
    assert.notEqual(res.status, 200, res.text);
    assert.match(res.text, /may not change user W1/);
    assert.equal(await snapshot(api, "W1"), before);
  } finally {
    api.close();
  }
});
