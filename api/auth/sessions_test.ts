// Sessions at scale: ending them is one write of the user (its epoch), however many there are, and
// a user's live sessions are capped.

import assert from "node:assert/strict";
import { newToken } from "./auth.ts";
import { epochOf, MAX_SESSIONS } from "./sessions.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { PASSWORD, testApi } from "../test_support.ts";

Deno.test("a user with 2,000 sessions is deactivated in one request, and every session ends", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("BUSY", "user");
    const user = (await api.kv.get<UserRecord>(keys.user("BUSY"))).value!;
    // 2,000 sessions straight into the store (sign-in would cap them), as an old version left them
    const tokens: string[] = [];
    for (let i = 0; i < 2000; i += 100) {
      const op = api.kv.atomic();
      for (let k = 0; k < 100; k++) {
        const { token, tokenHash } = newToken();
        tokens.push(token);
        op.set(keys.session(tokenHash), {
          employeeCode: "BUSY",
          createdAt: api.clock.now - 2000 + i + k,
          expiresAt: api.clock.now + 3_600_000,
          epoch: epochOf(user),
        }).set(
          keys.userSession("BUSY", api.clock.now - 2000 + i + k, tokenHash),
          epochOf(user),
        );
      }
      assert.ok((await op.commit()).ok);
    }
    for (const t of [tokens[0], tokens[1999]]) {
      assert.equal((await api.call("GET", "/api/auth/me", undefined, t)).status, 200);
    }
    const off = await api.call("PUT", "/api/users/BUSY", { isActive: false }, root);
    assert.equal(off.status, 200, off.json.message);
    for (const t of [tokens[0], tokens[777], tokens[1999]]) {
      assert.equal((await api.call("GET", "/api/auth/me", undefined, t)).status, 401);
    }
    // reactivated, the old sessions stay over: they belong to the old epoch
    assert.equal((await api.call("PUT", "/api/users/BUSY", { isActive: true }, root)).status, 200);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, tokens[5])).status, 401);
    const listed = await api.call("GET", "/api/users/BUSY/sessions", undefined, root);
    assert.deepEqual(listed.json.data, []);
  } finally {
    api.close();
  }
});

Deno.test(`a user's live sessions are capped at ${MAX_SESSIONS}: one more ends the oldest`, async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("CAP1", "user");
    const tokens: string[] = [];
    for (let i = 0; i < MAX_SESSIONS + 2; i++) {
      api.clock.now += 1000;
      const login = await api.call("POST", "/api/auth/login", {
        employeeCode: "CAP1",
        password: PASSWORD,
      });
      assert.equal(login.status, 200);
      tokens.push(login.json.data.token);
    }
    const status = async (t: string) =>
      (await api.call("GET", "/api/auth/me", undefined, t)).status;
    // 13 sessions were begun (the account() helper's own and 12 sign-ins): the 3 oldest ended
    assert.equal(await status(tokens[0]), 401);
    assert.equal(await status(tokens[1]), 401);
    assert.equal(await status(tokens[2]), 200);
    assert.equal(await status(tokens[MAX_SESSIONS + 1]), 200);
    const listed = await api.call("GET", "/api/users/CAP1/sessions", undefined, root);
    assert.equal(listed.json.data.length, MAX_SESSIONS);
    // signing out ends that session only
    assert.equal((await api.call("POST", "/api/auth/logout", undefined, tokens[5])).status, 200);
    assert.equal(await status(tokens[5]), 401);
    assert.equal(await status(tokens[6]), 200);
  } finally {
    api.close();
  }
});

Deno.test("a password change ends the other sessions and keeps the one it was made in", async () => {
  const api = await testApi();
  try {
    await api.account("PC1", "user");
    const a = await api.account("PC1", "user");
    const b = await api.account("PC1", "user");
    const changed = await api.call("POST", "/api/users/PC1/change-password", {
      currentPassword: PASSWORD,
      newPassword: "Another-pass-55",
    }, a);
    assert.equal(changed.status, 200, changed.json.message);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, a)).status, 200);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, b)).status, 401);
  } finally {
    api.close();
  }
});
