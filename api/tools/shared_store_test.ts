// Two API processes on one denokv store over KV Connect (issue 49, design 11): the self-hosted
// shape of several instances. The store is a database on the KV Connect test server (the real
// denokv engine, api/kv/connect/); the processes are `api/main.ts` as operators start it, with
// KV_PATH=http://…, DENO_KV_ACCESS_TOKEN and one PORTAL_2FA_KEY. What one process does the other
// sees: sessions, lockouts and unlocks, a CSV import of 200, bulk create and bulk unlock, the
// statistics, the users' export, the audit log and a two-factor sign-in.

import assert from "node:assert/strict";
import { engineAvailable, type StoreHarness, storeHarness } from "../kv/connect/store_harness.ts";
import { remoteRun } from "../kv/connect/test_store.ts";
import { newSecretKeyText } from "../two_factor/secret_box.ts";
import { totpAt } from "../two_factor/totp.ts";
import { processCalls } from "./process_calls.ts";
import { type ServerProcess as Proc, spawnServer } from "./server_process.ts";

const ADMIN_PASSWORD = "Shared-admin-pass-1";
const NEW_ADMIN_PASSWORD = "Shared-harbor-pass-2";
/** The password the admin gives the users it creates (temporary: one sign-in). */
const GIVEN_PASSWORD = "Given-password-5";
const USER_PASSWORD = "Staff-password-7";

/** Starts api/main.ts on the shared store, trusting one proxy so each call has its own address. */
function start(store: StoreHarness, kvPath: string, key: string): Promise<Proc> {
  return spawnServer({
    KV_PATH: kvPath,
    DENO_KV_ACCESS_TOKEN: store.token,
    PORTAL_2FA_KEY: key,
    TRUSTED_PROXY: "1",
    PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
    WEB_DIST: "/nonexistent/",
  });
}

const { call, signIn, changePassword, adminToken: changedAdmin } = processCalls("10.49");
/** The first super admin's session, its forced change made on `proc`. */
const adminToken = (proc: Proc) => changedAdmin(proc, ADMIN_PASSWORD, NEW_ADMIN_PASSWORD);

function newUser(code: string) {
  return {
    employeeCode: code,
    firstName: "Mona",
    lastName: "Saleh",
    station: "CAI",
    password: GIVEN_PASSWORD,
  };
}

/** A CSV of `n` staff IMP000…, one per row. */
function staffCsv(n: number): string {
  const rows = Array.from({ length: n }, (_, i) => {
    const code = `IMP${String(i).padStart(3, "0")}`;
    return `${code},Import Agent ${i},${code.toLowerCase()}@example.com,CAI,Cargo Agent`;
  });
  return ["code,name,email,stn,title", ...rows].join("\r\n") + "\r\n";
}

/** The codes a user list answers. */
const codesOf = (listed: { body: { data: { users: { employeeCode: string }[] } } }) =>
  listed.body.data.users.map((u) => u.employeeCode);

/** The two processes and the first super admin's session. */
interface Pair {
  a: Proc;
  b: Proc;
  admin: string;
}

/** A session made on one process serves, and ends, on the other. */
async function sessionAcross({ a, b, admin }: Pair): Promise<void> {
  const created = await call(a, "POST", "/api/users", { token: admin, body: newUser("SS1") });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  // the typed password opens one sign-in, on B, which chooses the user's own
  const first = await signIn(b, "SS1", GIVEN_PASSWORD);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  const own = await changePassword(a, first.body.data.token, "SS1", GIVEN_PASSWORD, USER_PASSWORD);
  assert.equal(own.status, 200, JSON.stringify(own.body));
  const session = await signIn(a, "SS1", USER_PASSWORD);
  assert.equal(session.status, 200, JSON.stringify(session.body));
  const token = session.body.data.token;
  const me = await call(b, "GET", "/api/auth/me", { token });
  assert.equal(me.status, 200);
  assert.equal(me.body.data.user.employeeCode, "SS1");
  assert.equal((await call(b, "POST", "/api/auth/logout", { token })).status, 200);
  assert.equal((await call(a, "GET", "/api/auth/me", { token })).status, 401);
}

/** A lock made through A holds on B, and B's unlock frees it on A. */
async function lockAcross({ a, b, admin }: Pair): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const wrong = await signIn(a, "SS1", "Not-the-password-1");
    assert.ok([401, 423].includes(wrong.status), JSON.stringify(wrong.body));
  }
  const refused = await signIn(b, "SS1", USER_PASSWORD);
  assert.equal(refused.status, 423, JSON.stringify(refused.body));
  assert.match(refused.body.message, /^Account locked after 5 failed sign-ins/);
  const unlocked = await call(b, "POST", "/api/users/SS1/unlock", { token: admin, body: {} });
  assert.equal(unlocked.status, 200, JSON.stringify(unlocked.body));
  assert.equal((await signIn(a, "SS1", USER_PASSWORD)).status, 200);
}

/** A CSV import of 200 through A is listed, counted and exported by B. */
async function importAcross({ a, b, admin }: Pair): Promise<void> {
  const before = await call(b, "GET", "/api/users/stats", { token: admin });
  assert.equal(before.status, 200, JSON.stringify(before.body));
  const imported = await call(a, "POST", "/api/users/import", {
    token: admin,
    body: { csv: staffCsv(200) },
  });
  assert.equal(imported.status, 200, JSON.stringify(imported.body));
  assert.equal(imported.body.data.created, 200);
  const listed = await call(b, "GET", "/api/users/paginated?search=IMP&limit=50", {
    token: admin,
  });
  assert.equal(listed.body.data.total, 200);
  assert.equal(codesOf(listed)[0], "IMP000");
  const one = await call(b, "GET", "/api/users/IMP199", { token: admin });
  assert.equal(one.status, 200);
  assert.equal(one.body.data.fullName, "Import Agent 199");
  const after = await call(b, "GET", "/api/users/stats", { token: admin });
  assert.equal(after.body.data.totalUsers, before.body.data.totalUsers + 200);
  // imported accounts start inactive
  assert.equal(after.body.data.inactiveUsers, before.body.data.inactiveUsers + 200);
  const csv = await call(b, "GET", "/api/users/export", { token: admin });
  assert.equal(csv.status, 200);
  const lines = csv.body.split(/\r?\n/).filter((l: string) => /^IMP\d{3},/.test(l));
  assert.equal(lines.length, 200);
  const audited = await call(b, "GET", "/api/audit?action=user.import&limit=200", {
    token: admin,
  });
  assert.equal(audited.body.data.entries.length, 200);
}

/** Bulk create on B, locks on both, and a bulk unlock on A. */
async function bulkAcross({ a, b, admin }: Pair): Promise<void> {
  const codes = Array.from({ length: 12 }, (_, i) => `BK${String(i).padStart(2, "0")}`);
  const bulk = await call(b, "POST", "/api/users/bulk", {
    token: admin,
    body: { users: codes.map(newUser) },
  });
  assert.equal(bulk.status, 200, JSON.stringify(bulk.body));
  assert.equal(bulk.body.data.created, 12);
  // three of them locked by wrong passwords tried on both processes
  for (const code of codes.slice(0, 3)) {
    for (let i = 0; i < 5; i++) await signIn(i % 2 ? a : b, code, "Not-the-password-1");
  }
  const locked = await call(a, "GET", "/api/users/paginated?search=BK&locked=true", {
    token: admin,
  });
  assert.deepEqual(codesOf(locked), codes.slice(0, 3));
  const stats = await call(a, "GET", "/api/users/stats", { token: admin });
  assert.equal(stats.body.data.lockedUsers, 3);
  const unlock = await call(a, "POST", "/api/users/bulk-unlock", {
    token: admin,
    body: { filter: { search: "BK" } },
  });
  assert.equal(unlock.status, 200, JSON.stringify(unlock.body));
  assert.deepEqual(
    unlock.body.data.results.map((r: { employeeCode: string; ok: boolean }) => r.ok),
    [true, true, true],
  );
  const still = await call(b, "GET", "/api/users/paginated?search=BK&locked=true", {
    token: admin,
  });
  assert.equal(still.body.data.total, 0);
  assert.equal((await signIn(b, "BK00", GIVEN_PASSWORD)).status, 200);
}

/** The audit log read on A holds B's writes, and exports them. */
async function auditAcross({ a, b, admin }: Pair): Promise<void> {
  const created = await call(a, "GET", "/api/audit?action=user.create&limit=50", {
    token: admin,
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const targets = created.body.data.entries.map((e: { target: string }) => e.target);
  // newest first: the bulk create on B, then SS1 created on A
  assert.deepEqual(targets, [
    ...Array.from({ length: 12 }, (_, i) => `BK${String(11 - i).padStart(2, "0")}`),
    "SS1",
  ]);
  const unlocks = await call(b, "GET", "/api/audit?action=user.unlock", { token: admin });
  assert.deepEqual(
    unlocks.body.data.entries.map((e: { target: string }) => e.target).sort(),
    ["BK00", "BK01", "BK02", "SS1"],
  );
  const exported = await call(a, "GET", "/api/audit/export?action=user.create", {
    token: admin,
  });
  assert.equal(exported.status, 200);
  const rows = exported.body.split(/\r?\n/).filter((l: string) => /,(BK\d\d|SS1),/.test(l));
  assert.equal(rows.length, 13, exported.body);
}

/** An authenticator set up through A finishes a sign-in on B. */
async function twoFactorAcross({ a, b, admin }: Pair): Promise<void> {
  const started = await call(a, "POST", "/api/auth/two-factor/totp", {
    token: admin,
    body: { password: NEW_ADMIN_PASSWORD },
  });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const secret = started.body.data.secret;
  const confirmed = await call(a, "POST", "/api/auth/two-factor/totp/confirm", {
    token: admin,
    body: { code: totpAt(secret, Date.now()) },
  });
  assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
  const step = await signIn(b, "ADMIN", NEW_ADMIN_PASSWORD);
  assert.equal(step.status, 200, JSON.stringify(step.body));
  assert.equal(step.body.data.token, undefined, "the password alone gives no session");
  // the next step's code: the confirming code's step is used up
  const second = await call(b, "POST", "/api/auth/login/second-factor", {
    body: {
      token: step.body.data.secondFactor.token,
      code: totpAt(secret, Date.now() + 30_000),
    },
  });
  assert.equal(second.status, 200, JSON.stringify(second.body));
  const me = await call(a, "GET", "/api/auth/me", { token: second.body.data.token });
  assert.equal(me.status, 200);
}

/** The checks, in order: each step builds on the store the ones before left. */
const STEPS: [string, (pair: Pair) => Promise<void>][] = [
  ["a session made on one process serves, and ends, on the other", sessionAcross],
  ["a lock made through A holds on B, and B's unlock frees it on A", lockAcross],
  ["a CSV import of 200 through A is listed, counted and exported by B", importAcross],
  ["bulk create on B, locks on both, and a bulk unlock on A", bulkAcross],
  ["the audit log read on A holds B's writes, and exports them", auditAcross],
  ["an authenticator set up through A finishes a sign-in on B", twoFactorAcross],
];

Deno.test({
  name: "Two processes on one denokv store: what one does, the other sees",
  // the suite's first run already has the KV Connect server; the second would repeat this as is
  ignore: remoteRun || !engineAvailable(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const store = await storeHarness();
    const kvPath = store.newStoreUrl();
    const key = newSecretKeyText();
    const [a, b] = await Promise.all([start(store, kvPath, key), start(store, kvPath, key)]);
    try {
      await t.step("two processes starting together seed the store once", () => {
        const said = [a, b].filter((p) => p.output().includes("First super admin created"));
        assert.equal(said.length, 1, a.output() + b.output());
      });
      const pair = { a, b, admin: await adminToken(a) };
      for (const [name, run] of STEPS) await t.step(name, () => run(pair));
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await store.stop();
    }
  },
});
