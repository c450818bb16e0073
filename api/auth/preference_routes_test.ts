// The own-preferences route (issue 28): a user saves language, theme, notifications and timezone,
// the session check hands them back, bad values are refused with nothing stored, and the route
// reaches no other account (the attack: a body naming another user).

import assert from "node:assert/strict";
import { testApi } from "../test_support.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";

Deno.test("a user saves their preferences and the session check hands them back", async () => {
  const api = await testApi();
  try {
    const token = await api.account("U1", "user");
    const before = await api.call("GET", "/api/auth/me", undefined, token);
    assert.deepEqual(before.json.data.user.preferences, {
      language: "en",
      theme: "light",
      notifications: true,
      timezone: "Africa/Cairo",
    });
    const saved = await api.call("PUT", "/api/auth/preferences", {
      language: "ar",
      theme: "system",
      timezone: "Asia/Dubai",
    }, token);
    assert.equal(saved.status, 200, saved.json.message);
    assert.deepEqual(saved.json.data.preferences, {
      language: "ar",
      theme: "system",
      notifications: true,
      timezone: "Asia/Dubai",
    });
    const stored = (await api.kv.get<UserRecord>(keys.user("U1"))).value!;
    assert.deepEqual(stored.preferences, saved.json.data.preferences);
    const me = (await api.call("GET", "/api/auth/me", undefined, token)).json.data.user;
    assert.equal(me.preferences.language, "ar");
    assert.equal(me.timezone, "Asia/Dubai");
    // one at a time keeps the others
    await api.call("PUT", "/api/auth/preferences", { notifications: false }, token);
    const after = (await api.kv.get<UserRecord>(keys.user("U1"))).value!.preferences;
    assert.deepEqual(after, { ...saved.json.data.preferences, notifications: false });
  } finally {
    api.close();
  }
});

Deno.test("bad preferences are refused with their message and nothing is stored", async () => {
  const api = await testApi();
  try {
    const token = await api.account("U1", "user");
    const cases: [unknown, string][] = [
      [{ language: "fr" }, "Unknown language"],
      [{ theme: "blue" }, "Theme must be light, dark or system"],
      [{ timezone: "Mars/Olympus" }, "Unknown timezone"],
      [{ notifications: "yes" }, "Notifications must be on or off"],
    ];
    for (const [body, message] of cases) {
      const r = await api.call("PUT", "/api/auth/preferences", body, token);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.match(r.json.message ?? "", new RegExp(message), JSON.stringify(body));
    }
    const stored = (await api.kv.get<UserRecord>(keys.user("U1"))).value!.preferences;
    assert.equal(stored.language, "en");
    assert.equal(stored.timezone, "Africa/Cairo");
  } finally {
    api.close();
  }
});

Deno.test("attack: the preferences route changes no account but the caller's", async () => {
  const api = await testApi();
  try {
    await api.account("VICT", "admin");
    const mallory = await api.account("MALL", "user");
    const victimBefore = (await api.kv.get<UserRecord>(keys.user("VICT"))).value!;
    // naming the victim in the body or the query is refused or ignored
    const named = await api.call(
      "PUT",
      "/api/auth/preferences",
      { employeeCode: "VICT", language: "ar" },
      mallory,
    );
    assert.equal(named.status, 400);
    await api.call("PUT", "/api/auth/preferences?employeeCode=VICT", { language: "ar" }, mallory);
    const victimAfter = (await api.kv.get<UserRecord>(keys.user("VICT"))).value!;
    assert.deepEqual(victimAfter, victimBefore);
    // anonymous callers get nothing
    assert.equal((await api.call("PUT", "/api/auth/preferences", { language: "ar" })).status, 401);
  } finally {
    api.close();
  }
});

Deno.test("imported users keep the spec's default preferences, and their sign-in says so", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const csv = "Employee Code,Full Name,Email,Station\r\nCAI91,Nour Adel,nour@example.com,CAI\r\n";
    const saved = await api.call("POST", "/api/users/import", { csv }, root);
    assert.equal(saved.status, 200, saved.text);
    const stored = (await api.kv.get<UserRecord>(keys.user("CAI91"))).value!;
    assert.deepEqual(stored.preferences, {
      language: "en",
      theme: "light",
      notifications: true,
      timezone: "Africa/Cairo",
    });
  } finally {
    api.close();
  }
});
