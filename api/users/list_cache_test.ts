// The lists keep the records and sign-in states of the users they showed (users/ops.ts), each
// while its bucket's stamp is unchanged. Another process's write of any field, listed or not,
// and a sign-in attempt made there, show on the next page here.

import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { PASSWORD, testApi } from "../test_support.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { updateUser } from "./store.ts";

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

Deno.test("a lock made and ended on another process shows in the lock filter and the statistics at once", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin", { canViewAllStations: true });
    await api.account("U1", "user");
    const other = createApp({ kv: api.kv, now: () => api.clock.now, secureCookies: false });
    const locked = async () => {
      const list = await api.call("GET", "/api/users/paginated?locked=true", undefined, root);
      const stats = await api.call("GET", "/api/users/stats", undefined, root);
      return {
        codes: list.json.data.users.map((u: { employeeCode: string }) => u.employeeCode),
        count: stats.json.data.lockedUsers,
      };
    };
    const wrong = () =>
      other.request("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ employeeCode: "U1", password: `${PASSWORD}x` }),
      });
    assert.deepEqual(await locked(), { codes: [], count: 0 });
    // failures short of the threshold lock nothing; the fifth locks the account
    for (let i = 0; i < 4; i++) assert.equal((await wrong()).status, 401);
    assert.deepEqual(await locked(), { codes: [], count: 0 });
    await wrong();
    assert.deepEqual(await locked(), { codes: ["U1"], count: 1 });
    // unlocked there: gone here at once
    const unlock = await other.request("/api/users/U1/unlock", {
      method: "POST",
      headers: { authorization: `Bearer ${root}`, "content-type": "application/json" },
      body: "{}",
    });
    assert.equal(unlock.status, 200, await unlock.text());
    assert.deepEqual(await locked(), { codes: [], count: 0 });
    // locked again: shown again
    for (let i = 0; i < 5; i++) await wrong();
    assert.deepEqual(await locked(), { codes: ["U1"], count: 1 });
  } finally {
    api.close();
  }
});

Deno.test("the statistics' request counts follow the caller's station when it changes", async () => {
  const api = await testApi();
  try {
    const flags = { canManageUsers: true, canAccessAdminApps: true, canViewAllStations: false };
    const token = await api.account("A1", "admin", { ...flags, station: "CAI" });
    await api.kv.set(keys.requestCount("activation", "CAI"), new Deno.KvU64(2n));
    await api.kv.set(keys.requestCount("activation", "DXB"), new Deno.KvU64(5n));
    const pending = async () => {
      const res = await api.call("GET", "/api/users/stats", undefined, token);
      assert.equal(res.status, 200, res.text);
      return res.json.data.pendingActivationRequests;
    };
    assert.equal(await pending(), 2);
    assert.equal(await pending(), 2);
    // moved to another station, the same session: that station's counts at once
    const entry = await api.kv.get<UserRecord>(keys.user("A1"));
    await updateUser(api.kv, entry as Deno.KvEntry<UserRecord>, {
      ...entry.value!,
      station: "DXB",
    });
    assert.equal(await pending(), 5);
  } finally {
    api.close();
  }
});
