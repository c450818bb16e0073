// The list's two-factor filter and its counts follow an enrolment and a reset at once, on the
// process that wrote it and on another one sharing the store (issue 52, item 6): each process's
// index takes the changed rows of a bucket whose stamp moved, the second factor among them.

import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { testApi } from "../test_support.ts";
import { enrolTotp } from "../two_factor/support_test_helpers.ts";

Deno.test("an enrolment and a reset show in the two-factor filter and its counts at once, on both processes", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin", { canViewAllStations: true });
    const user = await api.account("U1", "user");
    await api.account("U2", "user");
    // a second process on the same store, with an index of its own
    const other = createApp({ kv: api.kv, now: () => api.clock.now, secureCookies: false });
    const here = (path: string) => api.call("GET", path, undefined, root);
    const there = async (path: string) => {
      const res = await other.request(path, { headers: { authorization: `Bearer ${root}` } });
      return {
        status: res.status,
        json: await res.json() as Awaited<ReturnType<typeof here>>["json"],
      };
    };
    const look = async (call: (path: string) => ReturnType<typeof there>) => {
      const res = await call("/api/users/paginated?twoFactor=true&limit=100");
      assert.equal(res.status, 200);
      const { users, counts } = res.json.data;
      return {
        codes: users.map((u: { employeeCode: string }) => u.employeeCode),
        twoFactor: counts.twoFactor,
        noTwoFactor: counts.noTwoFactor,
      };
    };
    // both indexes are read before the enrolment (the seeded administrator is the fourth user)
    assert.deepEqual(await look(here), { codes: [], twoFactor: 0, noTwoFactor: 4 });
    assert.deepEqual(await look(there), { codes: [], twoFactor: 0, noTwoFactor: 4 });

    await enrolTotp(api, user);
    assert.deepEqual(await look(here), { codes: ["U1"], twoFactor: 1, noTwoFactor: 3 });
    assert.deepEqual(await look(there), { codes: ["U1"], twoFactor: 1, noTwoFactor: 3 });

    // a super admin's reset, made on the other process
    const reset = await other.request("/api/users/U1/two-factor", {
      method: "DELETE",
      headers: { authorization: `Bearer ${root}` },
    });
    assert.equal(reset.status, 200, await reset.text());
    assert.deepEqual(await look(here), { codes: [], twoFactor: 0, noTwoFactor: 4 });
    assert.deepEqual(await look(there), { codes: [], twoFactor: 0, noTwoFactor: 4 });
  } finally {
    api.close();
  }
});
