// Attacks by admins on their own account and on the station scope (issue findings 1 and 9): each
// test does what the attacker did and asserts the safe outcome.

import assert from "node:assert/strict";
import { stationAdmin, testApi } from "../test_support.ts";

Deno.test("finding 1: a station admin cannot move themselves or their users to another station", async () => {
  const api = await testApi();
  try {
    const admin = await stationAdmin(api);
    await api.account("LHRU1", "user", { station: "LHR" });
    await api.account("CAIU1", "user", { station: "CAI" });
    const self = await api.call("PUT", "/api/users/A1", { station: "LHR" }, admin);
    assert.equal(self.status, 403, self.json.message);
    const moved = await api.call("PUT", "/api/users/CAIU1", { station: "LHR" }, admin);
    assert.equal(moved.status, 403, moved.json.message);
    // nothing changed: still CAI, and LHR's users stay out of reach
    const root = await api.account("S9", "super_admin");
    assert.equal(
      (await api.call("GET", "/api/users/A1", undefined, root)).json.data.station,
      "CAI",
    );
    assert.equal(
      (await api.call("GET", "/api/users/CAIU1", undefined, root)).json.data.station,
      "CAI",
    );
    assert.equal((await api.call("GET", "/api/users/LHRU1", undefined, admin)).status, 404);
    const reset = await api.call("POST", "/api/users/LHRU1/reset-password", {}, admin);
    assert.equal(reset.status, 404);
    // within the station an admin still edits users
    const edit = await api.call("PUT", "/api/users/CAIU1", { department: "Ramp" }, admin);
    assert.equal(edit.status, 200, edit.json.message);
  } finally {
    api.close();
  }
});

Deno.test("finding 9: admin routes never act on oneself, super admins included", async () => {
  const api = await testApi();
  try {
    const admin = await stationAdmin(api);
    const root = await api.account("S1", "super_admin");
    const before = await api.call("GET", "/api/users/A1", undefined, root);
    for (const [token, code] of [[admin, "A1"], [root, "S1"]] as const) {
      const attempts = [
        ["POST", `/api/users/${code}/reset-password`, { newPassword: "Taken-over-pass-1" }],
        ["POST", `/api/users/${code}/reset-password`, {}],
        ["POST", `/api/users/${code}/extend-password`, { days: 365 }],
        ["POST", `/api/users/${code}/unlock`, {}],
        ["POST", `/api/users/${code}/assign-apps`, { appIds: ["ffm-to-uws", "uld-extractor"] }],
        ["PUT", `/api/users/${code}`, { station: "LHR" }],
        ["PUT", `/api/users/${code}`, { role: code === "A1" ? "user" : "admin" }],
        ["PUT", `/api/users/${code}`, { canViewAllStations: code === "A1" }],
        ["DELETE", `/api/users/${code}/sessions`, undefined],
      ] as const;
      for (const [method, path, body] of attempts) {
        const res = await api.call(method, path, body, token);
        assert.equal(res.status, 403, `${code}: ${method} ${path} ${JSON.stringify(body)}`);
      }
    }
    const after = await api.call("GET", "/api/users/A1", undefined, root);
    assert.equal(after.json.data.passwordExpiry, before.json.data.passwordExpiry);
    assert.equal(after.json.data.updatedAt, before.json.data.updatedAt);
    // the own profile stays editable, also with the unchanged values the edit form sends back
    const profile = await api.call("PUT", "/api/users/A1", {
      email: "a1@example.com",
      phone: "+20 100",
      department: "Ops",
      station: "CAI",
      role: "admin",
    }, admin);
    assert.equal(profile.status, 200, profile.json.message);
  } finally {
    api.close();
  }
});
