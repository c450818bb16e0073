// The user table's server side: sort by any column, locked and expiring filters, the expiring
// users' paged endpoint, and the locked count of the dashboard.

import assert from "node:assert/strict";
import { testApi } from "../test_support.ts";

const DAY = 24 * 60 * 60 * 1000;

Deno.test("the paginated list sorts by each column, empty values last, and filters locked and expiring users", async () => {
  const api = await testApi();
  try {
    const now = api.clock.now;
    const iso = (t: number) => new Date(t).toISOString();
    const admin = await api.account("A1", "admin", {
      canManageUsers: true,
      canViewAllStations: true,
      passwordExpiry: null,
    });
    await api.account("U3", "user", {
      fullName: "Zeina Adel",
      station: "LXR",
      passwordExpiry: iso(now + 3 * DAY),
      lastLogin: iso(now - DAY),
    });
    await api.account("U1", "user", {
      fullName: "Adel Nour",
      station: "ASW",
      passwordExpiry: iso(now + 20 * DAY),
      lockedUntil: iso(now + 60_000),
    });
    await api.account("U2", "user", {
      fullName: "Mona Said",
      station: "CAI",
      passwordExpiry: iso(now - DAY),
      lastLogin: iso(now - 2 * DAY),
      lockedUntil: iso(now - 60_000), // a lock that has run out
    });
    const codes = async (query: string) => {
      const res = await api.call(
        "GET",
        `/api/users/paginated?limit=100&${query}`,
        undefined,
        admin,
      );
      assert.equal(res.status, 200, res.json.message);
      return (res.json.data.users as { employeeCode: string }[]).map((u) => u.employeeCode)
        .filter((c) => c.startsWith("U"));
    };
    assert.deepEqual(await codes("sort=passwordExpiry"), ["U2", "U3", "U1"]);
    assert.deepEqual(await codes("sort=passwordExpiry&order=desc"), ["U1", "U3", "U2"]);
    assert.deepEqual(await codes("sort=fullName"), ["U1", "U2", "U3"]);
    assert.deepEqual(await codes("sort=station&order=desc"), ["U3", "U2", "U1"]);
    // U1 never signed in: last in both orders
    assert.deepEqual(await codes("sort=lastLogin"), ["U2", "U3", "U1"]);
    assert.deepEqual(await codes("sort=lastLogin&order=desc"), ["U3", "U2", "U1"]);
    assert.deepEqual(await codes("locked=true"), ["U1"]);
    assert.deepEqual(await codes("expiring=7&sort=passwordExpiry"), ["U2", "U3"]);
    assert.deepEqual(await codes("expiring=30&sort=passwordExpiry"), ["U2", "U3", "U1"]);
    const list = await api.call("GET", "/api/users/paginated", undefined, admin);
    assert.equal(list.json.data.counts.locked, 1);
    const stats = await api.call("GET", "/api/users/stats", undefined, admin);
    assert.equal(stats.json.data.lockedUsers, 1);
    const bad = await api.call("GET", "/api/users/paginated?sort=password", undefined, admin);
    assert.equal(bad.status, 400);
  } finally {
    api.close();
  }
});

Deno.test("expiring users come a page at a time, soonest first, expired ones in the windows", async () => {
  const api = await testApi();
  try {
    const now = api.clock.now;
    const admin = await api.account("A1", "admin", {
      canManageUsers: true,
      passwordExpiry: null,
    });
    await api.account("ROOTLESS", "user", { passwordExpiry: null });
    for (let i = 0; i < 12; i++) {
      // E00 expired two days ago, then one a day: E02 today + 0, ..., E11 in 9 days
      await api.account(`E${String(i).padStart(2, "0")}`, "user", {
        passwordExpiry: new Date(now + (i - 2) * DAY + 1000).toISOString(),
      });
    }
    await api.account("FAR", "user", { passwordExpiry: new Date(now + 200 * DAY).toISOString() });
    await api.account("LHR1", "user", {
      station: "LHR",
      passwordExpiry: new Date(now + DAY).toISOString(),
    });
    const page = async (query: string) =>
      (await api.call("GET", `/api/users/expiring?${query}`, undefined, admin)).json.data;
    const week = await page("days=7&limit=10");
    assert.equal(week.total, 9); // E00..E08 (E08 expires in 6 days), not the other station's
    assert.deepEqual(
      week.users.map((u: { employeeCode: string }) => u.employeeCode),
      ["E00", "E01", "E02", "E03", "E04", "E05", "E06", "E07", "E08"],
    );
    const all = await page("days=all&limit=10&page=2");
    assert.deepEqual([all.total, all.pages, all.page], [14, 2, 2]);
    assert.deepEqual(
      all.users.map((u: { employeeCode: string }) => u.employeeCode),
      ["E10", "E11", "ROOT", "FAR"],
    );
    const user = await api.account("U9", "user");
    assert.equal((await api.call("GET", "/api/users/expiring", undefined, user)).status, 403);
  } finally {
    api.close();
  }
});

Deno.test("the dashboard's expired count and the list's expired filter agree, within a station admin's scope too", async () => {
  const api = await testApi();
  try {
    const now = api.clock.now;
    const root = await api.account("S1", "super_admin", { passwordExpiry: null });
    const admin = await api.account("A1", "admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
      passwordExpiry: null,
    });
    // seconds around the moment: the list and the dashboard read the same clock
    const offsets = [-3 * DAY, -30_000, -1, 20_000, 2 * DAY];
    for (const [i, off] of offsets.entries()) {
      const station = i % 2 === 0 ? "CAI" : "LXR";
      await api.account(`X${i}`, "user", {
        station,
        passwordExpiry: new Date(now + off).toISOString(),
      });
    }
    api.clock.now += 29_000;
    for (const token of [root, admin]) {
      const stats = await api.call("GET", "/api/users/stats", undefined, token);
      const list = await api.call(
        "GET",
        "/api/users/paginated?expiring=expired&limit=100",
        undefined,
        token,
      );
      assert.equal(list.status, 200, list.json.message);
      assert.equal(list.json.data.total, stats.json.data.expiredPasswords);
      assert.equal(list.json.data.counts.expired, stats.json.data.expiredPasswords);
    }
    const all = await api.call(
      "GET",
      "/api/users/paginated?expiring=expired&limit=100",
      undefined,
      root,
    );
    assert.ok(all.json.data.total >= 1);
  } finally {
    api.close();
  }
});
