// Attack on the password rules (issue finding 18): three minimums, the client's weaker than the
// server's.

import assert from "node:assert/strict";
import { PASSWORD, testApi } from "../test_support.ts";

Deno.test("finding 18: one password policy, the server's, published to the client and applied everywhere", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    assert.equal(
      (await api.call("PUT", "/api/settings", { minPasswordLength: 10 }, root)).status,
      200,
    );
    const policy = await api.call("GET", "/api/auth/password-policy");
    assert.equal(policy.status, 200);
    assert.equal(policy.json.data.minLength, 10);
    await api.account("U1", "user");
    const short = "Nine-char"; // 9 characters: the old client minimum of 6 passes it
    const reset = await api.call(
      "POST",
      "/api/users/U1/reset-password",
      { newPassword: short },
      root,
    );
    assert.equal(reset.status, 400);
    assert.match(reset.named, /10 characters/);
    const created = await api.call("POST", "/api/users", {
      employeeCode: "U2",
      firstName: "a",
      lastName: "b",
      station: "CAI",
      password: short,
    }, root);
    assert.equal(created.status, 400);
    const bulk = await api.call("POST", "/api/users/bulk", {
      users: [{
        employeeCode: "U3",
        firstName: "a",
        lastName: "b",
        station: "CAI",
        password: short,
      }],
    }, root);
    assert.ok(bulk.status === 400 || bulk.json.data?.created === 0, bulk.text);
    assert.equal((await api.call("GET", "/api/users/U3", undefined, root)).status, 404);
    const token = await api.account("U4", "user");
    const change = await api.call("POST", "/api/users/U4/change-password", {
      currentPassword: PASSWORD,
      newPassword: short,
    }, token);
    assert.equal(change.status, 400);
    assert.match(change.named, /10 characters/);
  } finally {
    api.close();
  }
});
