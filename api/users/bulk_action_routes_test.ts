// The bulk actions over every matching user (issue 27): the server works through the users the
// list's filters match, a hundred a call after a cursor, touches only those, writes one audit
// entry per user touched, and the unlocked users can sign in again.

import assert from "node:assert/strict";
import { PASSWORD, testApi } from "../test_support.ts";
import type { AuditEntry } from "../store/records.ts";

const LOCK = { lockedUntil: "2999-01-01T00:00:00.000Z", loginAttempts: 5 };
const DAY = 86_400_000;

/** The audit entries of an action, by target. */
async function audited(kv: Deno.Kv, action: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of kv.list<AuditEntry>({ prefix: ["audit"] })) {
    if (e.value.action === action) out.push(e.value.target);
  }
  return out.sort();
}

Deno.test("bulk unlock goes through every matching locked user, 100 a call, and no other", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin", { station: "CAI" });
    const codes: string[] = [];
    for (let i = 0; i < 230; i++) {
      const code = `L${String(i).padStart(3, "0")}`;
      codes.push(code);
      await api.account(code, "user", { station: i % 2 === 0 ? "LXR" : "ASW", ...LOCK });
    }
    await api.account("LXRFREE", "user", { station: "LXR" });
    const filter = { station: "LXR" };
    const list = await api.call(
      "GET",
      "/api/users/paginated?station=LXR&locked=true",
      undefined,
      root,
    );
    assert.equal(list.json.data.total, 115);
    const calls: { n: number; matching: number; remaining: number; next: string | null }[] = [];
    let after: string | undefined;
    do {
      const res = await api.call("POST", "/api/users/bulk-unlock", { filter, after }, root);
      assert.equal(res.status, 200, res.json.message);
      const d = res.json.data;
      assert.ok(d.results.every((r: { ok: boolean }) => r.ok));
      calls.push({
        n: d.results.length,
        matching: d.matching,
        remaining: d.remaining,
        next: d.next,
      });
      after = d.next ?? undefined;
    } while (after !== undefined);
    // each call counts what still matches: the users unlocked by the calls before drop out
    assert.deepEqual(calls, [
      { n: 100, matching: 115, remaining: 15, next: "L198" },
      { n: 15, matching: 15, remaining: 0, next: null },
    ]);
    const lxr = codes.filter((_, i) => i % 2 === 0);
    assert.deepEqual(await audited(api.kv, "user.unlock"), lxr);
    const after2 = await api.call(
      "GET",
      "/api/users/paginated?locked=true&limit=100",
      undefined,
      root,
    );
    assert.equal(after2.json.data.total, 115, "ASW's users stay locked");
    assert.ok(after2.json.data.users.every((u: { station: string }) => u.station === "ASW"));
    const login = await api.call("POST", "/api/auth/login", {
      employeeCode: "L000",
      password: PASSWORD,
    });
    assert.equal(login.status, 200, login.json.message);
  } finally {
    api.close();
  }
});

Deno.test("bulk extend moves every matching password on and says why it skipped one", async () => {
  const api = await testApi();
  try {
    const now = api.clock.now;
    const admin = await api.account("A1", "admin", {
      canManageUsers: true,
      canExtendPasswords: true,
      canViewAllStations: true,
      passwordExpiry: null,
    });
    await api.account("E1", "user", { passwordExpiry: new Date(now - 2 * DAY).toISOString() });
    await api.account("E2", "user", { passwordExpiry: new Date(now + 40 * DAY).toISOString() });
    const res = await api.call(
      "POST",
      "/api/users/bulk-extend",
      { filter: { expiring: "expired" }, days: 30 },
      admin,
    );
    assert.equal(res.status, 200, res.json.message);
    const results = res.json.data.results as {
      employeeCode: string;
      ok: boolean;
      message: string;
    }[];
    assert.deepEqual(results.map((r) => [r.employeeCode, r.ok]), [["E1", true]]);
    // the caller matches too: refused, with the reason, and nothing written
    const self = await api.call(
      "POST",
      "/api/users/bulk-extend",
      { filter: { role: "admin" }, days: 30 },
      admin,
    );
    const mine = self.json.data.results as typeof results;
    assert.deepEqual(mine.map((r) => [r.employeeCode, r.ok]), [["A1", false]]);
    assert.match(mine[0].message, /own|yourself/i);
    const e1 = await api.call("GET", "/api/users/E1", undefined, admin);
    assert.equal(e1.json.data.passwordExpiry, new Date(now + 30 * DAY).toISOString());
    assert.deepEqual(await audited(api.kv, "password.extend"), ["E1"]);
    const bad = await api.call("POST", "/api/users/bulk-extend", { filter: {}, days: 12 }, admin);
    assert.equal(bad.status, 400);
    const unknown = await api.call(
      "POST",
      "/api/users/bulk-unlock",
      { filter: { role: "boss" } },
      admin,
    );
    assert.equal(unknown.status, 400);
  } finally {
    api.close();
  }
});
