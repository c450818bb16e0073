// Issue 48, ASVS 13: a session left unused (a shared station PC walked away from) ends after the
// idle setting's minutes (default 60, at least 15), and the check writes the session's last use
// at most about once a minute, not on every request.

import assert from "node:assert/strict";
import { sha256 } from "./auth.ts";
import { keys } from "../store/keys.ts";
import type { SessionRecord } from "../store/records.ts";
import { testApi } from "../test_support.ts";

const MINUTE = 60_000;

Deno.test("ASVS 13: a session unused for the default 60 minutes ends with a message the web shows", async () => {
  const api = await testApi();
  try {
    const token = await api.account("IDLE1", "user");
    api.clock.now += 59 * MINUTE;
    assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 200);
    api.clock.now += 59 * MINUTE;
    assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 200);
    api.clock.now += 61 * MINUTE;
    const ended = await api.call("GET", "/api/auth/me", undefined, token);
    assert.deepEqual([ended.status, ended.json.message], [
      401,
      "Your session ended after 60 minutes without use. Please sign in again.",
    ]);
    // it stays ended: no later request brings it back, and its record is gone
    const again = await api.call("GET", "/api/users/IDLE1", undefined, token);
    assert.equal(again.status, 401);
    assert.equal((await api.kv.get(keys.session(sha256(token)))).value, null);
  } finally {
    api.close();
  }
});

Deno.test("ASVS 13: the idle minutes are a setting of at least 15, and a change applies to open sessions", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const token = await api.account("IDLE2", "user");
    for (const idleMinutes of [14, 0, -1, 15.5, 1441]) {
      const res = await api.call("PUT", "/api/settings", { idleMinutes }, root);
      assert.deepEqual(
        [res.status, res.named],
        [400, "idleMinutes: A session ends after 15 to 1440 minutes without use"],
        String(idleMinutes),
      );
    }
    const set = await api.call("PUT", "/api/settings", { idleMinutes: 15 }, root);
    assert.equal(set.status, 200, set.json.message);
    assert.equal(set.json.data.idleMinutes, 15);
    api.clock.now += 14 * MINUTE;
    assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 200);
    api.clock.now += 16 * MINUTE;
    const ended = await api.call("GET", "/api/auth/me", undefined, token);
    assert.deepEqual([ended.status, ended.json.message], [
      401,
      "Your session ended after 15 minutes without use. Please sign in again.",
    ]);
  } finally {
    api.close();
  }
});

Deno.test("ASVS 13: the session check writes the last use at most about once a minute", async () => {
  const api = await testApi();
  try {
    const token = await api.account("IDLE3", "user");
    const key = keys.session(sha256(token));
    const stamp = async () => (await api.kv.get<SessionRecord>(key)).versionstamp;
    api.clock.now += 2 * MINUTE;
    assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 200);
    const first = await stamp();
    const used = (await api.kv.get<SessionRecord>(key)).value!;
    assert.equal(used.lastUsedAt, api.clock.now);
    // requests within the minute read the session and write nothing
    for (let i = 0; i < 5; i++) {
      api.clock.now += 5_000;
      assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 200);
    }
    assert.equal(await stamp(), first);
    // past the minute, the next request records its use once more
    api.clock.now += MINUTE;
    assert.equal((await api.call("GET", "/api/auth/me", undefined, token)).status, 200);
    assert.notEqual(await stamp(), first);
    assert.equal((await api.kv.get<SessionRecord>(key)).value!.lastUsedAt, api.clock.now);
  } finally {
    api.close();
  }
});
