// Sign-in, sessions, lockout, expiry, the default password and own password changes.

import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { SESSION_MS } from "./auth.ts";
import { PASSWORD, testApi } from "../test_support.ts";

const login = (api: Awaited<ReturnType<typeof testApi>>, employeeCode: string, password: string) =>
  api.call("POST", "/api/auth/login", { employeeCode, password });

Deno.test("sign-in answers a token, the session user and an HttpOnly SameSite=Strict cookie", async () => {
  const api = await testApi();
  try {
    await api.account("U1", "user", { accessibleApps: ["uld-extractor"] });
    const res = await login(api, "u1", PASSWORD);
    assert.equal(res.status, 200);
    assert.match(res.json.data.token, /^[0-9a-f]{64}$/);
    assert.deepEqual(
      {
        code: res.json.data.user.employeeCode,
        role: res.json.data.user.role,
        apps: res.json.data.user.accessibleApps,
        change: res.json.data.user.needsPasswordChange,
      },
      { code: "U1", role: "user", apps: ["uld-extractor"], change: false },
    );
    const cookie = res.headers.get("set-cookie") ?? "";
    assert.match(cookie, /^session=[0-9a-f]{64};/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    const me = await api.call("GET", "/api/auth/me", undefined, res.json.data.token);
    assert.equal(me.status, 200);
    assert.equal(me.json.data.user.employeeCode, "U1");
    // a second sign-in gives a new token: no session fixation
    const again = await login(api, "U1", PASSWORD);
    assert.notEqual(again.json.data.token, res.json.data.token);
    // the token is not stored: only its hash is a key
    for await (const e of api.kv.list({ prefix: ["sessions"] })) {
      assert.notEqual(e.key[1], res.json.data.token);
    }
  } finally {
    api.close();
  }
});

Deno.test("secure cookies use the __Host- prefix and Secure", async () => {
  const api = await testApi();
  try {
    await api.account("U1", "user");
    const app = createApp({ kv: api.kv, now: () => api.clock.now, secureCookies: true });
    const res = await app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ employeeCode: "U1", password: PASSWORD }),
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    assert.match(cookie, /^__Host-session=/);
    assert.match(cookie, /Secure/);
  } finally {
    api.close();
  }
});

Deno.test("a wrong password and an unknown code get the same answer; the spec's field texts", async () => {
  const api = await testApi();
  try {
    await api.account("U1", "user");
    const wrong = await login(api, "U1", "nope");
    const unknown = await login(api, "NOSUCH", "nope");
    assert.deepEqual([wrong.status, wrong.json], [401, {
      success: false,
      code: "auth:invalid_login",
      message: "Invalid employee code or password",
      params: {},
    }]);
    assert.deepEqual([unknown.status, unknown.json], [wrong.status, wrong.json]);
    assert.equal(
      (await api.call("POST", "/api/auth/login", { password: "x" })).named,
      "employeeCode: Please enter your employee code",
    );
    assert.equal(
      (await api.call("POST", "/api/auth/login", { employeeCode: "U1", password: "" }))
        .named,
      "password: Please enter your password",
    );
  } finally {
    api.close();
  }
});

Deno.test("five failures lock the account for 15 minutes, doubling; an admin unlocks", async () => {
  const api = await testApi();
  try {
    await api.account("U1", "user");
    const admin = await api.account("A1", "admin", { canManageUsers: true });
    for (let i = 0; i < 4; i++) assert.equal((await login(api, "U1", "bad")).status, 401);
    const locked = await login(api, "U1", "bad");
    assert.equal(locked.status, 423);
    assert.match(
      locked.json.message!,
      /^Account locked after 5 failed sign-ins until 2026-11-22T08:15:00\.000Z/,
    );
    assert.equal(
      (await login(api, "U1", PASSWORD)).status,
      423,
      "the right password does not open a locked account",
    );
    api.clock.now += 15 * 60 * 1000 + 1;
    for (let i = 0; i < 5; i++) await login(api, "U1", "bad");
    const second = await login(api, "U1", PASSWORD);
    assert.equal(second.status, 423);
    assert.match(
      second.json.message!,
      /until 2026-11-22T08:45:00\.001Z/,
      "the second lock lasts 30 minutes",
    );
    assert.equal((await api.call("POST", "/api/users/U1/unlock", {}, admin)).status, 200);
    assert.equal((await login(api, "U1", PASSWORD)).status, 200);
    const events = [];
    for await (const e of api.kv.list<{ action: string; target: string }>({ prefix: ["audit"] })) {
      events.push(e.value.action);
    }
    assert.ok(
      events.includes("login.locked") && events.includes("login.failed") &&
        events.includes("user.unlock") && events.includes("login.success"),
    );
  } finally {
    api.close();
  }
});

Deno.test("sessions end 8 hours after creation", async () => {
  const api = await testApi();
  try {
    await api.account("U1", "user");
    const token = (await login(api, "U1", PASSWORD)).json.data.token;
    // used every half hour (within the idle end), it still ends at its lifetime
    const start = api.clock.now;
    while (api.clock.now + 30 * 60_000 < start + SESSION_MS - 1000) {
      api.clock.now += 30 * 60_000;
      assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 200);
    }
    api.clock.now = start + SESSION_MS - 1000;
    assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 200);
    api.clock.now += 2000;
    assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 401);
  } finally {
    api.close();
  }
});

Deno.test("inactive accounts and expired passwords are refused with a way forward", async () => {
  const api = await testApi();
  try {
    await api.account("I1", "user", { isActive: false });
    await api.account("E1", "user", { passwordExpiry: "2026-11-01T00:00:00.000Z" });
    assert.deepEqual(
      (await login(api, "I1", PASSWORD)).json.message,
      "Your account is not active. Send an activation request from the sign-in page.",
    );
    const expired = await login(api, "E1", PASSWORD);
    assert.equal(expired.status, 403);
    assert.equal(
      expired.json.message,
      "Your password has expired. Send a password reset request from the sign-in page.",
    );
  } finally {
    api.close();
  }
});

Deno.test("signing in with a one-time password asks for a change; the change follows the policy", async () => {
  const api = await testApi();
  try {
    const admin = await api.account("A1", "admin", { canManageUsers: true });
    await api.account("U1", "user");
    const reset = await api.call("POST", "/api/users/U1/reset-password", {}, admin);
    assert.equal(reset.status, 200);
    const otp = reset.json.data.oneTimePassword as string;
    const res = await login(api, "U1", otp);
    assert.equal(res.status, 200);
    assert.equal(res.json.data.user.needsPasswordChange, true);
    const token = res.json.data.token;
    const change = (currentPassword: string, newPassword: string) =>
      api.call("POST", "/api/users/U1/change-password", { currentPassword, newPassword }, token);
    assert.equal(
      (await change("wrong", "Brand-new-pass-1")).json.message,
      "Current password is incorrect",
    );
    assert.equal(
      (await change(otp, "short")).json.message,
      "New password must be at least 8 characters",
    );
    assert.equal(
      (await change(otp, otp)).json.message,
      "New password must be different from the current password",
    );
    const done = await change(otp, "Brand-new-pass-1");
    assert.equal(done.status, 200);
    const me = await api.call("GET", "/api/auth/me", undefined, token);
    assert.equal(me.json.data.user.needsPasswordChange, false);
    assert.equal(
      me.json.data.user.passwordExpiry,
      new Date(api.clock.now + 90 * 86400000).toISOString(),
    );
    assert.equal((await login(api, "U1", "Brand-new-pass-1")).status, 200);
    // the other form of the call, and only for oneself
    const other = await api.call("POST", "/api/users/change-password", {
      employeeCode: "A1",
      currentPassword: "x",
      newPassword: "y",
    }, token);
    assert.equal(other.status, 403);
  } finally {
    api.close();
  }
});

Deno.test("logout ends the session even when called twice", async () => {
  const api = await testApi();
  try {
    await api.account("U1", "user");
    const token = (await login(api, "U1", PASSWORD)).json.data.token;
    assert.equal((await api.call("POST", "/api/auth/logout", undefined, token)).status, 200);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 401);
    assert.equal((await api.call("POST", "/api/auth/logout", undefined, token)).status, 200);
  } finally {
    api.close();
  }
});
