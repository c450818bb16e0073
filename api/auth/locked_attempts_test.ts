// A locked account's page (issue 52, admin minors): it showed "Failed sign-ins 0", since the
// lock resets the count. While locked, the account answers the failures that locked it.

import assert from "node:assert/strict";
import { PASSWORD, signInFrom, superAdmin, testApi } from "../test_support.ts";

Deno.test("a locked account answers the failed sign-ins that locked it; a success clears them", async () => {
  const api = await testApi();
  try {
    const admin = await superAdmin(api);
    await api.account("LK1", "user");
    const login = signInFrom(api);
    for (let i = 0; i < 3; i++) await login("203.0.113.7", "LK1", `wrong-${i}`);
    const counting = await api.call("GET", "/api/users/LK1", undefined, admin);
    assert.equal(counting.json.data.loginAttempts, 3);
    assert.equal(counting.json.data.lockedUntil, null);
    for (let i = 3; i < 5; i++) await login("203.0.113.7", "LK1", `wrong-${i}`);
    const locked = await api.call("GET", "/api/users/LK1", undefined, admin);
    assert.notEqual(locked.json.data.lockedUntil, null);
    assert.equal(locked.json.data.loginAttempts, 5);
    // the lock ended: the next failures count from zero again, and a success clears them
    api.clock.now += 24 * 60 * 60 * 1000;
    // a day later: the admin's session has ended too, another signs in
    const later = await superAdmin(api, "S2");
    const after = await api.call("GET", "/api/users/LK1", undefined, later);
    assert.equal(after.json.data.lockedUntil, null);
    assert.equal(after.json.data.loginAttempts, 0);
    assert.equal((await login("203.0.113.8", "LK1", PASSWORD)).status, 200);
    const clear = await api.call("GET", "/api/users/LK1", undefined, later);
    assert.equal(clear.json.data.loginAttempts, 0);
  } finally {
    api.close();
  }
});
