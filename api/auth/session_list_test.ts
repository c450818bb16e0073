// A user's sessions as the lists show them (issue 27): where each came from, when it was last
// used (written at most every few minutes), and the lifetime setting that new sessions take.

import assert from "node:assert/strict";
import { sha256 } from "./auth.ts";
import { TOUCH_MS, touchSession } from "./sessions.ts";
import { browserSignIn, CHROME, FIREFOX } from "./session_test_support.ts";
import { keys } from "../store/keys.ts";
import type { SessionRecord } from "../store/records.ts";
import { testApi } from "../test_support.ts";

const HOUR = 3_600_000;

Deno.test("each session is listed with its start, last use, address and browser", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("LIST", "user");
    const signIn = browserSignIn(api);
    api.clock.now += 1000;
    const start = api.clock.now;
    const chrome = await signIn("LIST", "10.9.8.7", CHROME);
    api.clock.now += 60_000;
    const long = `${FIREFOX} ${"x".repeat(1000)}`;
    await signIn("LIST", "10.9.8.6", long);
    const listed = await api.call("GET", "/api/users/LIST/sessions", undefined, root);
    assert.equal(listed.status, 200);
    // the test account's own session first (no address), then the two sign-ins, oldest first
    const [, first, second] = listed.json.data;
    assert.equal(listed.json.data.length, 3);
    assert.deepEqual(
      { ...first, id: typeof first.id },
      {
        id: "string",
        createdAt: new Date(start).toISOString(),
        lastUsedAt: new Date(start).toISOString(),
        expiresAt: new Date(start + 8 * HOUR).toISOString(),
        address: "10.9.8.7",
        userAgent: CHROME,
        current: false,
      },
    );
    assert.equal(second.address, "10.9.8.6");
    assert.equal(second.userAgent, long.slice(0, 200));
    assert.notEqual(first.id, second.id);
    // the caller's own list marks the session it was asked from
    const own = await api.call("GET", "/api/auth/sessions", undefined, chrome);
    assert.deepEqual(own.json.data.map((s: { current: boolean }) => s.current), [
      false,
      true,
      false,
    ]);
  } finally {
    api.close();
  }
});

Deno.test("a session's last use is written at most once a minute, and never revives it", async () => {
  const api = await testApi();
  try {
    await api.account("TOUCH", "user");
    const token = await browserSignIn(api)("TOUCH", "10.1.1.1", CHROME);
    const key = keys.session(sha256(token));
    const before = await api.kv.get<SessionRecord>(key);
    // the idle end (ASVS 13) comes within this much of its setting
    assert.equal(TOUCH_MS, 60_000);
    // requests within a minute of the sign-in write nothing
    api.clock.now += TOUCH_MS - 1000;
    assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 200);
    assert.equal((await api.kv.get(key)).versionstamp, before.versionstamp);
    api.clock.now += 2000;
    assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 200);
    const after = await api.kv.get<SessionRecord>(key);
    assert.equal(after.value!.lastUsedAt, api.clock.now);
    const listed = await api.call("GET", "/api/auth/sessions", undefined, token);
    const mine = listed.json.data.find((s: { current: boolean }) => s.current);
    assert.equal(mine.lastUsedAt, new Date(api.clock.now).toISOString());
    // a touch that read the session before it ended leaves it ended
    const other = await browserSignIn(api)("TOUCH", "10.1.1.2", FIREFOX);
    const ended = await api.call("DELETE", `/api/auth/sessions/${mine.id}`, undefined, other);
    assert.equal(ended.status, 200, ended.json.message);
    api.clock.now += TOUCH_MS;
    await touchSession(api.kv, after as Deno.KvEntry<SessionRecord>, api.clock.now);
    assert.equal((await api.kv.get(key)).value, null);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 401);
  } finally {
    api.close();
  }
});

Deno.test("new sessions last the hours the setting says when they start; open ones keep theirs", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("LIFE", "user");
    const signIn = browserSignIn(api);
    // the lifetimes alone: these sessions go unused for hours, longer than the idle end's default
    assert.equal((await api.call("PUT", "/api/settings", { idleMinutes: 1440 }, root)).status, 200);
    const start = api.clock.now;
    const eight = await signIn("LIFE", "10.2.2.1", CHROME);
    for (const [hours, status] of [[0, 400], [25, 400], [1.5, 400], [2, 200]] as const) {
      const res = await api.call("PUT", "/api/settings", { sessionHours: hours }, root);
      assert.equal(res.status, status, `${hours}: ${res.json.message}`);
      if (status === 400) assert.equal(res.json.message, "A session lasts 1 to 24 hours");
    }
    const two = await signIn("LIFE", "10.2.2.2", FIREFOX);
    const listed = await api.call("GET", "/api/users/LIFE/sessions", undefined, root);
    const byAddress = (a: string) =>
      listed.json.data.find((s: { address: string }) => s.address === a).expiresAt;
    assert.equal(byAddress("10.2.2.1"), new Date(start + 8 * HOUR).toISOString());
    assert.equal(byAddress("10.2.2.2"), new Date(start + 2 * HOUR).toISOString());
    api.clock.now = start + 2 * HOUR + 1000;
    assert.equal((await api.call("GET", "/api/auth/me", undefined, two)).status, 401);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, eight)).status, 200);
    const after = await api.call("GET", "/api/users/LIFE/sessions", undefined, root);
    assert.deepEqual(after.json.data.map((s: { address: string }) => s.address).sort(), [
      "",
      "10.2.2.1",
    ]);
  } finally {
    api.close();
  }
});

Deno.test("the sign-in's cookie lasts as long as its session", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("COOK", "user");
    assert.equal((await api.call("PUT", "/api/settings", { sessionHours: 3 }, root)).status, 200);
    const res = await api.call("POST", "/api/auth/login", {
      employeeCode: "COOK",
      password: "Test-password-1",
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("set-cookie") ?? "", /Max-Age=10800\b/);
  } finally {
    api.close();
  }
});
