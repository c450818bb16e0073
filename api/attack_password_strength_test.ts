// Attack on the password policy (issue 22, hole 12): the policy was length only, so a user could
// change to `12345678`, `password1` or their own employee code. Design 5.3: refuse common and
// breached passwords and those containing the employee code or a name (NIST SP 800-63B).

import assert from "node:assert/strict";
import { PASSWORD, testApi } from "./test_support.ts";

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
