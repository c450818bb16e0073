// Attacks on two-factor sign-in (issue 26): each is performed against the API and must fail.

import assert from "node:assert/strict";
import { PASSWORD, testApi } from "../test_support.ts";
import { totpAt } from "./totp.ts";
import { enrolPasskey, enrolTotp, passkeyAnswer, passwordStep } from "./support_test_helpers.ts";

Deno.test("2FA attack: a replayed authenticator code is refused, within its window too", async () => {
  const api = await testApi();
  try {
    const { secret } = await enrolTotp(api, await api.account("T1", "admin"));
    const code = totpAt(secret, api.clock.now);
    const first = await api.call("POST", "/api/auth/login/second-factor", {
      token: await passwordStep(api, "T1"),
      code,
    });
    assert.equal(first.status, 200, first.text);
    assert.ok(first.json.data.token);
    // the same code again, ten seconds later (still its time step): refused
    api.clock.now += 10_000;
    const again = await api.call("POST", "/api/auth/login/second-factor", {
      token: await passwordStep(api, "T1"),
      code,
    });
    assert.equal(again.status, 401, again.text);
    assert.equal(again.json.data, undefined);
    // an earlier step's code (inside the window) is refused too once a later one was used
    const earlier = totpAt(secret, api.clock.now - 30_000);
    const old = await api.call("POST", "/api/auth/login/second-factor", {
      token: await passwordStep(api, "T1"),
      code: earlier,
    });
    assert.equal(old.status, 401, old.text);
  } finally {
    api.close();
  }
});

Deno.test("2FA attack: a code of another account does not finish this account's sign-in", async () => {
  const api = await testApi();
  try {
    await enrolTotp(api, await api.account("T1", "admin"));
    const other = await enrolTotp(api, await api.account("T2", "user"));
    const res = await api.call("POST", "/api/auth/login/second-factor", {
      token: await passwordStep(api, "T1"),
      code: totpAt(other.secret, api.clock.now),
    });
    assert.equal(res.status, 401, res.text);
    // and it counted as a failed attempt of T1, audited
    const audit = await api.call(
      "GET",
      "/api/audit?action=two_factor.failed",
      undefined,
      await api.account("S9", "super_admin"),
    );
    assert.ok(
      audit.json.data.entries.some((e: { target: string }) => e.target === "T1"),
      audit.text,
    );
  } finally {
    api.close();
  }
});

Deno.test("2FA attack: a password alone gets no session and reaches nothing", async () => {
  const api = await testApi();
  try {
    await enrolTotp(api, await api.account("T1", "super_admin"));
    const res = await api.call("POST", "/api/auth/login", {
      employeeCode: "T1",
      password: PASSWORD,
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.data.token, undefined);
    assert.equal(res.json.data.user, undefined);
    assert.equal(res.headers.get("set-cookie"), null);
    const stepToken = res.json.data.secondFactor.token;
    // the second step's token is no session: not as a bearer token, not as the cookie
    for (
      const path of [
        "/api/auth/me",
        "/api/users/paginated",
        "/api/settings",
        "/api/auth/two-factor",
      ]
    ) {
      const asBearer = await api.call("GET", path, undefined, stepToken);
      assert.equal(asBearer.status, 401, `${path}: ${asBearer.text}`);
      const asCookie = await api.app.request(path, { headers: { cookie: `session=${stepToken}` } });
      assert.equal(asCookie.status, 401, path);
    }
  } finally {
    api.close();
  }
});

Deno.test("2FA attack: guessing codes locks the account, and a right password buys no more guesses", async () => {
  const api = await testApi();
  try {
    const { secret } = await enrolTotp(api, await api.account("T1", "admin"));
    const wrong = (token: string, n: number) =>
      api.call("POST", "/api/auth/login/second-factor", { token, code: String(100000 + n) });
    let token = await passwordStep(api, "T1");
    for (let n = 0; n < 3; n++) assert.equal((await wrong(token, n)).status, 401);
    // a fresh password step does not clear the count
    token = await passwordStep(api, "T1");
    assert.equal((await wrong(token, 3)).status, 401);
    const fifth = await wrong(token, 4);
    assert.equal(fifth.status, 423, fifth.text);
    // locked: the right code and the right password are refused too
    const right = await api.call("POST", "/api/auth/login/second-factor", {
      token,
      code: totpAt(secret, api.clock.now),
    });
    assert.equal(right.status, 423, right.text);
    const password = await api.call("POST", "/api/auth/login", {
      employeeCode: "T1",
      password: PASSWORD,
    });
    assert.equal(password.status, 423, password.text);
  } finally {
    api.close();
  }
});

Deno.test("2FA attack: nobody enrols or resets a second factor on someone else's account", async () => {
  const api = await testApi();
  try {
    const victim = await api.account("V1", "admin");
    const admin = await api.account("A1", "admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
      canViewAllStations: true,
    });
    // the enrolment routes take no account: a body naming one is refused, and acts on the caller
    const named = await api.call("POST", "/api/auth/two-factor/totp/confirm", {
      code: "123456",
      employeeCode: "V1",
    }, admin);
    assert.equal(named.status, 400, named.text);
    await api.call("POST", "/api/auth/two-factor/totp", { password: PASSWORD }, admin);
    const status = await api.call("GET", "/api/users/V1/two-factor", undefined, admin);
    assert.equal(status.status, 200);
    assert.equal(status.json.data.enabled, false);
    assert.equal(JSON.stringify(status.json.data).includes("sealed"), false);
    // no route enrols for another account
    const post = await api.call("POST", "/api/users/V1/two-factor", {}, admin);
    assert.equal(post.status, 404, post.text);
    // the victim's own factor cannot be reset by an admin (super admins only)
    await enrolTotp(api, victim);
    const reset = await api.call("DELETE", "/api/users/V1/two-factor", undefined, admin);
    assert.equal(reset.status, 403, reset.text);
    assert.equal(
      (await api.call("GET", "/api/auth/two-factor", undefined, victim)).json.data.enabled,
      true,
    );
    // no answer ever carries the secret after enrolment
    const mine = await api.call("GET", "/api/auth/two-factor", undefined, victim);
    assert.equal(mine.text.includes("sealed") || /[A-Z2-7]{32}/.test(mine.text), false, mine.text);
  } finally {
    api.close();
  }
});

Deno.test("2FA attack: a passkey of another user neither finishes nor starts this account's sign-in", async () => {
  const api = await testApi();
  try {
    await enrolPasskey(api, await api.account("T1", "admin"), "T1 key");
    const theirs = await enrolPasskey(api, await api.account("T2", "user"), "T2 key");
    // T1's password, then T2's passkey answering a challenge made for T1's step
    const token = await passwordStep(api, "T1");
    const answer = await passkeyAnswer(api, theirs, token);
    const res = await api.call("POST", "/api/auth/passkey", { token, response: answer });
    assert.equal(res.status, 401, res.text);
    assert.equal(res.json.data, undefined);
    // a challenge of T1's step is not one for a sign-in with a passkey alone either
    const alone = await api.call("POST", "/api/auth/passkey", { response: answer });
    assert.equal(alone.status, 401, alone.text);
    // and T2's own passkey alone signs T2 in, not T1
    const own = await api.call("POST", "/api/auth/passkey", {
      response: await passkeyAnswer(api, theirs),
    });
    assert.equal(own.status, 200, own.text);
    assert.equal(own.json.data.user.employeeCode, "T2");
  } finally {
    api.close();
  }
});

Deno.test("2FA attack: a session alone, without the password, changes no second factor", async () => {
  const api = await testApi();
  try {
    // a session left open (or stolen): T1 has an app and a passkey, T2 has nothing yet
    const session = await api.account("T1", "admin");
    await enrolTotp(api, session);
    await enrolPasskey(api, session, "Desk PC");
    const before = await api.call("GET", "/api/auth/two-factor", undefined, session);
    const passkeyId = before.json.data.passkeys[0].id as string;
    const bare = await api.account("T2", "user");
    const attempts: [string, string, string][] = [
      ["DELETE", "/api/auth/two-factor/totp", session],
      ["DELETE", `/api/auth/two-factor/passkeys/${passkeyId}`, session],
      ["POST", "/api/auth/two-factor/recovery-codes", session],
      ["POST", "/api/auth/two-factor/totp", bare],
      ["POST", "/api/auth/two-factor/passkeys/options", bare],
    ];
    for (const [method, path, token] of attempts) {
      for (const body of [undefined, {}, { password: "not-the-password" }]) {
        const res = await api.call(method, path, body, token);
        assert.equal(res.status, 400, `${method} ${path} ${JSON.stringify(body)}: ${res.text}`);
        assert.equal(res.json.data, undefined, res.text);
      }
    }
    // nothing changed: both factors stay, the recovery codes are the same ten, T2 began nothing
    const after = await api.call("GET", "/api/auth/two-factor", undefined, session);
    assert.deepEqual(after.json.data, before.json.data);
    const confirm = await api.call("POST", "/api/auth/two-factor/totp/confirm", {
      code: "123456",
    }, bare);
    assert.equal(confirm.status, 400, confirm.text);
    assert.equal(confirm.json.message, "Begin the authenticator set-up first");
  } finally {
    api.close();
  }
});

Deno.test("2FA attack: a session is no password oracle: wrong passwords count and lock", async () => {
  const api = await testApi();
  try {
    const session = await api.account("T1", "admin");
    await enrolTotp(api, session);
    const guess = (n: number) =>
      api.call("POST", "/api/auth/two-factor/recovery-codes", { password: `guess-${n}` }, session);
    for (let n = 0; n < 4; n++) {
      const res = await guess(n);
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.message, "Current password is incorrect");
    }
    const fifth = await guess(4);
    assert.equal(fifth.status, 423, fifth.text);
    // locked: the right password buys nothing through the session, nor at the sign-in
    const right = await api.call(
      "POST",
      "/api/auth/two-factor/recovery-codes",
      { password: PASSWORD },
      session,
    );
    assert.equal(right.status, 423, right.text);
    assert.equal(right.json.data, undefined);
    const signIn = await api.call("POST", "/api/auth/login", {
      employeeCode: "T1",
      password: PASSWORD,
    });
    assert.equal(signIn.status, 423, signIn.text);
    // each guess is in the audit log, under the second-factor events
    const audit = await api.call(
      "GET",
      "/api/audit?action=two_factor",
      undefined,
      await api.account("S9", "super_admin"),
    );
    const actions = audit.json.data.entries
      .filter((e: { target: string }) => e.target === "T1")
      .map((e: { action: string }) => e.action);
    assert.equal(actions.filter((a: string) => a === "two_factor.password_failed").length, 4);
    assert.equal(actions.filter((a: string) => a === "two_factor.password_locked").length, 1);
  } finally {
    api.close();
  }
});
