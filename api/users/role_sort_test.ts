// The user list sorted by role (issue 52, admin minor): it went by the roles' internal keys
// (admin, super_admin, user). It goes by rank, the most powerful first, as the role filter and
// the screens list the roles.

import assert from "node:assert/strict";
import { superAdmin, testApi } from "../test_support.ts";

Deno.test("the list sorted by role goes super admin, admin, user; descending the reverse", async () => {
  const api = await testApi();
  try {
    const admin = await superAdmin(api, "RS0");
    await api.account("RS1", "user", { station: "RSX" });
    await api.account("RS2", "admin", { station: "RSX" });
    await api.account("RS3", "super_admin", { station: "RSX" });
    const list = async (order: string) => {
      const res = await api.call(
        "GET",
        `/api/users/paginated?station=RSX&sort=role&order=${order}&page=1&limit=25`,
        undefined,
        admin,
      );
      assert.equal(res.status, 200, res.text);
      return (res.json.data.users as { employeeCode: string }[]).map((u) => u.employeeCode);
    };
    assert.deepEqual(await list("asc"), ["RS3", "RS2", "RS1"]);
    assert.deepEqual(await list("desc"), ["RS1", "RS2", "RS3"]);
  } finally {
    api.close();
  }
});
