// Two-factor sign-in as its users depend on it (issue 26): the RFC's codes, recovery codes,
// passkeys, the policy, the remembered PC and the administrators' reset.

import assert from "node:assert/strict";
import * as OTPAuth from "otpauth";
import { PASSWORD, testApi } from "../test_support.ts";
import { SET_UP_TWO_FACTOR_FIRST } from "../rules/two_factor.ts";
import { resetAccountTwoFactor } from "../kv/operator.ts";
import { keys } from "../store/keys.ts";
import { acceptedStep, stepOf, totpAt } from "./totp.ts";
import { enrolPasskey, enrolTotp, passkeyAnswer, passwordStep } from "./support_test_helpers.ts";

// RFC 6238 appendix B, SHA-1: the secret "12345678901234567890"; a 6-digit code is the last six
// digits of the RFC's 8-digit one (the same truncated number, modulo 10^6)
const RFC_SECRET = OTPAuth.Secret.fromUTF8("12345678901234567890").base32;
const RFC_VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

Deno.test("TOTP: the RFC 6238 test vectors (SHA-1, 30 s)", () => {
  for (const [seconds, code] of RFC_VECTORS) {
    assert.equal(totpAt(RFC_SECRET, seconds * 1000), code.slice(2), `T=${seconds}`);
    // accepted at its time, and at the step after (a phone's clock a little behind)
    assert.equal(
      acceptedStep(RFC_SECRET, code.slice(2), seconds * 1000, -1),
      stepOf(seconds * 1000),
    );
    assert.notEqual(acceptedStep(RFC_SECRET, code.slice(2), seconds * 1000 + 30_000, -1), null);
    assert.equal(acceptedStep(RFC_SECRET, code.slice(2), seconds * 1000 + 90_000, -1), null);
  }
});

Deno.test("2FA: an authenticator signs in; a recovery code signs in once; the audit says so", async () => {
  const api = await testApi();
  try {
    const { secret, recoveryCodes } = await enrolTotp(api, await api.account("T1", "admin"));
    assert.equal(recoveryCodes.length, 10);
    // 16 characters, 80 bits (issue 48, ASVS 15)
    assert.match(recoveryCodes[0], /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const byCode = await api.call("POST", "/api/auth/login/second-factor", {
      token: await passwordStep(api, "T1"),
      code: totpAt(secret, api.clock.now),
    });
    assert.equal(byCode.status, 200, byCode.text);
    assert.equal(byCode.json.data.user.twoFactorEnabled, true);
    assert.match(byCode.headers.get("set-cookie") ?? "", /session=/);
    const recovery = {
      token: await passwordStep(api, "T1"),
      recoveryCode: recoveryCodes[3].toLowerCase(),
    };
    const byRecovery = await api.call("POST", "/api/auth/login/second-factor", recovery);
    assert.equal(byRecovery.status, 200, byRecovery.text);
    assert.equal(byRecovery.json.data.recoveryCodesLeft, 9);
    const reused = await api.call("POST", "/api/auth/login/second-factor", {
      token: await passwordStep(api, "T1"),
      recoveryCode: recoveryCodes[3],
    });
    assert.equal(reused.status, 401, reused.text);
    const session = byRecovery.json.data.token;
    const status = await api.call("GET", "/api/auth/two-factor", undefined, session);
    assert.equal(status.json.data.recoveryCodesLeft, 9);
    const root = await api.account("S9", "super_admin");
    const log = await api.call("GET", "/api/audit?target=T1&limit=50", undefined, root);
    const actions = log.json.data.entries.map((e: { action: string }) => e.action);
    for (
      const a of [
        "two_factor.enrol",
        "two_factor.recovery_used",
        "two_factor.failed",
        "login.success",
      ]
    ) {
      assert.ok(actions.includes(a), `${a} in ${actions}`);
    }
  } finally {
    api.close();
  }
});

Deno.test("2FA: a passkey is the second step, or signs in alone; named, renamed and removed", async () => {
  const api = await testApi();
  try {
    // no policy: a new install's requires a factor of admins, and this one removes its last
    const root = await api.account("S1", "super_admin");
    const off = await api.call("PUT", "/api/settings", { twoFactorPolicy: "none" }, root);
    assert.equal(off.status, 200, off.text);
    const own = await api.account("P1", "admin");
    const key = await enrolPasskey(api, own, "Laptop");
    const token = await passwordStep(api, "P1");
    const step = await api.call("POST", "/api/auth/passkey", {
      token,
      response: await passkeyAnswer(api, key, token),
    });
    assert.equal(step.status, 200, step.text);
    const alone = await api.call("POST", "/api/auth/passkey", {
      response: await passkeyAnswer(api, key),
    });
    assert.equal(alone.status, 200, alone.text);
    assert.equal(alone.json.data.user.employeeCode, "P1");
    const status = await api.call("GET", "/api/auth/two-factor", undefined, own);
    const [passkey] = status.json.data.passkeys;
    assert.equal(passkey.name, "Laptop");
    assert.notEqual(passkey.lastUsedAt, null);
    const renamed = await api.call("PATCH", `/api/auth/two-factor/passkeys/${passkey.id}`, {
      name: "Desk",
    }, own);
    assert.equal(renamed.json.data.passkeys[0].name, "Desk");
    const removed = await api.call(
      "DELETE",
      `/api/auth/two-factor/passkeys/${passkey.id}`,
      { password: PASSWORD },
      own,
    );
    assert.equal(removed.json.data.enabled, false);
    // with no factor left the password alone signs in again, and the passkey no longer does
    const login = await api.call("POST", "/api/auth/login", {
      employeeCode: "P1",
      password: PASSWORD,
    });
    assert.ok(login.json.data.token, login.text);
    const gone = await api.call("POST", "/api/auth/passkey", {
      response: await passkeyAnswer(api, key),
    });
    assert.equal(gone.status, 401, gone.text);
  } finally {
    api.close();
  }
});

Deno.test("2FA policy: a required admin is led to enrol, held to it after the grace period", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S9", "super_admin");
    const put = await api.call("PUT", "/api/settings", {
      twoFactorPolicy: "admins",
      twoFactorGraceDays: 2,
    }, root);
    assert.equal(put.status, 200, put.text);
    await api.account("A5", "admin", { canManageUsers: true, canAccessAdminApps: true });
    await api.account("A6", "admin", { canManageUsers: true, canAccessAdminApps: true });
    const inGrace = await api.call("POST", "/api/auth/login", {
      employeeCode: "A5",
      password: PASSWORD,
    });
    assert.equal(
      inGrace.json.data.user.twoFactorSetupBy,
      new Date(api.clock.now + 2 * 86400_000).toISOString(),
    );
    assert.equal(
      (await api.call("GET", "/api/users/paginated", undefined, inGrace.json.data.token)).status,
      200,
    );
    // past the grace period: only setting one up (and the password, the session check, sign-out)
    api.clock.now += 3 * 86400_000;
    const late = await api.call("POST", "/api/auth/login", {
      employeeCode: "A5",
      password: PASSWORD,
    });
    const session = late.json.data.token;
    const refused = await api.call("GET", "/api/users/paginated", undefined, session);
    assert.equal(refused.status, 403);
    assert.equal(refused.json.message, SET_UP_TWO_FACTOR_FIRST);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, session)).status, 200);
    await enrolTotp(api, session);
    assert.equal((await api.call("GET", "/api/users/paginated", undefined, session)).status, 200);
    // the last factor of a required account cannot be removed
    const removed = await api.call(
      "DELETE",
      "/api/auth/two-factor/totp",
      { password: PASSWORD },
      session,
    );
    assert.equal(removed.status, 409, removed.text);
    // a policy relaxed since frees a session held by it
    const held = await api.call("POST", "/api/auth/login", {
      employeeCode: "A6",
      password: PASSWORD,
    });
    assert.equal(held.status, 200, held.text);
    const heldToken = held.json.data.token;
    assert.equal((await api.call("GET", "/api/users/stats", undefined, heldToken)).status, 403);
    // (the first super admin session ended with the 8 hours the clock moved past; the policy
    // holds every session of a super admin without a second factor, so this one has one)
    const root2 = await api.account("S8", "super_admin", { twoFactorEnabled: true });
    const relaxed = await api.call("PUT", "/api/settings", { twoFactorPolicy: "none" }, root2);
    assert.equal(relaxed.status, 200, relaxed.text);
    assert.equal((await api.call("GET", "/api/users/stats", undefined, heldToken)).status, 200);
    // users are not required by "admins"
    await api.account("U5", "user");
    const user = await api.call("POST", "/api/auth/login", {
      employeeCode: "U5",
      password: PASSWORD,
    });
    assert.equal(user.json.data.user.twoFactorSetupBy, null);
  } finally {
    api.close();
  }
});

Deno.test("2FA: a remembered PC skips the second step only while the policy allows and the factors stay", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S9", "super_admin");
    const { secret } = await enrolTotp(api, await api.account("R1", "admin"));
    await api.call("PUT", "/api/settings", { rememberDeviceDays: 7 }, root);
    const finished = await api.call("POST", "/api/auth/login/second-factor", {
      token: await passwordStep(api, "R1"),
      code: totpAt(secret, api.clock.now),
      remember: true,
    });
    const device = (finished.headers.get("set-cookie") ?? "").match(/portal_device=([0-9a-f]{64})/)
      ?.[1];
    assert.ok(device, finished.headers.get("set-cookie") ?? "no cookie");
    const login = async (cookie?: string) =>
      await (await api.app.request("/api/auth/login", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(cookie ? { cookie: `portal_device=${cookie}` } : {}),
        },
        body: JSON.stringify({ employeeCode: "R1", password: PASSWORD }),
      })).json();
    assert.ok((await login(device)).data.token);
    assert.ok((await login()).data.secondFactor);
    // off again: the PC is asked like any other
    await api.call("PUT", "/api/settings", { rememberDeviceDays: 0 }, root);
    assert.ok((await login(device)).data.secondFactor);
    await api.call("PUT", "/api/settings", { rememberDeviceDays: 7 }, root);
    // a reset forgets every remembered PC
    assert.equal(
      (await api.call("DELETE", "/api/users/R1/two-factor", undefined, root)).status,
      200,
    );
    await enrolTotp(api, await api.account("R1", "admin"));
    assert.ok((await login(device)).data.secondFactor);
  } finally {
    api.close();
  }
});

Deno.test("2FA administration: the list filters by it; a super admin's reset ends sessions; the shell's too", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S9", "super_admin");
    const victim = await api.account("L1", "user");
    await enrolTotp(api, victim);
    await api.account("L2", "user");
    const on = await api.call(
      "GET",
      "/api/users/paginated?twoFactor=true&limit=100",
      undefined,
      root,
    );
    assert.deepEqual(on.json.data.users.map((u: { employeeCode: string }) => u.employeeCode), [
      "L1",
    ]);
    assert.equal(on.json.data.counts.twoFactor, 1);
    const off = await api.call(
      "GET",
      "/api/users/paginated?twoFactor=false&limit=100",
      undefined,
      root,
    );
    assert.ok(!off.json.data.users.some((u: { employeeCode: string }) => u.employeeCode === "L1"));
    const reset = await api.call("DELETE", "/api/users/L1/two-factor", undefined, root);
    assert.deepEqual(reset.json.data, {
      code: "two_factor:reset_done",
      params: { code: "L1" },
      message: "Two-factor sign-in of L1 reset",
    });
    assert.equal((await api.call("GET", "/api/auth/me", undefined, victim)).status, 401);
    const audit = await api.call("GET", "/api/audit?action=two_factor.reset", undefined, root);
    assert.equal(audit.json.data.entries[0].target, "L1");
    const login = await api.call("POST", "/api/auth/login", {
      employeeCode: "L1",
      password: PASSWORD,
    });
    assert.ok(login.json.data.token, login.text);
    // the shell's break-glass
    await enrolTotp(api, login.json.data.token);
    assert.match(
      await resetAccountTwoFactor(api.kv, "l1", api.clock.now),
      /L1: two-factor sign-in reset/,
    );
    assert.equal((await api.kv.get(keys.twoFactor("L1"))).value, null);
    assert.ok(
      (await api.call("POST", "/api/auth/login", { employeeCode: "L1", password: PASSWORD })).json
        .data.token,
    );
  } finally {
    api.close();
  }
});
