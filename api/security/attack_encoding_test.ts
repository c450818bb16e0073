// Attack on path parameters (issue finding 12): bad and double percent-encoding.

import assert from "node:assert/strict";
import { testApi } from "../test_support.ts";

Deno.test("finding 12: bad percent-encoding answers 400 and parameters are decoded once", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("ADMIN", "user", { email: "the-real-admin@example.com" });
    const bad = await api.call("GET", "/api/users/%25", undefined, root);
    assert.equal(bad.status, 400, bad.text);
    const broken = await api.call("GET", "/api/users/%E0%A4%A", undefined, root);
    assert.equal(broken.status, 400, broken.text);
    const twice = await api.call("GET", "/api/users/%2541DMIN", undefined, root);
    assert.notEqual(twice.status, 200);
    assert.ok(!twice.text.includes("the-real-admin"));
    const deleted = await api.call("DELETE", "/api/users/%2541DMIN", undefined, root);
    assert.notEqual(deleted.status, 200);
    assert.equal((await api.call("GET", "/api/users/ADMIN", undefined, root)).status, 200);
    // the spec's URL-encoded parameter still works once
    assert.equal((await api.call("GET", "/api/users/user_ADMIN", undefined, root)).status, 200);
  } finally {
    api.close();
  }
});
