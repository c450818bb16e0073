// Attacks of issue 48 finding 5: the lockout as a weapon. Five anonymous guesses lock a super
// admin; the lock must not keep out its user-verified passkey, repeated locks must not grow for
// ever, and the audit must show where the guesses come from.

import assert from "node:assert/strict";
import { PASSWORD, signInFrom, testApi } from "../test_support.ts";
import { enrolPasskey, passkeyAnswer } from "../two_factor/support_test_helpers.ts";

const MINUTE = 60_000;

Deno.test("finding 5: password guesses do not block a super admin's passkey sign-in", async () => {
  const api = await testApi();
  try {
    const own = await api.account("SA5", "super_admin");
    const key = await enrolPasskey(api, own);
    const login = signInFrom(api);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await login("203.0.113.55", "SA5", `guess-${i}`));
    assert.equal(answers.at(-1)!.status, 423, JSON.stringify(answers));
    // the password stays locked...
    assert.equal((await login("198.51.100.5", "SA5", PASSWORD)).status, 423);
    // ...but the owner's passkey, user-verified, signs in
    const passkey = await api.call("POST", "/api/auth/passkey", {
      response: await passkeyAnswer(api, key),
    });
    assert.equal(passkey.status, 200, passkey.text);
    assert.equal(passkey.json.data.user.employeeCode, "SA5");
    // and the guesses did not buy the attacker a fresh count: the password is still locked
    assert.equal((await login("203.0.113.55", "SA5", PASSWORD)).status, 423);
  } finally {
    api.close();
  }
});

/** Locks `code` with five wrong guesses; answers when the lock ends (ms). */
async function lockOnce(api: Awaited<ReturnType<typeof testApi>>, code: string) {
  const login = signInFrom(api);
  for (let i = 0; i < 4; i++) {
    assert.equal((await login(`203.0.113.${60 + i}`, code, `guess-${i}`)).status, 401);
  }
  const locked = await api.app.request("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ employeeCode: code, password: "guess-last" }),
  });
  assert.equal(locked.status, 423);
  return Date.parse((await locked.json()).lockedUntil);
}

Deno.test("finding 5: a lock-free day resets the doubling of repeated locks", async () => {
  const api = await testApi();
  try {
    await api.account("SA6", "super_admin");
    const first = await lockOnce(api, "SA6");
    assert.equal(first - api.clock.now, 15 * MINUTE);
    // locked again as soon as the lock ends: twice as long
    api.clock.now = first + 1000;
    const second = await lockOnce(api, "SA6");
    assert.equal(second - api.clock.now, 30 * MINUTE);
    // a whole day without a lock: the next lock is the first's length again
    api.clock.now = second + 24 * 60 * MINUTE + 1000;
    const third = await lockOnce(api, "SA6");
    assert.equal(third - api.clock.now, 15 * MINUTE, "the doubling decayed");
  } finally {
    api.close();
  }
});

Deno.test("finding 5: the lock's audit entry names the addresses the guesses came from", async () => {
  const api = await testApi();
  try {
    const root = await api.account("SA7", "super_admin");
    await api.account("V7", "user");
    const login = signInFrom(api);
    for (const address of ["203.0.113.71", "203.0.113.71", "203.0.113.71", "198.51.100.72"]) {
      assert.equal((await login(address, "V7", "guess")).status, 401);
    }
    assert.equal((await login("198.51.100.72", "V7", "guess")).status, 423);
    const res = await api.call(
      "GET",
      "/api/audit?limit=1&target=V7&action=login.locked",
      undefined,
      root,
    );
    const [entry] = res.json.data.entries;
    assert.match(entry.summary, /203\.0\.113\.71 \(3\)/, entry.summary);
    assert.match(entry.summary, /198\.51\.100\.72 \(2\)/, entry.summary);
    assert.match(entry.summary, /lock 1 in a row/, entry.summary);
  } finally {
    api.close();
  }
});
