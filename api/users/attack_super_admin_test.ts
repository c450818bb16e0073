// Attack on the last super admin (issue finding 6): super admins removing each other at once.

import assert from "node:assert/strict";
import { type TestApi, testApi } from "../test_support.ts";

/** Active super admins as stored. */
async function activeSupers(api: TestApi): Promise<string[]> {
  const out: string[] = [];
  for await (
    const e of api.kv.list<{ employeeCode: string; role: string; isActive: boolean }>({
      prefix: ["users"],
    })
  ) {
    if (e.value.role === "super_admin" && e.value.isActive) out.push(e.value.employeeCode);
  }
  return out;
}

Deno.test("finding 6: two super admins demoting each other at once leave one", async () => {
  const api = await testApi();
  try {
    const s1 = await api.account("S1", "super_admin");
    const s2 = await api.account("S2", "super_admin");
    // ROOT, the first super admin, is deactivated first: two are left
    assert.equal((await api.call("PUT", "/api/users/ROOT", { isActive: false }, s1)).status, 200);
    const [a, b] = await Promise.all([
      api.call("PUT", "/api/users/S2", { role: "admin" }, s1),
      api.call("PUT", "/api/users/S1", { role: "admin" }, s2),
    ]);
    const statuses = [a.status, b.status].sort();
    // the second change would leave none: 409 (or 401 when the first change ended its session)
    assert.equal(statuses[0], 200);
    assert.ok([401, 409].includes(statuses[1]), `second change answered ${statuses[1]}`);
    assert.equal((await activeSupers(api)).length, 1);
    // the last one is not removed, even by a super admin created straight in the store
    const [last] = await activeSupers(api);
    const s3 = await api.account("S3", "super_admin");
    assert.equal((await api.call("PUT", "/api/users/S3", { isActive: false }, s3)).status, 403);
    assert.equal(
      (await api.call("PUT", `/api/users/${last}`, { isActive: false }, s3)).status,
      200,
    );
    const lastToken = last === "S1" ? s1 : s2;
    assert.equal((await api.call("DELETE", "/api/users/S3", undefined, lastToken)).status, 401);
    assert.deepEqual(await activeSupers(api), ["S3"]);
  } finally {
    api.close();
  }
});

Deno.test("finding 6: 20 racing demotions, deactivations and deletions between two super admins leave one", async () => {
  const api = await testApi();
  try {
    const tokens = {
      S1: await api.account("S1", "super_admin"),
      S2: await api.account("S2", "super_admin"),
    };
    assert.equal(
      (await api.call("PUT", "/api/users/ROOT", { role: "admin" }, tokens.S1)).status,
      200,
    );
    const changes = Array.from({ length: 20 }, (_, i) => {
      const [actor, target] = i % 2 === 0 ? ["S1", "S2"] as const : ["S2", "S1"] as const;
      const kind = Math.floor(i / 2) % 3;
      return kind === 0
        ? api.call("PUT", `/api/users/${target}`, { role: "user" }, tokens[actor])
        : kind === 1
        ? api.call("PUT", `/api/users/${target}`, { isActive: false }, tokens[actor])
        : api.call("DELETE", `/api/users/${target}`, undefined, tokens[actor]);
    });
    const results = await Promise.all(changes);
    for (const r of results) assert.ok([200, 401, 404, 409].includes(r.status), r.text);
    assert.ok(results.some((r) => r.status === 200));
    assert.equal((await activeSupers(api)).length, 1);
  } finally {
    api.close();
  }
});
