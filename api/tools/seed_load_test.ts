// `npm run kv -- seed-load`: the load data go in through the store's own functions, so the API
// lists, counts, signs in and pages them as it would real staff, and a store in use is refused.

import assert from "node:assert/strict";
import { LOAD_PASSWORD, loadable, loadCode, parseLoadArgs, seedLoad } from "./seed_load.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { testApi } from "../test_support.ts";
import { storeHarness } from "../kv/connect/store_harness.ts";

Deno.test("seed-load reads its flags and explains what is wrong", () => {
  assert.deepEqual(parseLoadArgs(["--users", "10", "--audit", "5"]), {
    users: 10,
    audit: 5,
    stations: 40,
    requests: 300,
  });
  assert.match(parseLoadArgs(["--users", "10"]) as string, /^usage:/);
  assert.match(parseLoadArgs(["--users", "x", "--audit", "1"]) as string, /--users needs/);
  assert.match(parseLoadArgs(["--people", "3"]) as string, /unknown option --people/);
  const stations = parseLoadArgs(["--users", "1", "--audit", "1", "--stations", "0"]);
  assert.match(stations as string, /--stations is 1 to 400/);
});

Deno.test("loaded users, requests and audit entries are served like real ones", async () => {
  const api = await testApi();
  try {
    assert.equal(await loadable(api.kv), true);
    const report = await seedLoad(
      api.kv,
      { users: 130, audit: 400, stations: 45, requests: 30 },
      api.clock.now,
    );
    assert.equal(report.users, 130);
    assert.equal(report.audit, 400);
    assert.equal(report.stations.length, 45);
    assert.equal(new Set(report.stations).size, 45);
    assert.equal(report.roles.super_admin + report.roles.admin + report.roles.user, 130);
    assert.equal(Object.values(report.requests).reduce((a, b) => a + b, 0), 30);

    // a second load into the same store is refused: it is in use now
    assert.match(String(await loadable(api.kv)), /in use/);

    // a loaded account signs in with the load password (one that is active and not expired)
    let code = "";
    for (let n = 1; n <= 130 && !code; n++) {
      const user = (await api.kv.get<UserRecord>(keys.user(loadCode(n)))).value!;
      const live = user.passwordExpiry === null ||
        Date.parse(user.passwordExpiry) > api.clock.now;
      if (user.isActive && live) code = user.employeeCode;
    }
    api.clock.now += 60_000; // a minute after the load
    const login = await api.call("POST", "/api/auth/login", {
      employeeCode: code,
      password: LOAD_PASSWORD,
    });
    assert.equal(login.status, 200, login.json.message);

    const root = await api.account("S9", "super_admin", { canViewAllStations: true });
    const list = await api.call("GET", "/api/users/paginated?limit=100", undefined, root);
    assert.equal(list.status, 200);
    // ROOT, S9 and the 130 loaded users
    assert.equal(list.json.data.total, 132);
    assert.equal(list.json.data.counts.locked, report.locked);
    const stats = await api.call("GET", "/api/users/stats", undefined, root);
    assert.equal(stats.json.data.inactiveUsers, report.inactive);

    // every request kind is pending, and the audit log pages through the year of entries
    for (const kind of ["activation", "password-reset", "registration"]) {
      const queue = await api.call("GET", `/api/users/${kind}-requests`, undefined, root);
      assert.equal(queue.json.data.total, report.requests[kind], kind);
      assert.ok(queue.json.data.total > 0, kind);
    }
    let seen = 0;
    let cursor = "";
    for (let pages = 0; pages < 20; pages++) {
      const page = await api.call("GET", `/api/audit?limit=100&cursor=${cursor}`, undefined, root);
      seen += page.json.data.entries.length;
      cursor = page.json.data.cursor ?? "";
      if (!cursor) break;
    }
    // the loaded entries, the requests' own entries and those of this test's sign-ins
    assert.ok(seen >= 400 + 30, `${seen} audit entries`);

    // the log opens on what happened last: this test's sign-in, not a loaded entry
    const first = await api.call("GET", "/api/audit?limit=5", undefined, root);
    assert.equal(first.json.data.entries[0].action, "login.success");
    assert.equal(first.json.data.entries[0].actor, code);
    const times = first.json.data.entries.map((e: { at: string }) => e.at);
    assert.deepEqual(times, [...times].sort().reverse(), "newest first");
  } finally {
    api.close();
  }
});

Deno.test("seed-load's requests carry their own account's name and station, so a station admin can act on every one", async () => {
  const api = await testApi();
  try {
    const report = await seedLoad(
      api.kv,
      { users: 300, audit: 0, stations: 4, requests: 60 },
      api.clock.now,
    );
    const root = await api.account("S9", "super_admin", { canViewAllStations: true });
    const stations = new Map<string, number>();
    for (const kind of ["activation", "password-reset", "registration"]) {
      const queue = await api.call(
        "GET",
        `/api/users/${kind}-requests?limit=100`,
        undefined,
        root,
      );
      const requests = queue.json.data.requests as {
        employeeCode: string;
        station: string;
        userInfo: { fullName: string };
        registration?: Record<string, string>;
      }[];
      assert.equal(requests.length, report.requests[kind], kind);
      assert.equal(queue.json.data.total, report.requests[kind], kind);
      for (const r of requests) {
        const user = (await api.kv.get<UserRecord>(keys.user(r.employeeCode))).value;
        if (kind === "registration") {
          // a new code, with the name and station it asks for
          assert.equal(user, null, r.employeeCode);
          const fields = r.registration!;
          assert.equal(r.userInfo.fullName, `${fields.firstName} ${fields.lastName}`);
          assert.equal(r.station, fields.station);
        } else {
          // an existing account, with its own name and station
          assert.ok(user !== null, r.employeeCode);
          assert.deepEqual([r.userInfo.fullName, r.station], [user.fullName, user.station]);
          if (kind === "activation") stations.set(r.station, (stations.get(r.station) ?? 0) + 1);
        }
      }
    }
    // a station admin's "Approve All" of activations: every request of its queue goes through
    const [station] = [...stations.entries()].sort((a, b) => b[1] - a[1])[0];
    const admin = await api.account("A9", "admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
      canViewAllStations: false,
      station,
    });
    const queue = await api.call(
      "GET",
      "/api/users/activation-requests?limit=100",
      undefined,
      admin,
    );
    assert.equal(queue.json.data.requests.length, stations.get(station));
    for (const r of queue.json.data.requests as { employeeCode: string }[]) {
      const res = await api.call(
        "POST",
        `/api/users/${r.employeeCode}/approve-activation`,
        { days: 90 },
        admin,
      );
      assert.equal(res.status, 200, `${r.employeeCode}: ${res.text}`);
    }
  } finally {
    api.close();
  }
});

Deno.test("seed-load fills a store on a denokv server, whose writes take 10 checks at most", async () => {
  const harness = await storeHarness();
  Deno.env.set("DENO_KV_ACCESS_TOKEN", harness.token);
  const api = await testApi(await Deno.openKv(harness.newStoreUrl()));
  try {
    const report = await seedLoad(
      api.kv,
      { users: 1_500, audit: 3_000, stations: 45, requests: 60 },
      api.clock.now,
    );
    assert.equal(report.users, 1_500);
    const root = await api.account("S9", "super_admin", { canViewAllStations: true });
    const list = await api.call("GET", "/api/users/paginated?limit=10", undefined, root);
    assert.equal(list.json.data.total, 1_502, "ROOT, S9 and the loaded users, each once");
    assert.equal(list.json.data.counts.locked, report.locked);
    let users = 0;
    for await (const _ of api.kv.list({ prefix: [...keys.userPrefix()] })) users++;
    assert.equal(users, 1_502);
    for (const kind of ["activation", "password-reset", "registration"]) {
      const queue = await api.call("GET", `/api/users/${kind}-requests`, undefined, root);
      assert.equal(queue.json.data.total, report.requests[kind], kind);
      assert.ok(queue.json.data.total > 0, kind);
    }
    let audits = 0;
    for await (const _ of api.kv.list({ prefix: keys.audits() })) audits++;
    // the loaded entries, the requests' own entries, and S9's creation
    assert.ok(audits >= 3_000 + 60, `${audits} audit entries`);
  } finally {
    api.close();
    await harness.stop();
  }
});
