// The policy settings of issue 27, each changing what the portal does: the lockout's threshold and
// length, the password history, the days a changed password (and an approved activation) lasts,
// and their ranges on PUT /api/settings.

import assert from "node:assert/strict";
import { REUSED_PASSWORD } from "../rules/password.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { PASSWORD, signInFrom, type TestApi, testApi } from "../test_support.ts";

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** Sets policy fields as the super admin ROOT's session would. */
async function setPolicy(api: TestApi, body: Record<string, number>) {
  const root = await api.account("S9", "super_admin");
  const res = await api.call("PUT", "/api/settings", body, root);
  assert.equal(res.status, 200, res.text);
}

const EXPIRY_RULE = "A password lasts 1 to 3650 days, or 0 for never";

Deno.test("PUT /api/settings refuses each policy field out of its range, naming the field", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S9", "super_admin");
    const cases: [Record<string, unknown>, string][] = [
      [{ lockoutThreshold: 2 }, "lockoutThreshold: Failed sign-ins before a lock are 3 to 20"],
      [{ lockoutThreshold: 21 }, "lockoutThreshold: Failed sign-ins before a lock are 3 to 20"],
      [{ lockoutMinutes: 0 }, "lockoutMinutes: A lock lasts 1 to 1440 minutes"],
      [{ lockoutMinutes: 1441 }, "lockoutMinutes: A lock lasts 1 to 1440 minutes"],
      [{ passwordHistory: -1 }, "passwordHistory: Remembered passwords are 0 to 24"],
      [{ passwordHistory: 25 }, "passwordHistory: Remembered passwords are 0 to 24"],
      // 0 is "never" (issue 48, ASVS 18): below it is refused
      [{ passwordExpiryDays: -1 }, `passwordExpiryDays: ${EXPIRY_RULE}`],
      [{ passwordExpiryDays: 3651 }, `passwordExpiryDays: ${EXPIRY_RULE}`],
      [{ passwordExpiryDays: 1.5 }, `passwordExpiryDays: ${EXPIRY_RULE}`],
      [{ lockoutMinutes: "15" }, "lockoutMinutes: A lock lasts 1 to 1440 minutes"],
    ];
    for (const [body, named] of cases) {
      const res = await api.call("PUT", "/api/settings", body, root);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.named, named);
    }
    const edges = { lockoutThreshold: 20, lockoutMinutes: 1, passwordHistory: 24 };
    const saved = await api.call(
      "PUT",
      "/api/settings",
      { ...edges, passwordExpiryDays: 3650 },
      root,
    );
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.json.data.passwordExpiryDays, 3650);
    // a user who is no super admin cannot change them
    const user = await api.account("U9", "user");
    assert.equal((await api.call("PUT", "/api/settings", edges, user)).status, 403);
  } finally {
    api.close();
  }
});

Deno.test("the lockout threshold and length are the settings': exact under parallel guesses, doubling, unknown codes alike", async () => {
  const api = await testApi();
  try {
    await setPolicy(api, { lockoutThreshold: 3, lockoutMinutes: 40 });
    await api.account("V3", "user");
    const login = signInFrom(api);
    const start = api.clock.now;
    const guesses = (code: string, address: string) =>
      Promise.all(Array.from({ length: 9 }, (_, i) => login(address, code, `wrong-${i}`)));
    const real = await guesses("V3", "203.0.113.11");
    const fake = await guesses("NOBODY3", "203.0.113.12");
    const shape = (answers: { status: number; message?: string }[]) =>
      answers.map((a) => `${a.status} ${a.message}`).sort();
    // exactly the third failure locks, for 40 minutes, and says so
    const until = new Date(start + 40 * MIN).toISOString();
    assert.deepEqual(shape(real), [
      ...Array(2).fill("401 Invalid employee code or password"),
      ...Array(7).fill(
        `423 Account locked after 3 failed sign-ins until ${until}. Ask an administrator to unlock it.`,
      ),
    ]);
    assert.deepEqual(shape(fake), shape(real), "an unknown code answers exactly alike");
    // the lock lasts the configured minutes: the right password is refused until then
    api.clock.now = start + 40 * MIN - 1;
    assert.equal((await login("198.51.100.3", "V3", PASSWORD)).status, 423);
    // the next lock in a row lasts twice as long
    api.clock.now = start + 40 * MIN;
    for (let i = 0; i < 2; i++) {
      assert.equal((await login("198.51.100.3", "V3", `again-${i}`)).status, 401);
    }
    const second = await login("198.51.100.3", "V3", "again-3");
    assert.equal(second.status, 423);
    assert.match(second.message!, new RegExp(new Date(api.clock.now + 80 * MIN).toISOString()));
    api.clock.now += 80 * MIN;
    assert.equal((await login("198.51.100.3", "V3", PASSWORD)).status, 200);
  } finally {
    api.close();
  }
});

Deno.test("a lock never lasts longer than 24 hours, whatever the minutes and the repeats", async () => {
  const api = await testApi();
  try {
    await setPolicy(api, { lockoutThreshold: 3, lockoutMinutes: 1000 });
    await api.account("V4", "user");
    const login = signInFrom(api);
    for (const minutes of [1000, 1440]) {
      for (let i = 0; i < 2; i++) await login("203.0.113.13", "V4", `wrong-${i}`);
      const locked = await login("203.0.113.13", "V4", "wrong-2");
      const until = new Date(api.clock.now + minutes * MIN).toISOString();
      assert.match(locked.message!, new RegExp(`until ${until}`));
      api.clock.now += minutes * MIN;
    }
  } finally {
    api.close();
  }
});

/** Changes U's own password as U's session. */
function changer(api: TestApi, token: string, code: string) {
  let current = PASSWORD;
  return async (next: string) => {
    const res = await api.call("POST", "/api/users/change-password", {
      employeeCode: code,
      currentPassword: current,
      newPassword: next,
    }, token);
    if (res.status === 200) current = next;
    return res;
  };
}

Deno.test("the password history refuses the user's own last N passwords, and never leaves the API", async () => {
  const api = await testApi();
  try {
    await setPolicy(api, { passwordHistory: 2 });
    const token = await api.account("H1", "user");
    const change = changer(api, token, "H1");
    const [first, second, third] = [
      "Harbor-lantern-417",
      "Velvet-orchard-852",
      "Copper-meadow-296",
    ];
    assert.equal((await change(first)).status, 200);
    assert.equal((await change(second)).status, 200);
    const reused = await change(first);
    assert.equal(reused.status, 400);
    assert.equal(reused.json.message, REUSED_PASSWORD);
    assert.equal(
      (await change(second)).json.message,
      "New password must be different from the current password",
    );
    // two remembered: after a third, the first may come back
    assert.equal((await change(third)).status, 200);
    assert.equal((await change(first)).status, 200);
    const stored = (await api.kv.get<UserRecord>(keys.user("H1"))).value!;
    assert.equal(stored.passwordHistory?.length, 2);
    assert.ok(stored.passwordHistory!.every((h) => h.startsWith("$argon2id$")));
    // neither the hash nor the history is answered
    const root = await api.account("S8", "super_admin");
    const answers = [
      await api.call("GET", "/api/users/H1", undefined, root),
      await api.call("GET", "/api/users/paginated?search=H1", undefined, root),
      await api.call("GET", "/api/auth/me", undefined, token),
    ];
    for (const a of answers) {
      assert.equal(a.status, 200, a.text);
      assert.match(a.text, /"H1"/);
      assert.doesNotMatch(a.text, /passwordHistory|passwordHash|argon2/);
    }
  } finally {
    api.close();
  }
});

Deno.test("an administrator's reset keeps the history; with 0 remembered only the current password is refused", async () => {
  const api = await testApi();
  try {
    await setPolicy(api, { passwordHistory: 3 });
    const root = await api.account("S8", "super_admin");
    const token = await api.account("H2", "user");
    const own = "Granite-willow-731";
    assert.equal((await changer(api, token, "H2")(own)).status, 200);
    const reset = await api.call("POST", "/api/users/H2/reset-password", {}, root);
    assert.equal(reset.status, 200, reset.text);
    const oneTime = reset.json.data.oneTimePassword as string;
    const signed = await api.call("POST", "/api/auth/login", {
      employeeCode: "H2",
      password: oneTime,
    });
    assert.equal(signed.status, 200, signed.text);
    const session = signed.json.data.token as string;
    const back = await api.call("POST", "/api/users/change-password", {
      employeeCode: "H2",
      currentPassword: oneTime,
      newPassword: own,
    }, session);
    assert.equal(back.status, 400);
    assert.equal(back.json.message, REUSED_PASSWORD);
    // history off: the same password is taken, and nothing is remembered from then on
    await setPolicy(api, { passwordHistory: 0 });
    const taken = await api.call("POST", "/api/users/change-password", {
      employeeCode: "H2",
      currentPassword: oneTime,
      newPassword: own,
    }, session);
    assert.equal(taken.status, 200, taken.text);
    assert.equal((await api.kv.get<UserRecord>(keys.user("H2"))).value!.passwordHistory, undefined);
  } finally {
    api.close();
  }
});

Deno.test("a password change and an activation approved without a period last the configured days", async () => {
  const api = await testApi();
  try {
    await setPolicy(api, { passwordExpiryDays: 45 });
    const policy = await api.call("GET", "/api/auth/password-policy");
    assert.equal(policy.json.data.passwordExpiryDays, 45);
    assert.equal(policy.json.data.passwordHistory, 0);
    const token = await api.account("E1", "user");
    assert.equal((await changer(api, token, "E1")("Saffron-canyon-604")).status, 200);
    const changed = (await api.kv.get<UserRecord>(keys.user("E1"))).value!;
    assert.equal(changed.passwordExpiry, new Date(api.clock.now + 45 * DAY).toISOString());

    const root = await api.account("S8", "super_admin");
    await api.account("I5", "user", { isActive: false, activationStatus: "pending" });
    const sent = await api.call("POST", "/api/users/activation-request", {
      employeeCode: "I5",
      reason: "back from leave",
    });
    assert.equal(sent.status, 200, sent.text);
    const approved = await api.call("POST", "/api/users/I5/approve-activation", {}, root);
    assert.equal(approved.status, 200, approved.text);
    const active = (await api.kv.get<UserRecord>(keys.user("I5"))).value!;
    assert.equal(active.passwordExpiry, new Date(api.clock.now + 45 * DAY).toISOString());
  } finally {
    api.close();
  }
});

Deno.test("the session says why the password must be changed: one-time, set by an administrator, expired", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S8", "super_admin");
    await api.account("F1", "user");
    await api.account("F2", "user");
    const signIn = (code: string, password: string) =>
      api.call("POST", "/api/auth/login", { employeeCode: code, password });
    const me = async (token: string) =>
      (await api.call("GET", "/api/auth/me", undefined, token)).json.data.user.passwordChangeReason;

    const drawn = await api.call("POST", "/api/users/F1/reset-password", {}, root);
    const first = await signIn("F1", drawn.json.data.oneTimePassword);
    assert.equal(first.json.data.user.passwordChangeReason, "one-time");
    assert.equal(await me(first.json.data.token), "one-time");

    const typed = "Typed-by-admin-5521";
    const set = await api.call(
      "POST",
      "/api/users/F2/reset-password",
      { newPassword: typed },
      root,
    );
    assert.equal(set.status, 200, set.text);
    const second = await signIn("F2", typed);
    assert.equal(second.json.data.user.passwordChangeReason, "admin-set");
    assert.equal(await me(second.json.data.token), "admin-set");

    // an own password that expired while signed in
    const own = await api.account("F3", "user");
    assert.equal(await me(own), null);
    const expiry = new Date(api.clock.now + 60_000).toISOString();
    const expiring = await api.account("F3", "user", { passwordExpiry: expiry });
    assert.equal(await me(expiring), null);
    api.clock.now += 60_001;
    assert.equal(await me(expiring), "expired");
  } finally {
    api.close();
  }
});
