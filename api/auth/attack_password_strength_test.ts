// Attack on the password policy (issue 22, hole 12): the policy was length only, so a user could
// change to `12345678`, `password1` or their own employee code. Design 5.3: refuse common and
// breached passwords and those containing the employee code or a name (NIST SP 800-63B).

import assert from "node:assert/strict";
import { PASSWORD, testApi } from "../test_support.ts";

const COMMON = "This password is too common or too easy to guess; choose another";
const PERSONAL = "The password must not contain the employee code or name";

Deno.test("hole 12: change-password refuses common passwords and ones containing the code or name", async () => {
  const api = await testApi();
  try {
    const token = await api.account("E48213", "user", {
      firstName: "Yasmin",
      lastName: "Haddad",
      fullName: "Yasmin Haddad",
    });
    const change = (newPassword: string) =>
      api.call("POST", "/api/users/E48213/change-password", {
        currentPassword: PASSWORD,
        newPassword,
      }, token);
    for (const weak of ["12345678", "password1", "qwertyuiop", "iloveyou2", "aaaaaaaa"]) {
      const res = await change(weak);
      assert.equal(res.status, 400, weak);
      assert.equal(res.json.message, COMMON, weak);
    }
    for (
      const personal of ["E48213-Blue-Kite!", "zq#YASMIN-7rp2", "Haddad!Fox+2291", "e48213x9#Lp"]
    ) {
      const res = await change(personal);
      assert.equal(res.status, 400, personal);
      assert.equal(res.json.message, PERSONAL, personal);
    }
    const policy = await api.call("GET", "/api/auth/password-policy");
    assert.match(policy.json.data.rule, /common/);
    assert.match(policy.json.data.rule, /employee code or name/);
    const strong = await change("Copper-Lantern-Ridge-41");
    assert.equal(strong.status, 200, strong.text);
  } finally {
    api.close();
  }
});

Deno.test("hole 12: an admin cannot set a common password or one containing the user's code or name", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const person = {
      employeeCode: "E51907",
      firstName: "Karim",
      lastName: "Nassar",
      station: "CAI",
    };
    const common = await api.call("POST", "/api/users", { ...person, password: "password1" }, root);
    assert.equal(common.status, 400, common.text);
    assert.equal(common.json.message, COMMON);
    const named = await api.call("POST", "/api/users", {
      ...person,
      password: "Nassar-Blue-Kite-8",
    }, root);
    assert.equal(named.status, 400, named.text);
    assert.equal(named.json.message, PERSONAL);
    assert.equal((await api.call("GET", "/api/users/E51907", undefined, root)).status, 404);
    const bulk = await api.call("POST", "/api/users/bulk", {
      users: [{ ...person, password: "qwertyuiop" }],
    }, root);
    assert.ok(bulk.status === 400 || bulk.json.data?.created === 0, bulk.text);
    assert.equal((await api.call("GET", "/api/users/E51907", undefined, root)).status, 404);
    await api.account("U7", "user");
    for (const [password, message] of [["12345678", COMMON], ["x-E1U7ab-9", null]] as const) {
      const reset = await api.call("POST", "/api/users/U7/reset-password", {
        newPassword: password,
      }, root);
      if (message === null) assert.equal(reset.status, 200, reset.text);
      else {
        assert.equal(reset.status, 400, password);
        assert.equal(reset.json.message, message);
      }
    }
    await api.account("E60311", "user");
    const own = await api.call("POST", "/api/users/E60311/reset-password", {
      newPassword: "e60311-Blue-Kite",
    }, root);
    assert.equal(own.status, 400);
    assert.equal(own.json.message, PERSONAL);
    const strong = await api.call("POST", "/api/users", {
      ...person,
      password: "Copper-Lantern-Ridge-41",
    }, root);
    assert.equal(strong.status, 201, strong.text);
  } finally {
    api.close();
  }
});
