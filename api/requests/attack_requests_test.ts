// Attacks through the sign-in page's requests (issue finding 5): floods, codes no admin can act on,
// and overwriting someone else's pending registration.

import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { REQUEST_LIMIT, REQUEST_SENT } from "./sign_in_routes.ts";
import { stationAdmin, testApi } from "../test_support.ts";

type Api = Awaited<ReturnType<typeof testApi>>;

/** Posts a sign-in page request as a caller at `address`. */
function requester(api: Api) {
  const app = createApp({ kv: api.kv, now: () => api.clock.now, secureCookies: false });
  return async (address: string, kind: string, body: unknown) => {
    const res = await app.request(`/api/users/${kind}-request`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }, { remoteAddr: { hostname: address, port: 1, transport: "tcp" } });
    return { status: res.status, json: await res.json() };
  };
}

const registration = (code: string, email: string, station = "CAI") => ({
  employeeCode: code,
  firstName: "Nour",
  lastName: "Adel",
  email,
  jobTitle: "Agent",
  position: "Ramp",
  station,
  reason: "new starter",
});

Deno.test("finding 5: a code that breaks the employee-code rule is refused, so every request can be handled", async () => {
  const api = await testApi();
  try {
    const send = requester(api);
    for (const code of ["../../../etc", "<script>", "A B", "X".repeat(41)]) {
      const res = await send("203.0.113.1", "activation", { employeeCode: code, reason: "x" });
      assert.equal(res.status, 400, code);
    }
    const reg = await send(
      "203.0.113.1",
      "registration",
      registration("bad/code", "a@example.com"),
    );
    assert.equal(reg.status, 400);
    let stored = 0;
    for await (const _ of api.kv.list({ prefix: ["requests"] })) stored++;
    assert.equal(stored, 0);
  } finally {
    api.close();
  }
});

Deno.test("finding 5: a second registration for a pending code does not replace the first, and answers the same", async () => {
  const api = await testApi();
  try {
    const send = requester(api);
    const root = await api.account("S1", "super_admin");
    const first = await send(
      "203.0.113.1",
      "registration",
      registration("NEW1", "nour@example.com"),
    );
    const second = await send(
      "203.0.113.2",
      "registration",
      registration("NEW1", "attacker@example.com", "LHR"),
    );
    assert.deepEqual([first.status, first.json], [200, {
      success: true,
      data: {
        code: "requests:sent:registration",
        params: {},
        message: REQUEST_SENT.registration.message,
      },
    }]);
    assert.deepEqual([second.status, second.json], [first.status, first.json]);
    const queue = await api.call("GET", "/api/users/registration-requests", undefined, root);
    const text = JSON.stringify(queue.json);
    assert.match(text, /nour@example\.com/);
    assert.doesNotMatch(text, /attacker/);
  } finally {
    api.close();
  }
});

Deno.test("finding 5: one address cannot flood the queues; other addresses still get through", async () => {
  const api = await testApi();
  try {
    const send = requester(api);
    for (let i = 0; i < REQUEST_LIMIT; i++) {
      const res = i % 2
        ? await send("203.0.113.7", "activation", { employeeCode: `FLOOD${i}`, reason: "flood" })
        : await send("203.0.113.7", "password-reset", { employeeCode: `FLOOD${i}` });
      assert.equal(res.status, 200, `request ${i + 1}`);
    }
    const over = await send("203.0.113.7", "registration", registration("FLOODX", "f@example.com"));
    assert.equal(over.status, 429);
    const other = await send("198.51.100.7", "registration", registration("OK1", "ok@example.com"));
    assert.equal(other.status, 200);
  } finally {
    api.close();
  }
});

Deno.test("finding 5: queues come a page at a time, and admins can delete any request", async () => {
  const api = await testApi();
  try {
    const send = requester(api);
    const root = await api.account("S1", "super_admin");
    for (let i = 0; i < 25; i++) {
      await api.account(`Q${String(i).padStart(2, "0")}`, "user", { isActive: false });
      const res = await send(`198.51.100.${i}`, "activation", {
        employeeCode: `Q${String(i).padStart(2, "0")}`,
        reason: "please",
      });
      assert.equal(res.status, 200);
    }
    const codes: string[] = [];
    let cursor: string | null = "";
    let pages = 0;
    while (cursor !== null) {
      const query: string = cursor === ""
        ? "limit=10"
        : `limit=10&cursor=${encodeURIComponent(cursor)}`;
      const page = await api.call(
        "GET",
        `/api/users/activation-requests?${query}`,
        undefined,
        root,
      );
      assert.equal(page.status, 200, page.json.message);
      assert.ok(page.json.data.requests.length <= 10);
      assert.equal(page.json.data.total, 25);
      codes.push(...page.json.data.requests.map((r: { employeeCode: string }) => r.employeeCode));
      cursor = page.json.data.cursor;
      pages++;
    }
    assert.equal(pages, 3);
    assert.equal(new Set(codes).size, 25);
    const del = await api.call("DELETE", "/api/users/requests/activation/Q07", undefined, root);
    assert.equal(del.status, 200, del.json.message);
    const after = await api.call(
      "GET",
      "/api/users/activation-requests?limit=100",
      undefined,
      root,
    );
    assert.equal(after.json.data.total, 24);
    assert.ok(!JSON.stringify(after.json).includes("Q07"));
    // a user who does not manage users cannot
    const user = await api.account("U1", "user");
    assert.equal(
      (await api.call("DELETE", "/api/users/requests/activation/Q08", undefined, user)).status,
      403,
    );
  } finally {
    api.close();
  }
});

Deno.test("finding 13: deleting a user deletes their requests; a re-created code starts clean", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("OLD1", "user", { isActive: false });
    const sent = await api.call("POST", "/api/users/activation-request", {
      employeeCode: "OLD1",
      reason: "the old person's reason",
    });
    assert.equal(sent.status, 200);
    await api.call("POST", "/api/users/password-reset-request", { employeeCode: "OLD1" });
    const queue = async (kind: string) =>
      JSON.stringify((await api.call("GET", `/api/users/${kind}-requests`, undefined, root)).json);
    assert.match(await queue("activation"), /OLD1/);
    assert.equal((await api.call("DELETE", "/api/users/OLD1", undefined, root)).status, 200);
    const made = await api.call("POST", "/api/users", {
      employeeCode: "OLD1",
      firstName: "New",
      lastName: "Person",
      station: "CAI",
    }, root);
    assert.equal(made.status, 201);
    assert.doesNotMatch(await queue("activation"), /OLD1|old person/);
    assert.doesNotMatch(await queue("password-reset"), /OLD1/);
  } finally {
    api.close();
  }
});

Deno.test("issue 27: approving a registration cannot give the new user admin apps", async () => {
  const api = await testApi();
  try {
    const send = requester(api);
    const admin = await api.account("A2", "admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
      canViewAllStations: true,
    });
    await send("203.0.113.9", "registration", registration("NEW7", "new7@example.com"));
    for (const apps of [["admin-apps"], ["ffm-to-uws", "user-management"], ["audit-logs"]]) {
      const res = await api.call(
        "POST",
        "/api/users/NEW7/approve-registration",
        { accessibleApps: apps },
        admin,
      );
      assert.equal(res.status, 400, apps.join());
      assert.match(res.json.message!, /admin apps .* are for admin and super_admin accounts only/);
    }
    assert.equal((await api.kv.get(["users", "NEW7"])).value, null, "no account was made");
    const queue = await api.call("GET", "/api/users/registration-requests", undefined, admin);
    assert.equal(queue.json.data.total, 1, "the request is still pending");
  } finally {
    api.close();
  }
});

Deno.test("issue 27: a station admin naming or searching another station's queue gets nothing of it", async () => {
  const api = await testApi();
  try {
    const send = requester(api);
    const cai = await stationAdmin(api);
    await send("203.0.113.10", "registration", registration("LHR1", "l1@example.com", "LHR"));
    await send("203.0.113.11", "registration", registration("CAI1", "c1@example.com", "CAI"));
    for (const query of ["station=LHR", "station=lhr&search=LHR1", "search=LHR1", "search=Nour"]) {
      const res = await api.call(
        "GET",
        `/api/users/registration-requests?${query}`,
        undefined,
        cai,
      );
      assert.equal(res.status, 200, query);
      assert.doesNotMatch(JSON.stringify(res.json), /LHR1|l1@example/, query);
    }
    const named = await api.call(
      "GET",
      "/api/users/registration-requests?station=LHR",
      undefined,
      cai,
    );
    assert.deepEqual(named.json.data, { requests: [], cursor: null, total: 0 });
  } finally {
    api.close();
  }
});
