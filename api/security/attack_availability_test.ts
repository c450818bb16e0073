// Attack on availability (issue finding 7): a burst of sign-ins while others work.

import assert from "node:assert/strict";
import { PASSWORD, testApi } from "../test_support.ts";

Deno.test("finding 7: a burst of 40 sign-ins does not stall the server", async () => {
  const api = await testApi();
  try {
    let finished = 0;
    const logins = Array.from(
      { length: 40 },
      () =>
        api.call("POST", "/api/auth/login", { employeeCode: "ROOT", password: PASSWORD }).then(
          (r) => {
            finished++;
            return r;
          },
        ),
    );
    // /health answers while the hashing runs off the event loop, long before the burst is done
    const health = await api.call("GET", "/health");
    const finishedAtHealth = finished;
    const results = await Promise.all(logins);
    assert.equal(health.status, 200);
    assert.ok(finishedAtHealth < 10, `${finishedAtHealth} sign-ins finished before /health`);
    for (const r of results) {
      assert.ok(r.status === 200 || r.status === 429, `${r.status} ${r.json.message}`);
    }
    assert.ok(results.filter((r) => r.status === 200).length >= 1);
  } finally {
    api.close();
  }
});
