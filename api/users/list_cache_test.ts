// The lists keep the records and sign-in states of the users they showed (users/ops.ts), each
// while its bucket's stamp is unchanged. Another process's write of any field, listed or not,
// and a sign-in attempt made there, show on the next page here.

import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { PASSWORD, testApi } from "../test_support.ts";

Deno.test("a page of the list shows another process's edits and failed sign-ins at once", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin", { canViewAllStations: true });
    await api.account("U1", "user", { department: "Ramp" });
    // a second process on the same store, with caches of its own
    const other = createApp({ kv: api.kv, now: () => api.clock.now, secureCookies: false });
    const row = async () => {
      const res = await api.call("GET", "/api/users/paginated?search=U1", undefined, root);
      assert.equal(res.status, 200);
      return res.json.data.users.find((u: { employeeCode: string }) => u.employeeCode === "U1");
    };
    assert.equal((await row()).department, "Ramp");
    assert.equal((await row()).loginAttempts, 0);

    // a field the index does not hold, changed on the other process
    const edit = await other.request("/api/users/U1", {
      method: "PUT",
      headers: { authorization: `Bearer ${root}`, "content-type": "application/json" },
      body: JSON.stringify({ department: "Cargo" }),
    });
    assert.equal(edit.status, 200, await edit.text());
    assert.equal((await row()).department, "Cargo");

    // a failed sign-in there counts here
    const login = await other.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ employeeCode: "U1", password: `${PASSWORD}x` }),
    });
    assert.equal(login.status, 401);
    assert.equal((await row()).loginAttempts, 1);
  } finally {
    api.close();
  }
});
