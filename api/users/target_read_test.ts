// One account's answers carry its sign-in fields as read with it in one snapshot (the detail, an
// edit) or as the change wrote them (an unlock clears the lock and says so in its answer).

import assert from "node:assert/strict";
import { testApi } from "../test_support.ts";

Deno.test("the detail, an edit and an unlock answer the account's sign-in fields as they stand", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const lockedUntil = new Date(api.clock.now + 30 * 60_000).toISOString();
    const lastLogin = new Date(api.clock.now - 60_000).toISOString();
    await api.account("U1", "user", { lockedUntil, lastLogin, loginAttempts: 4 });

    const shown = await api.call("GET", "/api/users/U1", undefined, root);
    assert.equal(shown.status, 200, shown.text);
    assert.equal(shown.json.data.lockedUntil, lockedUntil);
    assert.equal(shown.json.data.loginAttempts, 4);
    assert.equal(shown.json.data.lastLogin, lastLogin);

    // an edit of other fields leaves the sign-in fields as they were, and answers them
    const edited = await api.call("PUT", "/api/users/U1", { department: "Ramp" }, root);
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.json.data.department, "Ramp");
    assert.equal(edited.json.data.lockedUntil, lockedUntil);
    assert.equal(edited.json.data.loginAttempts, 4);
    assert.equal(edited.json.data.lastLogin, lastLogin);

    // the unlock's answer is the state it wrote: no lock, no failures, the last sign-in kept
    const unlocked = await api.call("POST", "/api/users/U1/unlock", undefined, root);
    assert.equal(unlocked.status, 200, unlocked.text);
    assert.equal(unlocked.json.data.lockedUntil, null);
    assert.equal(unlocked.json.data.loginAttempts, 0);
    assert.equal(unlocked.json.data.lastLogin, lastLogin);
    const after = await api.call("GET", "/api/users/U1", undefined, root);
    assert.deepEqual(
      [after.json.data.lockedUntil, after.json.data.loginAttempts, after.json.data.lastLogin],
      [null, 0, lastLogin],
    );
    // an account that never signed in has no state to clear: its unlock answers the defaults
    await api.account("U2", "user");
    const fresh = await api.call("POST", "/api/users/U2/unlock", undefined, root);
    assert.equal(fresh.status, 200, fresh.text);
    assert.deepEqual([fresh.json.data.lockedUntil, fresh.json.data.loginAttempts], [null, 0]);
  } finally {
    api.close();
  }
});
