// The request queues as an admin reads them (issue 27 item 5): newest first, a search in the code
// and the name, a station filter within the caller's scope, and a registration approved with
// the apps the admin chose, stored and audited in the same write.

import assert from "node:assert/strict";
import { stationAdmin, testApi } from "../test_support.ts";
import type { AuditEntry, UserRecord } from "../store/records.ts";

type Api = Awaited<ReturnType<typeof testApi>>;

/** Sends a registration from the sign-in page `minutes` after the test clock's start. */
async function register(api: Api, code: string, name: string, station: string, minutes: number) {
  api.clock.now = Date.parse("2026-11-22T08:00:00Z") + minutes * 60_000;
  const [firstName, lastName] = name.split(" ");
  const res = await api.call("POST", "/api/users/registration-request", {
    employeeCode: code,
    firstName,
    lastName,
    email: `${code.toLowerCase()}@example.com`,
    jobTitle: "Agent",
    position: "Ramp",
    station,
    reason: "new starter",
  });
  assert.equal(res.status, 200, res.json.message);
}

/** The codes of a queue page as `token` reads it with `query`. */
async function codes(api: Api, token: string, query = "") {
  const res = await api.call("GET", `/api/users/registration-requests?${query}`, undefined, token);
  assert.equal(res.status, 200, res.json.message);
  const data = res.json.data as { requests: { employeeCode: string }[]; total: number };
  return { codes: data.requests.map((r) => r.employeeCode), total: data.total };
}

Deno.test("queues list the newest request first, page by page", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await register(api, "AAA1", "Old Timer", "CAI", 1);
    await register(api, "ZZZ9", "Mid Way", "LHR", 2);
    await register(api, "MMM5", "New Comer", "CAI", 3);
    assert.deepEqual(await codes(api, root), { codes: ["MMM5", "ZZZ9", "AAA1"], total: 3 });
    const first = await api.call(
      "GET",
      "/api/users/registration-requests?limit=2",
      undefined,
      root,
    );
    const cursor = encodeURIComponent(first.json.data.cursor);
    assert.deepEqual((await codes(api, root, `limit=2&cursor=${cursor}`)).codes, ["AAA1"]);
  } finally {
    api.close();
  }
});

Deno.test("search finds a code or a name; a station filter narrows and counts", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await register(api, "CAI10", "Mona Said", "CAI", 1);
    await register(api, "LHR20", "Omar Mona", "LHR", 2);
    await register(api, "CAI30", "Karim Adel", "CAI", 3);
    assert.deepEqual((await codes(api, root, "search=mona")).codes, ["LHR20", "CAI10"]);
    assert.deepEqual((await codes(api, root, "search=cai3")).codes, ["CAI30"]);
    assert.deepEqual((await codes(api, root, "search=nobody")).codes, []);
    assert.deepEqual(await codes(api, root, "station=cai"), {
      codes: ["CAI30", "CAI10"],
      total: 2,
    });
    assert.deepEqual((await codes(api, root, "station=CAI&search=mona")).codes, ["CAI10"]);
    for (
      const bad of [
        "station=CAIRO",
        "station=C1",
        "station=CA",
        `search=${"x".repeat(101)}`,
        "sort=x",
      ]
    ) {
      const res = await api.call("GET", `/api/users/registration-requests?${bad}`, undefined, root);
      assert.equal(res.status, 400, bad);
    }
  } finally {
    api.close();
  }
});

Deno.test("a station admin sees its own station only, with or without naming it", async () => {
  const api = await testApi();
  try {
    const cai = await stationAdmin(api);
    await register(api, "CAI10", "Mona Said", "CAI", 1);
    await register(api, "LHR20", "Omar Mona", "LHR", 2);
    assert.deepEqual(await codes(api, cai), { codes: ["CAI10"], total: 1 });
    assert.deepEqual(await codes(api, cai, "station=CAI"), { codes: ["CAI10"], total: 1 });
    assert.deepEqual(await codes(api, cai, "station=LHR"), { codes: [], total: 0 });
    assert.deepEqual((await codes(api, cai, "search=mona")).codes, ["CAI10"]);
  } finally {
    api.close();
  }
});

Deno.test("an approved registration gets the chosen apps, in the write that approves it, audited", async () => {
  const api = await testApi();
  try {
    const cai = await stationAdmin(api);
    await register(api, "NEW1", "Nour Adel", "CAI", 1);
    const res = await api.call(
      "POST",
      "/api/users/NEW1/approve-registration",
      { accessibleApps: ["uld-extractor", "ffm-to-uws", "uld-extractor"] },
      cai,
    );
    assert.equal(res.status, 201, res.json.message);
    assert.equal(typeof res.json.data.oneTimePassword, "string");
    const user = (await api.kv.get<UserRecord>(["users", "NEW1"])).value!;
    assert.deepEqual(user.accessibleApps, ["uld-extractor", "ffm-to-uws"]);
    assert.equal(user.role, "user");
    const entries: AuditEntry[] = [];
    for await (const e of api.kv.list<AuditEntry>({ prefix: ["audit"] })) entries.push(e.value);
    const approval = entries.find((e) => e.action === "registration.approve")!;
    assert.equal(approval.summary, "station CAI; apps uld-extractor, ffm-to-uws");
    assert.deepEqual((await codes(api, cai)).codes, []);
    // an empty body still approves, with no apps (the spec's call)
    await register(api, "NEW2", "Sara Adel", "CAI", 2);
    const plain = await api.call("POST", "/api/users/NEW2/approve-registration", {}, cai);
    assert.equal(plain.status, 201);
    assert.deepEqual((await api.kv.get<UserRecord>(["users", "NEW2"])).value!.accessibleApps, []);
    const unknown = await api.call(
      "POST",
      "/api/users/NEW2/approve-registration",
      { accessibleApps: ["nope"] },
      cai,
    );
    assert.equal(unknown.status, 400);
  } finally {
    api.close();
  }
});
