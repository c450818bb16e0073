// The retention of audit entries is the settings' of the store a request works on, read by the
// request itself: no value of the process carries one app's setting into another's entries.

import assert from "node:assert/strict";
import { keys } from "../store/keys.ts";
import type { AuditAction } from "../rules/audit.ts";
import type { AuditEntry } from "../store/records.ts";
import { PASSWORD, type TestApi, testApi } from "../test_support.ts";

const DAY = 24 * 3600_000;

/** The days each entry of `action` in the store is kept (its expiry from its time). */
async function keptDays(api: TestApi, action: AuditAction): Promise<number[]> {
  const days: number[] = [];
  for await (const e of api.kv.list<AuditEntry>({ prefix: keys.audits() })) {
    if (e.value.action === action) days.push((e.value.expiresAt! - Date.parse(e.value.at)) / DAY);
  }
  return days;
}

/** A wrong password, a right one (a session's sign-in) and a sign-out on `api`. */
async function signInAndOut(api: TestApi) {
  const wrong = await api.call("POST", "/api/auth/login", { employeeCode: "S1", password: "x" });
  assert.equal(wrong.status, 401);
  const right = await api.call("POST", "/api/auth/login", {
    employeeCode: "S1",
    password: PASSWORD,
  });
  assert.equal(right.status, 200);
  const token = await api.account("S2", "super_admin");
  assert.equal((await api.call("POST", "/api/auth/logout", undefined, token)).status, 200);
}

Deno.test("two apps on two stores in one process keep their audit entries each for its own retention", async () => {
  const short = await testApi();
  const long = await testApi();
  try {
    const days = [[short, 30], [long, 3650]] as const;
    for (const [api, auditRetentionDays] of days) {
      const root = await api.account("S1", "super_admin");
      const res = await api.call("PUT", "/api/settings", { auditRetentionDays }, root);
      assert.equal(res.status, 200);
    }
    // the short store's requests come after the long store's change, and the other way round
    await signInAndOut(short);
    await signInAndOut(long);
    await signInAndOut(short);
    for (const [api, d] of days) {
      // twice on the short store, once on the long one
      const times = api === short ? [d, d] : [d];
      assert.deepEqual(await keptDays(api, "login.failed"), times);
      assert.deepEqual(await keptDays(api, "login.success"), times);
      assert.deepEqual(await keptDays(api, "logout"), times);
      // the change itself is kept as long as the retention in force before it said
      assert.deepEqual(await keptDays(api, "settings.update"), [400]);
    }
  } finally {
    short.close();
    long.close();
  }
});

Deno.test("an app follows a retention another app changed on the same store at its next request", async () => {
  const first = await testApi();
  try {
    // a second app (another process's) on the same store: closing either closes the store
    const second = await testApi(first.kv);
    const root = await first.account("S1", "super_admin");
    const res = await first.call("PUT", "/api/settings", { auditRetentionDays: 45 }, root);
    assert.equal(res.status, 200);
    await signInAndOut(second);
    assert.deepEqual(await keptDays(first, "login.failed"), [45]);
    assert.deepEqual(await keptDays(first, "logout"), [45]);
  } finally {
    first.close();
  }
});
