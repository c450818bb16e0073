// Attacks of issue 22's second round (holes 2, 3, 9, 10, 11, 13, 16 and 17): each test does what
// the attacker did and asserts the safe outcome.

import assert from "node:assert/strict";
import { roleTokens, testApi } from "./test_support.ts";

Deno.test("hole 10: every /api answer, errors and 404s included, says Cache-Control: no-store", async () => {
  const api = await testApi();
  try {
    const { user, superAdmin } = await roleTokens(api);
    const answers = [
      await api.call("GET", "/api/auth/me", undefined, user),
      await api.call("GET", "/api/users/paginated", undefined, superAdmin),
      await api.call("GET", "/api/users/U1", undefined, superAdmin),
      await api.call("GET", "/api/users/paginated", undefined, user), // 403
      await api.call("GET", "/api/auth/me"), // 401
      await api.call("GET", "/api/no-such-route", undefined, user), // 404
      await api.call("GET", "/api/users/%E0%A4%A", undefined, superAdmin), // 400 bad encoding
      await api.call("POST", "/api/auth/login", "{not json"), // 400
      await api.call("GET", "/api/users/export", undefined, superAdmin), // CSV
    ];
    for (const res of answers) {
      assert.equal(res.headers.get("cache-control"), "no-store", `${res.status} ${res.text}`);
    }
  } finally {
    api.close();
  }
});
