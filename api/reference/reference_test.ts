// Reference lists, settings, the audit log, bad input and what survives a restart.

import assert from "node:assert/strict";
import { testStorePath } from "../kv/connect/test_store.ts";
import { DEFAULT_DGSL, DEFAULT_ULD_WEIGHTS } from "../../engine/reference_data.ts";
import { createApp } from "../app.ts";
import { seed } from "../start/seed.ts";
import { PASSWORD, testApi } from "../test_support.ts";

Deno.test("the lists are seeded from the spec's built-in data", async () => {
  const api = await testApi();
  try {
    const token = await api.account("U1", "user");
    const count = async (list: string) =>
      (await api.call("GET", `/api/ffm-to-uws/${list}`, undefined, token)).json.data.length;
    assert.deepEqual(
      [await count("ulds"), await count("dgsl"), await count("xdgsl"), await count("lightake")],
      [Object.keys(DEFAULT_ULD_WEIGHTS).length, DEFAULT_DGSL.length, 2, 0],
    );
    const akE = (await api.call("GET", "/api/ffm-to-uws/ulds", undefined, token)).json.data.find((
      e: { name: string },
    ) => e.name === "AKE");
    assert.equal(akE.weight, 105);
  } finally {
    api.close();
  }
});

Deno.test("a list read on one process shows another process's changes at once", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    // a second process on the same store: its own app, its own kept lists
    const other = createApp({ kv: api.kv, now: () => api.clock.now, secureCookies: false });
    const names = async () => {
      const res = await other.request("/api/ffm-to-uws/dgsl", {
        headers: { authorization: `Bearer ${root}` },
      });
      return ((await res.json()).data as { name: string }[]).map((e) => e.name);
    };
    assert.ok((await names()).includes("AVI"));
    const added = await api.call("POST", "/api/ffm-to-uws/dgsl", { name: "ZZA" }, root);
    assert.equal(added.status, 201, added.json.message);
    assert.ok((await names()).includes("ZZA"));
    const id = added.json.data._id;
    const renamed = await api.call("PUT", `/api/ffm-to-uws/dgsl/${id}`, { name: "ZZB" }, root);
    assert.equal(renamed.status, 200, renamed.json.message);
    assert.deepEqual((await names()).filter((n) => n.startsWith("ZZ")), ["ZZB"]);
    const removed = await api.call("DELETE", `/api/ffm-to-uws/dgsl/${id}`, undefined, root);
    assert.equal(removed.status, 200, removed.json.message);
    assert.deepEqual((await names()).filter((n) => n.startsWith("ZZ")), []);
  } finally {
    api.close();
  }
});

Deno.test("add, edit and remove with the spec's validation texts", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const add = (list: string, body: unknown) =>
      api.call("POST", `/api/ffm-to-uws/${list}`, body, root);
    assert.equal((await add("ulds", { weight: 10 })).json.message, "ULD name is required");
    assert.equal(
      (await add("ulds", { name: "AK", weight: 10 })).json.message,
      "ULD type must be exactly 3 characters (letters/numbers, e.g., AKE, PAG, AA4)",
    );
    assert.equal((await add("ulds", { name: "ZZ1" })).json.message, "ULD weight is required");
    assert.equal(
      (await add("ulds", { name: "ZZ1", weight: -3 })).json.message,
      "Weight must be a positive number",
    );
    assert.equal(
      (await add("ulds", { name: "ZZ1", weight: 10001 })).json.message,
      "Weight seems too high (max 10,000 kg)",
    );
    assert.equal(
      (await add("ulds", { name: "ake", weight: 90 })).json.message,
      "ULD AKE already exists",
    );
    assert.equal(
      (await add("dgsl", { name: "R1" })).json.message,
      "DGSL name must be exactly 3 uppercase letters",
    );
    assert.equal(
      (await add("xdgsl", { name: "12" })).json.message,
      "XDGSL name must be exactly 3 uppercase letters",
    );
    assert.equal(
      (await add("lightake", { name: "AKE1MS" })).json.message,
      "Light AKE must be in format: AKE + 5 digits + 2 letters (e.g., AKE11223MS)",
    );
    const made = await add("ulds", { name: "zz1", weight: "95" });
    assert.equal(made.status, 201);
    assert.deepEqual([made.json.data.name, made.json.data.weight, made.json.data.type], [
      "ZZ1",
      95,
      "uld",
    ]);
    const light = await add("lightake", { name: "ake11223ms", weight: 62 });
    assert.equal(light.json.data.name, "AKE11223MS");
    const id = made.json.data._id;
    const edited = await api.call("PUT", `/api/ffm-to-uws/ulds/${id}`, { weight: 99 }, root);
    assert.equal(edited.json.data.weight, 99);
    assert.equal(
      (await api.call("PUT", `/api/ffm-to-uws/ulds/${id}`, { name: "AKE" }, root)).status,
      409,
    );
    const removed = await api.call("DELETE", `/api/ffm-to-uws/ulds/${id}`, undefined, root);
    assert.deepEqual(removed.json.data, {
      code: "reference:removed:ulds",
      params: { name: "ZZ1" },
      message: "ULD ZZ1 removed successfully",
    });
    assert.equal(
      (await add("ulds", { name: "ZZ1", weight: 80 })).status,
      201,
      "the name is free again",
    );
    assert.equal((await api.call("GET", "/api/ffm-to-uws/nolist", undefined, root)).status, 400);
  } finally {
    api.close();
  }
});

Deno.test("settings and the audit log, newest first", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const s = await api.call("PUT", "/api/settings", {
      minPasswordLength: 10,
      uwsRouting: { priority: "QK", address: "CAIKLMS", sender: ".CAIFFMS" },
    }, root);
    assert.deepEqual([s.json.data.minPasswordLength, s.json.data.uwsRouting.priority], [10, "QK"]);
    assert.equal(
      (await api.call("PUT", "/api/settings", { minPasswordLength: 3 }, root)).named,
      "minPasswordLength: Minimum password length is at least 6",
    );
    const user = await api.account("U1", "user");
    await api.call("PUT", "/api/settings", { developerChat: "+201000000001" }, root);
    const shared = await api.call("GET", "/api/settings/public", undefined, user);
    assert.deepEqual(shared.json.data, {
      uwsRouting: { priority: "QK", address: "CAIKLMS", sender: ".CAIFFMS" },
      developerChat: "+201000000001",
    });
    assert.equal((await api.call("GET", "/api/settings", undefined, user)).status, 403);
    api.clock.now += 1000;
    await api.call("POST", "/api/users/activation-request", { employeeCode: "S1", reason: "test" });
    const log = await api.call("GET", "/api/audit?limit=2", undefined, root);
    assert.deepEqual(log.json.data.entries.map((e: { action: string }) => e.action), [
      "request.activation",
      "settings.update",
    ]);
    const filtered = await api.call("GET", "/api/audit?action=settings", undefined, root);
    assert.equal(filtered.json.data.entries.length, 2, "two settings changes");
    assert.equal(filtered.json.data.cursor, null);
    assert.ok(
      !log.text.includes('defaultPassword":'),
      "the audit summary names fields, not secrets",
    );
  } finally {
    api.close();
  }
});

Deno.test("bad input gets 400 or 413 with a message naming the field, never 500", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const cases: [string, string, unknown, number, RegExp][] = [
      ["POST", "/api/auth/login", "{not json", 400, /Malformed JSON/],
      ["POST", "/api/auth/login", { employeeCode: 5, password: "x" }, 400, /^employeeCode: /],
      [
        "POST",
        "/api/auth/login",
        { employeeCode: "A", password: "x", extra: 1 },
        400,
        /extra|Unrecognized/i,
      ],
      [
        "POST",
        "/api/users",
        { employeeCode: "../../../etc", firstName: "a", lastName: "b", station: "CAI" },
        400,
        /^employeeCode: /,
      ],
      ["PUT", "/api/users/S1", { isActive: "yes" }, 400, /^isActive: /],
      ["POST", "/api/users/S1/extend-password", { days: "30" }, 400, /^days: /],
      ["GET", "/api/users/paginated?page=-1", undefined, 400, /^page: /],
      ["GET", "/api/users/paginated?sort=name", undefined, 400, /sort|Unrecognized/i],
      ["POST", "/api/ffm-to-uws/ulds", { name: "X".repeat(500) }, 400, /^name: /],
      ["POST", "/api/users/import", "x".repeat(3 * 1024 * 1024), 413, /too large/],
    ];
    for (const [method, path, body, status, message] of cases) {
      const res = await api.call(method, path, body, root);
      assert.equal(res.status, status, `${method} ${path}: ${res.status} ${res.json.message}`);
      assert.match(res.named, message, `${method} ${path}`);
    }
  } finally {
    api.close();
  }
});

Deno.test("a restart keeps users, requests, settings and reference entries", async () => {
  const dir = await Deno.makeTempDir();
  // a file here; in the remote run, a database on the suite's KV Connect server, opened again
  const path = testStorePath(`${dir}/portal.kv`);
  try {
    let kv = await Deno.openKv(path);
    const first = await seed(kv, Date.now(), { adminCode: "ROOT", adminPassword: PASSWORD });
    assert.equal(first.adminCreated, true);
    let app = createApp({ kv, now: Date.now, secureCookies: false });
    const login = await app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ employeeCode: "ROOT", password: PASSWORD }),
    });
    const token = (await login.json()).data.token;
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    // the first super admin changes the default password before anything else
    const changed = await app.request("/api/users/change-password", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        employeeCode: "ROOT",
        currentPassword: PASSWORD,
        newPassword: "Harbor-changed-pass-3",
      }),
    });
    assert.equal(changed.status, 200);
    // a typed password and the settings ask for the password confirmed again (issue 48)
    const confirmed = await app.request("/api/auth/step-up", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ password: "Harbor-changed-pass-3" }),
    });
    assert.equal(confirmed.status, 200);
    await app.request("/api/users", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        employeeCode: "K1",
        firstName: "Kept",
        lastName: "User",
        station: "CAI",
        password: "Long-enough-1",
      }),
    });
    await app.request("/api/settings", {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ minPasswordLength: 12 }),
    });
    await app.request("/api/ffm-to-uws/dgsl", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ name: "ZZZ" }),
    });
    await app.request("/api/users/password-reset-request", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ employeeCode: "K1" }),
    });
    kv.close();

    kv = await Deno.openKv(path);
    const again = await seed(kv, Date.now(), { adminCode: "ROOT", adminPassword: "another" });
    assert.equal(again.adminCreated, false);
    assert.equal(again.referenceSeeded, false);
    app = createApp({ kv, now: Date.now, secureCookies: false });
    const get = async (p: string) => (await (await app.request(p, { headers: auth })).json()).data;
    assert.equal((await get("/api/users/K1")).fullName, "Kept User");
    assert.equal((await get("/api/settings")).minPasswordLength, 12);
    assert.ok((await get("/api/ffm-to-uws/dgsl")).some((e: { name: string }) => e.name === "ZZZ"));
    assert.deepEqual(
      (await get("/api/users/password-reset-requests")).requests.map((
        r: { employeeCode: string },
      ) => r.employeeCode),
      ["K1"],
    );
    kv.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
