// Attacks with sessions that should be restricted (issue finding 4) and with password rules that
// differ between places (finding 18).

import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { PASSWORD, testApi } from "../test_support.ts";

const CHANGE_FIRST = "Change your password first";

Deno.test("finding 4: a session signed in with a one-time password reaches only me, logout and change-password", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const made = await api.call("POST", "/api/users", {
      employeeCode: "NEWS",
      firstName: "New",
      lastName: "Super",
      station: "CAI",
      role: "super_admin",
    }, root);
    assert.equal(made.status, 201);
    const otp = made.json.data.oneTimePassword as string;
    const login = await api.call("POST", "/api/auth/login", {
      employeeCode: "NEWS",
      password: otp,
    });
    assert.equal(login.status, 200);
    const token = login.json.data.token;
    for (
      const [method, path] of [
        ["GET", "/api/settings"],
        ["GET", "/api/settings/public"],
        ["GET", "/api/users/paginated"],
        ["GET", "/api/users/NEWS"],
        ["GET", "/api/ffm-to-uws/ulds"],
        ["GET", "/api/audit"],
        ["POST", "/api/users/S1/unlock"],
      ] as const
    ) {
      const res = await api.call(method, path, method === "POST" ? {} : undefined, token);
      assert.deepEqual([res.status, res.json.message], [403, CHANGE_FIRST], `${method} ${path}`);
      assert.ok(!res.text.includes(otp));
    }
    assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 200);
    const changed = await api.call("POST", "/api/users/change-password", {
      employeeCode: "NEWS",
      currentPassword: otp,
      newPassword: "A-new-password-7",
    }, token);
    assert.equal(changed.status, 200, changed.json.message);
    assert.equal((await api.call("GET", "/api/settings", undefined, token)).status, 200);
  } finally {
    api.close();
  }
});

Deno.test("finding 4: a session whose password expired after sign-in is restricted too", async () => {
  const api = await testApi();
  try {
    await api.account("EXP1", "user", {
      accessibleApps: ["ffm-to-uws"],
      // within the session's idle end (60 minutes unused) of its sign-in at 08:00
      passwordExpiry: new Date(Date.parse("2026-11-22T08:30:00Z")).toISOString(),
    });
    const login = await api.call("POST", "/api/auth/login", {
      employeeCode: "EXP1",
      password: PASSWORD,
    });
    assert.equal(login.status, 200);
    const token = login.json.data.token;
    assert.equal((await api.call("GET", "/api/ffm-to-uws/ulds", undefined, token)).status, 200);
    api.clock.now = Date.parse("2026-11-22T08:30:01Z");
    const after = await api.call("GET", "/api/ffm-to-uws/ulds", undefined, token);
    assert.deepEqual([after.status, after.json.message], [403, CHANGE_FIRST]);
    const me = await api.call("GET", "/api/auth/me", undefined, token);
    assert.equal(me.status, 200);
    const changed = await api.call("POST", "/api/users/EXP1/change-password", {
      currentPassword: PASSWORD,
      newPassword: "Fresh-password-8",
    }, token);
    assert.equal(changed.status, 200, changed.json.message);
    assert.equal((await api.call("GET", "/api/ffm-to-uws/ulds", undefined, token)).status, 200);
  } finally {
    api.close();
  }
});

Deno.test("a password change landing between a request's two session reads does not sign the caller out", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const made = await api.call("POST", "/api/users", {
      employeeCode: "TORN",
      firstName: "Torn",
      lastName: "Read",
      station: "CAI",
    }, root);
    assert.equal(made.status, 201);
    const otp = made.json.data.oneTimePassword as string;
    const login = await api.call("POST", "/api/auth/login", {
      employeeCode: "TORN",
      password: otp,
    });
    const token = login.json.data.token as string;
    // a second process changes the password, with this very session, just after this process
    // has read the session and before it reads the user (the web polls /me meanwhile)
    const other = createApp({ kv: api.kv, now: () => api.clock.now, secureCookies: false });
    let armed = false;
    // the user is read by get, or by getMany with the epoch of every session (issue 48)
    const kv = new Proxy(api.kv, {
      get(target, name) {
        if (name !== "get" && name !== "getMany") return Reflect.get(target, name).bind(target);
        return async (key: Deno.KvKey | Deno.KvKey[]) => {
          const read = (Array.isArray(key[0]) ? key : [key]) as Deno.KvKey[];
          if (armed && read.some((k) => k[0] === "users" && k[1] === "TORN")) {
            armed = false;
            const changed = await other.request("/api/users/change-password", {
              method: "POST",
              headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
              body: JSON.stringify({
                employeeCode: "TORN",
                currentPassword: otp,
                newPassword: "A-new-password-7",
              }),
            });
            assert.equal(changed.status, 200);
          }
          return name === "get"
            ? await target.get(key as Deno.KvKey)
            : await target.getMany(key as Deno.KvKey[]);
        };
      },
    });
    const app = createApp({ kv, now: () => api.clock.now, secureCookies: false });
    armed = true;
    const me = await app.request("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
    assert.equal(armed, false, "the change landed between the reads");
    assert.equal(me.status, 200, await me.text());
  } finally {
    api.close();
  }
});
