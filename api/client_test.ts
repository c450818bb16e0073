// The typed client the web app will use (`the typed client`): its inputs and answers are those of the
// routes, end to end through the app.

import assert from "node:assert/strict";
import { hc } from "hono/client";
import { type AppType, createApp } from "./app.ts";
import { PASSWORD, testApi } from "./test_support.ts";

Deno.test("the typed client signs in and lists users with typed inputs and answers", async () => {
  const api = await testApi();
  try {
    await api.account("S1", "super_admin");
    const app = createApp({ kv: api.kv, now: () => api.clock.now, secureCookies: false });
    const client = hc<AppType>("http://portal.test", {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => app.fetch(new Request(input, init)),
    });
    const login = await client.api.auth.login.$post({
      json: { employeeCode: "S1", password: PASSWORD },
    });
    const signedIn = await login.json();
    assert.equal(signedIn.success, true);
    // S1 has no second factor: the answer is the session, not a second step
    if (!signedIn.success || !("token" in signedIn.data)) throw new Error("no session");
    const token = signedIn.data.token;
    const list = await client.api.users.paginated.$get(
      { query: { page: "1", limit: "10", search: "root" } },
      { headers: { authorization: `Bearer ${token}` } },
    );
    const body = await list.json();
    assert.ok(body.success);
    // S1, a super admin who already chose a password, finds the first super admin ROOT
    if (body.success) assert.deepEqual(body.data.users.map((u) => u.employeeCode), ["ROOT"]);
  } finally {
    api.close();
  }
});
