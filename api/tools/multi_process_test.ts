// Several API processes on one store (issue 16): two real `api/main.ts` processes share one KV
// file, as two instances share one `denokv`. What one does, the other sees at once; parallel
// writes from both all land (the local store's "database is locked" is retried, not answered
// with a 500); two processes starting together on an empty store seed it once; and a writer's
// clock does not decide what another process sees. Two processes starting together also make one
// two-factor key between them.
//
// These stay on a KV file in both runs of the suite: they are about the local file store shared
// by processes (its "database is locked", the two-factor key file beside it). The same checks on
// a denokv server over KV Connect are in shared_store_test.ts.

import assert from "node:assert/strict";
import {
  DEFAULT_DGSL,
  DEFAULT_LIGHT_AKE,
  DEFAULT_ULD_WEIGHTS,
  DEFAULT_XDGSL,
} from "../../engine/reference_data.ts";
import { createApp } from "../app.ts";
import { retryingKv } from "../kv/retry.ts";
import { seed } from "../start/seed.ts";
import { processCalls } from "./process_calls.ts";
import { type ServerProcess as Proc, spawnServer } from "./server_process.ts";
import { keys } from "../store/keys.ts";
import { testApi } from "../test_support.ts";
import { totpAt } from "../two_factor/totp.ts";

const ADMIN_PASSWORD = "First-admin-pass-1";
const NEW_ADMIN_PASSWORD = "First-harbor-pass-2";
const USER_PASSWORD = "Staff-password-7";
/** The password the admin gives MP1 (temporary: one sign-in). */
const CREATED_PASSWORD = "Given-password-5";

/** Starts api/main.ts on `kvPath`, trusting one proxy so each call can come from its own address. */
function start(kvPath: string): Promise<Proc> {
  return spawnServer({
    KV_PATH: kvPath,
    TRUSTED_PROXY: "1",
    PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
  });
}

const { call, signIn, changePassword, adminToken: changedAdmin } = processCalls("10.9");
/** The first super admin's session, its forced change made on `proc`. */
const adminToken = (proc: Proc) => changedAdmin(proc, ADMIN_PASSWORD, NEW_ADMIN_PASSWORD);

/** Two processes started together on a new KV file, and the first super admin's session. */
async function pair() {
  const dir = await Deno.makeTempDir({ prefix: "portal-multi-" });
  const kvPath = `${dir}/portal.kv`;
  const [a, b] = await Promise.all([start(kvPath), start(kvPath)]);
  const stop = async () => {
    await Promise.all([a.stop(), b.stop()]);
    await Deno.remove(dir, { recursive: true });
  };
  return { a, b, kvPath, stop };
}

function newUser(code: string) {
  return {
    employeeCode: code,
    firstName: "Mona",
    lastName: "Saleh",
    station: "CAI",
    password: CREATED_PASSWORD,
  };
}

Deno.test({
  name: "Two processes on one KV file: each sees the other's writes at once, and all land",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const { a, b, stop } = await pair();
    try {
      const admin = await adminToken(a);

      await t.step(
        "a user created on one process is found, listed and counted on the other",
        async () => {
          // B answers the list first, so it holds the index in memory before A writes
          const before = await call(b, "GET", "/api/users/stats", { token: admin });
          assert.equal(before.status, 200);
          const created = await call(a, "POST", "/api/users", {
            token: admin,
            body: newUser("MP1"),
          });
          assert.equal(created.status, 201, JSON.stringify(created.body));
          const found = await call(b, "GET", "/api/users/MP1", { token: admin });
          assert.equal(found.status, 200);
          assert.equal(found.body.data.fullName, "Mona Saleh");
          const listed = await call(b, "GET", "/api/users/paginated?search=MP1", { token: admin });
          assert.deepEqual(
            listed.body.data.users.map((u: { employeeCode: string }) => u.employeeCode),
            [
              "MP1",
            ],
          );
          const after = await call(b, "GET", "/api/users/stats", { token: admin });
          assert.equal(after.body.data.totalUsers, before.body.data.totalUsers + 1);
          // the password the admin typed opens one sign-in, which chooses the user's own
          const first = await signIn(a, "MP1", CREATED_PASSWORD);
          assert.equal(first.status, 200, JSON.stringify(first.body));
          const own = await changePassword(
            b,
            first.body.data.token,
            "MP1",
            CREATED_PASSWORD,
            USER_PASSWORD,
          );
          assert.equal(own.status, 200, JSON.stringify(own.body));
        },
      );

      await t.step(
        "a deactivation on one process ends the user's session on the other",
        async () => {
          const session = await signIn(b, "MP1", USER_PASSWORD);
          assert.equal(session.status, 200, JSON.stringify(session.body));
          const token = session.body.data.token;
          assert.equal((await call(b, "GET", "/api/auth/me", { token })).status, 200);
          const off = await call(a, "PUT", "/api/users/MP1", {
            token: admin,
            body: { isActive: false },
          });
          assert.equal(off.status, 200, JSON.stringify(off.body));
          assert.equal((await call(b, "GET", "/api/auth/me", { token })).status, 401);
          assert.equal((await signIn(b, "MP1", USER_PASSWORD)).status, 403);
          const on = await call(b, "PUT", "/api/users/MP1", {
            token: admin,
            body: { isActive: true },
          });
          assert.equal(on.status, 200, JSON.stringify(on.body));
        },
      );

      await t.step("sessions ended on one process are refused on the other", async () => {
        const session = await signIn(a, "MP1", USER_PASSWORD);
        assert.equal(session.status, 200, JSON.stringify(session.body));
        const token = session.body.data.token;
        assert.equal((await call(b, "GET", "/api/auth/me", { token })).status, 200);
        const ended = await call(b, "DELETE", "/api/users/MP1/sessions", { token: admin });
        assert.equal(ended.status, 200, JSON.stringify(ended.body));
        assert.equal((await call(a, "GET", "/api/auth/me", { token })).status, 401);
      });

      await t.step("failed sign-ins on both processes lock the account on both", async () => {
        for (let i = 0; i < 5; i++) {
          const wrong = await signIn(i % 2 === 0 ? a : b, "MP1", "Not-the-password-1");
          assert.ok([401, 423].includes(wrong.status), JSON.stringify(wrong.body));
        }
        const refusedA = await signIn(a, "MP1", USER_PASSWORD);
        const refusedB = await signIn(b, "MP1", USER_PASSWORD);
        assert.equal(refusedA.status, 423, JSON.stringify(refusedA.body));
        assert.equal(refusedB.status, 423, JSON.stringify(refusedB.body));
        assert.match(refusedB.body.message, /^Account locked after 5 failed sign-ins/);
        const user = await call(a, "GET", "/api/users/MP1", { token: admin });
        assert.ok(user.body.data.lockedUntil, JSON.stringify(user.body.data));
      });

      await t.step("30 parallel writes split across both processes all land", async () => {
        const codes = Array.from({ length: 30 }, (_, i) => `PW${String(i).padStart(2, "0")}`);
        const answers = await Promise.all(
          codes.map((code, i) =>
            call(i % 2 === 0 ? a : b, "POST", "/api/users", { token: admin, body: newUser(code) })
          ),
        );
        assert.deepEqual(
          answers.map((r) => r.status),
          codes.map(() => 201),
          JSON.stringify(answers.filter((r) => r.status !== 201).slice(0, 3)),
        );
        // 30 edits of one user's neighbours at once, half on each: every edit is kept
        const edits = await Promise.all(
          codes.map((code, i) =>
            call(i % 2 === 0 ? b : a, "PUT", `/api/users/${code}`, {
              token: admin,
              body: { jobTitle: `Agent ${i}` },
            })
          ),
        );
        assert.deepEqual(edits.map((r) => r.status), codes.map(() => 200));
        for (const proc of [a, b]) {
          const listed = await call(proc, "GET", "/api/users/paginated?search=PW&limit=50", {
            token: admin,
          });
          assert.equal(listed.body.data.total, 30);
        }
        const one = await call(b, "GET", "/api/users/PW17", { token: admin });
        assert.equal(one.body.data.jobTitle, "Agent 17");
      });
      assert.doesNotMatch(a.output() + b.output(), /database is locked/);
    } finally {
      await stop();
    }
  },
});

Deno.test({
  name: "Two processes starting together on an empty KV file seed it once",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const { a, b, kvPath, stop } = await pair();
    try {
      // exactly one of the two created the first super admin and says so
      const said = [a, b].filter((p) => p.output().includes("First super admin created")).length;
      assert.equal(said, 1, a.output() + b.output());
      const kv = await Deno.openKv(kvPath);
      try {
        const expected = Object.keys(DEFAULT_ULD_WEIGHTS).length + DEFAULT_DGSL.length +
          DEFAULT_XDGSL.length + DEFAULT_LIGHT_AKE.length;
        let entries = 0;
        let names = 0;
        for (const list of ["ulds", "dgsl", "xdgsl", "lightake"] as const) {
          for await (const _ of kv.list({ prefix: [...keys.references(list)] })) entries++;
          for await (const _ of kv.list({ prefix: ["reference_names", list] })) names++;
        }
        assert.equal(entries, expected);
        assert.equal(names, expected);
        let users = 0;
        for await (const _ of kv.list({ prefix: [...keys.userPrefix()] })) users++;
        assert.equal(users, 1);
      } finally {
        kv.close();
      }
      // and both serve the one admin
      const token = await adminToken(b);
      const stats = await call(a, "GET", "/api/users/stats", { token });
      assert.equal(stats.body.data.totalUsers, 1);
      // exactly one made the two-factor key, and both seal and open with it: an authenticator
      // set up through one process finishes a sign-in on the other
      const made = [a, b].filter((p) => p.output().includes("Two-factor key made")).length;
      assert.equal(made, 1, a.output() + b.output());
      const started = await call(b, "POST", "/api/auth/two-factor/totp", {
        token,
        body: { password: NEW_ADMIN_PASSWORD },
      });
      const secret = started.body.data.secret;
      const confirmed = await call(b, "POST", "/api/auth/two-factor/totp/confirm", {
        token,
        body: { code: totpAt(secret, Date.now()) },
      });
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
      const step = await signIn(a, "ADMIN", NEW_ADMIN_PASSWORD);
      const second = await call(a, "POST", "/api/auth/login/second-factor", {
        body: {
          token: step.body.data.secondFactor.token,
          code: totpAt(secret, Date.now() + 30_000),
        },
      });
      assert.equal(second.status, 200, JSON.stringify(second.body));
    } finally {
      await stop();
    }
  },
});

Deno.test("Seeding from three handles on one KV file at once writes each entry once", async () => {
  // the handles interleave at every await; a few rounds make a lost race all but certain
  for (let round = 0; round < 5; round++) {
    const dir = await Deno.makeTempDir({ prefix: "portal-seed-" });
    const handles = await Promise.all([1, 2, 3].map(() => Deno.openKv(`${dir}/portal.kv`)));
    try {
      const reports = await Promise.all(
        handles.map((kv) =>
          seed(retryingKv(kv, { attempts: 50 }), Date.now(), { adminPassword: ADMIN_PASSWORD })
        ),
      );
      assert.equal(reports.filter((r) => r.adminCreated).length, 1);
      assert.equal(reports.filter((r) => r.referenceSeeded).length, 1);
      const kv = handles[0];
      const count = async (prefix: Deno.KvKey) => {
        let n = 0;
        for await (const _ of kv.list({ prefix })) n++;
        return n;
      };
      const expected = Object.keys(DEFAULT_ULD_WEIGHTS).length + DEFAULT_DGSL.length +
        DEFAULT_XDGSL.length + DEFAULT_LIGHT_AKE.length;
      assert.equal(await count(["reference"]), expected, `round ${round}`);
      assert.equal(await count(["reference_names"]), expected, `round ${round}`);
      assert.equal(await count([...keys.userPrefix()]), 1);
      assert.equal((await kv.get<Deno.KvU64>(keys.activeSuperAdmins())).value?.value, 1n);
    } finally {
      for (const kv of handles) kv.close();
      await Deno.remove(dir, { recursive: true });
    }
  }
});

Deno.test("A writer whose clock runs 6 s behind does not leave another process's list stale", async () => {
  const api = await testApi();
  try {
    const token = await api.account("SA", "super_admin");
    // a second process on the same store, its clock 6 s behind the first's
    const late = createApp({ kv: api.kv, now: () => api.clock.now - 6000, secureCookies: false });
    assert.equal(
      (await api.call("GET", "/api/users/paginated?search=LATE", undefined, token))
        .json.data.total,
      0,
    );
    const created = await late.request("/api/users", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(newUser("LATE1")),
    });
    assert.equal(created.status, 201, await created.text());
    const listed = await api.call("GET", "/api/users/paginated?search=LATE", undefined, token);
    assert.deepEqual(listed.json.data.users.map((u: { employeeCode: string }) => u.employeeCode), [
      "LATE1",
    ]);
  } finally {
    api.close();
  }
});
