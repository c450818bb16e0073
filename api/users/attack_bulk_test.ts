// Attacks on the bulk actions over every matching user (issue 27): an admin without the
// extension permission bulk-extending, and a station admin bulk-unlocking another station's
// users. Each does what the attacker would and asserts what they do not get.

import assert from "node:assert/strict";
import { stationAdmin, testApi } from "../test_support.ts";

const LOCK = { lockedUntil: "2999-01-01T00:00:00.000Z", loginAttempts: 5 };

Deno.test("an admin without canExtendPasswords cannot bulk-extend passwords", async () => {
  const api = await testApi();
  try {
    const manager = await api.account("M1", "admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
      canViewAllStations: true,
      canExtendPasswords: false,
    });
    const expiry = new Date(api.clock.now + 86_400_000).toISOString();
    await api.account("U1", "user", { passwordExpiry: expiry });
    const res = await api.call(
      "POST",
      "/api/users/bulk-extend",
      { filter: { search: "" }, days: 365 },
      manager,
    );
    assert.equal(res.status, 403);
    const root = await api.account("S9", "super_admin");
    const after = await api.call("GET", "/api/users/U1", undefined, root);
    assert.equal(after.json.data.passwordExpiry, expiry);
  } finally {
    api.close();
  }
});

Deno.test("a station admin's bulk unlock neither reaches nor names another station's users", async () => {
  const api = await testApi();
  try {
    const admin = await stationAdmin(api);
    await api.account("CAIU1", "user", { station: "CAI", ...LOCK });
    await api.account("LHRU1", "user", { station: "LHR", ...LOCK });
    await api.account("LHRU2", "user", { station: "LHR", ...LOCK });
    for (const filter of [{ station: "LHR" }, { search: "LHR" }, {}]) {
      const res = await api.call("POST", "/api/users/bulk-unlock", { filter }, admin);
      assert.equal(res.status, 200, res.json.message);
      const named = JSON.stringify(res.json.data);
      assert.ok(!named.includes("LHRU"), `${JSON.stringify(filter)} answered ${named}`);
    }
    const root = await api.account("S9", "super_admin");
    for (const code of ["LHRU1", "LHRU2"]) {
      const user = await api.call("GET", `/api/users/${code}`, undefined, root);
      assert.equal(user.json.data.lockedUntil, LOCK.lockedUntil, code);
    }
    // within its station the bulk unlock works
    const own = await api.call("GET", "/api/users/CAIU1", undefined, root);
    assert.equal(own.json.data.lockedUntil, null);
  } finally {
    api.close();
  }
});
