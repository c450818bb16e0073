// Security properties a caller relies on: the headers of every answer (a strict CSP among them),
// cross-site form posts refused, sign-in throttled per address, and no secret in any answer.

import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { ADDRESS_LIMIT, ADDRESS_WINDOW_MS } from "../auth/sign_in.ts";
import { PASSWORD, testApi } from "../test_support.ts";

Deno.test("every answer carries a strict CSP and the other security headers", async () => {
  const t = await testApi();
  try {
    const token = await t.account("SECSA", "super_admin");
    const answers = [
      await t.call("GET", "/health"),
      await t.call("GET", "/api/auth/me"),
      await t.call("GET", "/api/users", undefined, token),
      await t.call("POST", "/api/users", { employeeCode: 1 }, token),
      await t.call("GET", "/api/nothing-here", undefined, token),
    ];
    for (const res of answers) {
      const csp = res.headers.get("content-security-policy") ?? "";
      assert.match(csp, /default-src 'self'/);
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.match(csp, /object-src 'none'/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
      assert.equal(res.headers.get("x-frame-options"), "DENY");
      assert.equal(res.headers.get("referrer-policy"), "no-referrer");
      assert.match(res.headers.get("strict-transport-security") ?? "", /max-age=\d+/);
    }
  } finally {
    t.close();
  }
});

Deno.test("a form posted from another site is refused", async () => {
  const t = await testApi();
  try {
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]) {
      const res = await t.app.request("http://localhost/api/auth/login", {
        method: "POST",
        headers: { "content-type": type, origin: "https://evil.example" },
        body: "employeeCode=ROOT&password=x",
      });
      assert.equal(res.status, 403, type);
    }
    const fetched = await t.app.request("http://localhost/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      body: JSON.stringify({ employeeCode: "ROOT", password: PASSWORD }),
    });
    assert.equal(fetched.status, 403);
    const same = await t.app.request("http://localhost/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({ employeeCode: "ROOT", password: PASSWORD }),
    });
    assert.equal(same.status, 200);
  } finally {
    t.close();
  }
});

Deno.test("an address with too many failed sign-ins is refused its wrong guesses, never a right password", async () => {
  const t = await testApi();
  try {
    const app = createApp({ kv: t.kv, now: () => t.clock.now, secureCookies: false });
    const login = (address: string, employeeCode: string, password: string) =>
      app.request("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ employeeCode, password }),
      }, { remoteAddr: { hostname: address, port: 1, transport: "tcp" } });
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      const res = await login("203.0.113.9", `NOBODY${i}`, "wrong-password");
      assert.equal(res.status, 401);
    }
    const blocked = await login("203.0.113.9", "NOBODYX", "wrong-password");
    assert.equal(blocked.status, 429);
    assert.match((await blocked.json()).message, /Too many failed sign-ins from this address/);
    // design 5.3 (issue 22, hole 6): the right password still signs in from that address
    assert.equal((await login("203.0.113.9", "ROOT", PASSWORD)).status, 200);
    assert.equal((await login("198.51.100.7", "NOBODYY", "wrong-password")).status, 401);
    t.clock.now += ADDRESS_WINDOW_MS + 1;
    assert.equal((await login("203.0.113.9", "NOBODYZ", "wrong-password")).status, 401);
  } finally {
    t.close();
  }
});

Deno.test("no answer carries a password hash, a one-time password after its one showing, or a session token hash", async () => {
  const t = await testApi();
  try {
    const admin = await t.account("SECA", "admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
      canExtendPasswords: true,
      canViewAllStations: true,
    });
    const made = await t.call("POST", "/api/users", {
      employeeCode: "SEC1",
      firstName: "S",
      lastName: "C",
      station: "CAI",
    }, admin);
    const reset = await t.call("POST", "/api/users/SEC1/reset-password", {}, admin);
    const shown = [made.json.data.oneTimePassword, reset.json.data.oneTimePassword] as string[];
    assert.equal(shown.filter((p) => typeof p === "string" && p.length >= 12).length, 2);
    const paths = [
      "/api/users",
      "/api/users/paginated?page=1&limit=100",
      "/api/users/SEC1",
      "/api/users/by-employee-code/SEC1",
      "/api/users/export",
      "/api/users/stats",
      "/api/users/SEC1/sessions",
      "/api/audit",
      "/api/settings/public",
      "/api/auth/me",
    ];
    for (const path of paths) {
      const res = await t.call("GET", path, undefined, admin);
      assert.equal(res.status, 200, path);
      assert.doesNotMatch(res.text, /\$argon2/, path);
      for (const p of shown) assert.ok(!res.text.includes(p), `${path} shows a one-time password`);
      assert.doesNotMatch(res.text, /passwordHash|tokenHash/, path);
    }
  } finally {
    t.close();
  }
});
