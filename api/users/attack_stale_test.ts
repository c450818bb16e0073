// Attack on lost updates (issue finding 14): two admins editing from the same stale view.

import assert from "node:assert/strict";
import { stationAdmin, testApi } from "../test_support.ts";

Deno.test("finding 14: an edit made from a stale view answers 409 and changes nothing", async () => {
  const api = await testApi();
  try {
    const a = await stationAdmin(api, "A1");
    const b = await stationAdmin(api, "A2");
    await api.account("CAIU1", "user", { station: "CAI" });
    const seen = (await api.call("GET", "/api/users/CAIU1", undefined, a)).json.data.updatedAt;
    api.clock.now += 1000;
    const first = await api.call("PUT", "/api/users/CAIU1", {
      department: "Ramp",
      updatedAt: seen,
    }, a);
    assert.equal(first.status, 200);
    api.clock.now += 1000;
    const second = await api.call("PUT", "/api/users/CAIU1", {
      department: "Cargo",
      updatedAt: seen,
    }, b);
    assert.equal(second.status, 409, second.json.message);
    const now = await api.call("GET", "/api/users/CAIU1", undefined, a);
    assert.equal(now.json.data.department, "Ramp");
    const fresh = await api.call("PUT", "/api/users/CAIU1", {
      department: "Cargo",
      updatedAt: now.json.data.updatedAt,
    }, b);
    assert.equal(fresh.status, 200);
  } finally {
    api.close();
  }
});
