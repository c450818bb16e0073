// Attacks of issue 48, finding 1, through the request queue: an activation request filed from the
// sign-in page for an account that is already active, approved by an admin without "extend
// password expiry", moved the account's expiry by a year. Approving a request applies exactly
// the rules of the action it performs; a request about an active account can only be dismissed.

import assert from "node:assert/strict";
import { type TestApi, testApi } from "../test_support.ts";
import type { UserRecord } from "../store/records.ts";

const EXPIRY = "2026-12-01T00:00:00.000Z";

/** Files an activation request for `code` from the sign-in page (anyone may). */
async function fileActivation(api: TestApi, code: string) {
  const sent = await api.call("POST", "/api/users/activation-request", {
    employeeCode: code,
    reason: "please extend me",
  });
  assert.equal(sent.status, 200, sent.text);
}

/** The stored account of `code`. */
async function stored(api: TestApi, code: string) {
  return (await api.kv.get<UserRecord>(["users", code])).value!;
}

/** An admin of CAI who manages users and sees all stations, without "extend password expiry". */
function noExtender(api: TestApi) {
  return api.account("M1", "admin", {
    canManageUsers: true,
    canAccessAdminApps: true,
    canViewAllStations: true,
    canExtendPasswords: false,
  });
}

Deno.test("attack 48/1: an activation request for an active account cannot be approved, by anyone", async () => {
  const api = await testApi();
  try {
    const admin = await noExtender(api);
    const root = await api.account("S1", "super_admin");
    await api.account("U1", "user", { passwordExpiry: EXPIRY });
    await fileActivation(api, "U1");
    for (const [who, token] of [["no extender", admin], ["super admin", root]]) {
      for (const body of [{ days: 365 }, {}]) {
        const res = await api.call("POST", "/api/users/U1/approve-activation", body, token);
        assert.equal(res.status, 409, `${who} ${JSON.stringify(body)}: ${res.text}`);
        assert.match(res.json.message ?? "", /already active/);
      }
    }
    assert.equal((await stored(api, "U1")).passwordExpiry, EXPIRY);
    // the queue says so on the request
    const queue = await api.call("GET", "/api/users/activation-requests", undefined, admin);
    assert.equal(queue.status, 200, queue.text);
    const request = queue.json.data.requests.find((r: { employeeCode: string }) =>
      r.employeeCode === "U1"
    );
    assert.equal(request?.account?.isActive, true, queue.text);
    // it can be dismissed
    const reject = await api.call("POST", "/api/users/U1/reject-activation", {}, admin);
    assert.equal(reject.status, 200, reject.text);
  } finally {
    api.close();
  }
});

Deno.test("attack 48/1: approving an activation moves the expiry only for an admin who may extend", async () => {
  const api = await testApi();
  try {
    const admin = await noExtender(api);
    await api.account("U2", "user", { isActive: false, passwordExpiry: EXPIRY });
    await fileActivation(api, "U2");
    // a period is an extension: refused without the flag, and nothing changes
    const year = await api.call("POST", "/api/users/U2/approve-activation", { days: 365 }, admin);
    assert.equal(year.status, 403, year.text);
    assert.equal((await stored(api, "U2")).isActive, false);
    // without a period the account is activated and its expiry stays as it was
    const plain = await api.call("POST", "/api/users/U2/approve-activation", {}, admin);
    assert.equal(plain.status, 200, plain.text);
    const after = await stored(api, "U2");
    assert.equal(after.isActive, true);
    assert.equal(after.passwordExpiry, EXPIRY);
  } finally {
    api.close();
  }
});

Deno.test("attack 48/1: no request about an account the admin may not act on is handled by it", async () => {
  const api = await testApi();
  try {
    const attacker = await api.account("N1", "admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
      canExtendPasswords: true,
      station: "CAI",
    });
    await api.account("W1", "admin", {
      canManageUsers: true,
      canViewAllStations: true,
      station: "CAI",
      isActive: false,
    });
    await fileActivation(api, "W1");
    const sent = await api.call("POST", "/api/users/password-reset-request", {
      employeeCode: "W1",
    });
    assert.equal(sent.status, 200, sent.text);
    const before = JSON.stringify(await stored(api, "W1"));
    const tries: [string, unknown][] = [
      ["/api/users/W1/approve-activation", { days: 30 }],
      ["/api/users/W1/approve-activation", {}],
      ["/api/users/W1/reset-password", {}],
    ];
    for (const [path, body] of tries) {
      const res = await api.call("POST", path, body, attacker);
      assert.equal(res.status, 403, `${path}: ${res.text}`);
      assert.ok(!res.text.includes("oneTimePassword"), path);
    }
    assert.equal(JSON.stringify(await stored(api, "W1")), before);
    // the queue tells the web whom the request is about, so that it offers nothing here
    const queue = await api.call("GET", "/api/users/activation-requests", undefined, attacker);
    const request = queue.json.data.requests.find((r: { employeeCode: string }) =>
      r.employeeCode === "W1"
    );
    assert.equal(request?.account?.canViewAllStations, true, queue.text);
  } finally {
    api.close();
  }
});
