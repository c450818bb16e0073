// Attacks of issue 22's second round (holes 2, 3, 9, 10, 11, 13, 16 and 17): each test does what
// the attacker did and asserts the safe outcome.

import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { newToken } from "../auth/auth.ts";
import { CODE_RULE } from "../rules/user_fields.ts";
import { spawnServer } from "../tools/server_process.ts";
import { prepareSession } from "../auth/sessions.ts";
import { audit, auditAt } from "../store/audit.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import {
  registrationBody,
  roleTokens,
  stationAdmin,
  superAdmin,
  testApi,
} from "../test_support.ts";

Deno.test("hole 10: every /api answer, errors and 404s included, says Cache-Control: no-store", async () => {
  const api = await testApi();
  try {
    const { user, superAdmin } = await roleTokens(api);
    const answers = [
      await api.call("GET", "/api/auth/me", undefined, user),
      await api.call("GET", "/api/users/paginated", undefined, superAdmin),
      await api.call("GET", "/api/users/U1", undefined, superAdmin),
      await api.call("GET", "/api/users/paginated", undefined, user), // 403
      await api.call("GET", "/api/auth/me"), // 401
      await api.call("GET", "/api/no-such-route", undefined, user), // 404
      await api.call("GET", "/api/users/%E0%A4%A", undefined, superAdmin), // 400 bad encoding
      await api.call("POST", "/api/auth/login", "{not json"), // 400
      await api.call("GET", "/api/users/export", undefined, superAdmin), // CSV
    ];
    for (const res of answers) {
      assert.equal(res.headers.get("cache-control"), "no-store", `${res.status} ${res.text}`);
    }
  } finally {
    api.close();
  }
});

Deno.test("hole 9: a malformed cursor answers 400 with a clear message, never a 500 and a stack trace", async () => {
  const api = await testApi();
  const logged: unknown[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const { superAdmin } = await roleTokens(api);
    const paths = [
      "/api/audit",
      "/api/users/activation-requests",
      "/api/users/password-reset-requests",
      "/api/users/registration-requests",
    ];
    // not base64url, a length base64 cannot have, stray bits, and a well-formed key out of range
    for (const cursor of ["x", "!!!", "AmEAx", "AB", "AA", "_w", "%00"]) {
      for (const path of paths) {
        const res = await api.call(
          "GET",
          `${path}?cursor=${encodeURIComponent(cursor)}`,
          undefined,
          superAdmin,
        );
        assert.equal(res.status, 400, `${path} cursor ${cursor}: ${res.text}`);
        assert.match(res.json.message!, /cursor/i);
      }
    }
    // a real cursor still pages
    await api.call("GET", "/api/users/U1", undefined, superAdmin);
    const first = await api.call("GET", "/api/audit?limit=1", undefined, superAdmin);
    assert.equal(first.status, 200);
    const next = await api.call(
      "GET",
      `/api/audit?limit=1&cursor=${first.json.data.cursor}`,
      undefined,
      superAdmin,
    );
    assert.equal(next.status, 200, next.text);
    assert.deepEqual(logged, []);
  } finally {
    console.error = error;
    api.close();
  }
});

Deno.test("hole 16: a code made only of dots is refused by create, import and the sign-in page's requests", async () => {
  const api = await testApi();
  try {
    const { superAdmin } = await roleTokens(api);
    for (const code of [".", "..", "...", " .. "]) {
      const created = await api.call("POST", "/api/users", {
        employeeCode: code,
        firstName: "Dot",
        lastName: "Segment",
        station: "CAI",
        email: "dot@example.com",
        password: "Dot-segment-pass-1",
      }, superAdmin);
      assert.equal(created.status, 400, `create ${code}: ${created.text}`);
      assert.equal(created.named, `employeeCode: ${CODE_RULE}`);
      const csv =
        `Employee Code,Full Name,Email,Station\r\n${code},Dot Segment,d@example.com,CAI\r\n`;
      const imported = await api.call("POST", "/api/users/import", { csv }, superAdmin);
      assert.equal(imported.status, 400, `import ${code}: ${imported.text}`);
      assert.match(JSON.stringify(imported.json.errors), /only dots/);
      for (const kind of ["activation", "password-reset"]) {
        const res = await api.call("POST", `/api/users/${kind}-request`, {
          employeeCode: code,
          reason: "x",
        });
        assert.equal(res.status, 400, `${kind} ${code}: ${res.text}`);
      }
      const reg = await api.call("POST", "/api/users/registration-request", {
        employeeCode: code,
        firstName: "Dot",
        lastName: "Segment",
        email: "dot@example.com",
        jobTitle: "Agent",
        position: "Ramp",
        station: "CAI",
        reason: "new starter",
      });
      assert.equal(reg.status, 400, `registration ${code}: ${reg.text}`);
    }
    for await (const e of api.kv.list({ prefix: ["users"] })) {
      assert.doesNotMatch(String(e.key[1]), /^\.+$/);
    }
    for await (const e of api.kv.list({ prefix: ["requests"] })) assert.fail(String(e.key));
    // dots inside a code stay allowed
    const dotted = await api.call("POST", "/api/users", {
      employeeCode: "A.B",
      firstName: "Dot",
      lastName: "Inside",
      station: "CAI",
      email: "dotted@example.com",
      password: "Quartz-lantern-93",
    }, superAdmin);
    assert.equal(dotted.status, 201, dotted.text);
  } finally {
    api.close();
  }
});

Deno.test("hole 3: a deleted account's sessions end, and an account created again with its code never revives them", async () => {
  const api = await testApi();
  try {
    const { superAdmin } = await roleTokens(api);
    const old = await api.account("GONE", "user");
    assert.equal((await api.call("GET", "/api/auth/me", undefined, old)).status, 200);
    // a sign-in in flight while the account is deleted: its session is written just after
    const { token: late, tokenHash } = newToken();
    const record = (await api.kv.get<UserRecord>(keys.user("GONE"))).value!;
    const addLate = await prepareSession(api.kv, record, tokenHash, api.clock.now);
    const gone = await api.call("DELETE", "/api/users/GONE", undefined, superAdmin);
    assert.equal(gone.status, 200, gone.text);
    for await (const e of api.kv.list({ prefix: [...keys.userSessions("GONE")] })) {
      assert.fail(`the delete left ${String(e.key)}`);
    }
    const op = api.kv.atomic();
    addLate(op);
    assert.ok((await op.commit()).ok);
    for (const t of [old, late]) {
      assert.equal((await api.call("GET", "/api/auth/me", undefined, t)).status, 401);
    }
    // the code is created again, and the new account's sessions are ended a few times over
    const again = await api.call("POST", "/api/users", {
      employeeCode: "GONE",
      firstName: "New",
      lastName: "Person",
      station: "CAI",
      email: "new.person@example.com",
      password: "Quartz-lantern-94",
    }, superAdmin);
    assert.equal(again.status, 201, again.text);
    for (let i = 0; i < 3; i++) {
      for (const t of [old, late]) {
        const me = await api.call("GET", "/api/auth/me", undefined, t);
        assert.equal(me.status, 401, `round ${i}: ${me.text}`);
      }
      const ended = await api.call("DELETE", "/api/users/GONE/sessions", undefined, superAdmin);
      assert.equal(ended.status, 200, ended.text);
    }
    // the new person signs in with their own password
    const login = await api.call("POST", "/api/auth/login", {
      employeeCode: "GONE",
      password: "Quartz-lantern-94",
    });
    assert.equal(login.status, 200, login.text);
  } finally {
    api.close();
  }
});

/** The permission bits of a path that others than the owner have (0 when private). */
async function othersBits(path: string): Promise<number> {
  return ((await Deno.stat(path)).mode ?? 0o777) & 0o077;
}

/** Runs `npm run kv -- ARGS` on the store at `kvPath`; fails on a non-zero exit. */
async function kvCommand(args: string[], kvPath: string): Promise<void> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", "--allow-env", "api/kv/cli.ts", ...args],
    env: { KV_PATH: kvPath },
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
}

Deno.test({
  name: "hole 11: the KV folder, its files and the kv command's exports are the owner's alone",
  ignore: Deno.build.os === "windows",
  sanitizeResources: false,
  async fn() {
    // a file store in both runs of the suite: this is about the file store's own permissions
    const dir = await Deno.makeTempDir({ prefix: "portal-perms-" });
    try {
      // the server makes its folder and store
      const kvPath = `${dir}/data/portal.kv`;
      const server = await spawnServer({ KV_PATH: kvPath, PORTAL_ADMIN_PASSWORD: "Perms-admin-1" });
      try {
        const health = await fetch(`${server.base}/health`);
        await health.body?.cancel();
      } finally {
        await server.stop();
      }
      assert.equal(((await Deno.stat(`${dir}/data`)).mode ?? 0) & 0o777, 0o700);
      const files = [];
      for await (const f of Deno.readDir(`${dir}/data`)) files.push(f.name);
      assert.ok(files.includes("portal.kv"), files.join());
      for (const f of files) assert.equal(await othersBits(`${dir}/data/${f}`), 0, f);
      // a store folder and file left readable by an older version are closed at the next start
      await Deno.chmod(`${dir}/data`, 0o755);
      await Deno.chmod(kvPath, 0o644);
      const again = await spawnServer({ KV_PATH: kvPath });
      await again.stop();
      assert.equal(((await Deno.stat(`${dir}/data`)).mode ?? 0) & 0o777, 0o700);
      assert.equal(await othersBits(kvPath), 0);
      // an export, new or over a readable file, and a store the kv command makes
      await kvCommand(["export", `${dir}/backup.jsonl`], kvPath);
      assert.equal(await othersBits(`${dir}/backup.jsonl`), 0);
      await Deno.writeTextFile(`${dir}/old.jsonl`, "", { mode: 0o644 });
      await Deno.chmod(`${dir}/old.jsonl`, 0o644);
      await kvCommand(["export", `${dir}/old.jsonl`], kvPath);
      assert.equal(await othersBits(`${dir}/old.jsonl`), 0);
      assert.ok((await Deno.readTextFile(`${dir}/old.jsonl`)).includes("users"));
      await kvCommand(["import", `${dir}/backup.jsonl`], `${dir}/restored/b.kv`);
      assert.equal(((await Deno.stat(`${dir}/restored`)).mode ?? 0) & 0o777, 0o700);
      for await (const f of Deno.readDir(`${dir}/restored`)) {
        assert.equal(await othersBits(`${dir}/restored/${f.name}`), 0, f.name);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

/** `kv` seen through a proxy that writes down every call made on it and on its atomic
 * operations, by method name (not keys: those name the code). */
function recordingKv(kv: Deno.Kv, log: string[]): Deno.Kv {
  const wrap = <T extends object>(target: T, prefix: string): T => {
    const proxy: T = new Proxy(target, {
      get(t, prop) {
        const value = Reflect.get(t, prop, t);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          log.push(`${prefix}${String(prop)}`);
          const result = value.apply(t, args);
          if (prop === "atomic") return wrap(result as Deno.AtomicOperation, "atomic.");
          return result === t ? proxy : result;
        };
      },
    });
    return proxy;
  };
  return wrap(kv, "");
}

Deno.test("hole 13: the sign-in page's three requests make the same KV calls for a taken code and a free one", async () => {
  const api = await testApi();
  try {
    await api.account("TAKEN1", "user", { station: "LHR" });
    const log: string[] = [];
    const app = createApp({
      kv: recordingKv(api.kv, log),
      now: () => api.clock.now,
      secureCookies: false,
    });
    const send = async (kind: string, body: Record<string, string>) => {
      log.length = 0;
      const res = await app.request(`/api/users/${kind}-request`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }, { remoteAddr: { hostname: "203.0.113.9", port: 1, transport: "tcp" } });
      return { status: res.status, text: await res.text(), calls: [...log] };
    };
    const bodies = {
      activation: (code: string) => ({ employeeCode: code, reason: "back from leave" }),
      "password-reset": (code: string) => ({ employeeCode: code }),
      registration: registrationBody,
    };
    for (const [kind, body] of Object.entries(bodies)) {
      const taken = await send(kind, body("TAKEN1"));
      const free = await send(kind, body(`FREE${kind.length}`));
      assert.equal(taken.status, 200, taken.text);
      assert.deepEqual([free.status, free.text], [taken.status, taken.text]);
      // the same calls on the store: reads, and writes made and committed (what a write holds
      // differs: a request that is not queued writes its audit entry alone, issue 48 finding 12,
      // whose test asserts that each write goes through)
      const storeCalls = (calls: string[]) =>
        calls.filter((c) => !c.startsWith("atomic.") || c === "atomic.commit");
      assert.deepEqual(storeCalls(free.calls), storeCalls(taken.calls), kind);
    }
    // and the requests that can be handled were stored, the others not
    const stored: string[] = [];
    for await (const e of api.kv.list({ prefix: ["requests"] })) stored.push(e.key.join(" "));
    assert.deepEqual(stored.sort(), [
      "requests activation TAKEN1",
      "requests password-reset TAKEN1",
      "requests registration FREE12",
    ]);
  } finally {
    api.close();
  }
});

type Entry = { actor: string; action: string; target: string; summary: string; detail?: string };

/** Every audit entry a caller is shown, page after page, with a query's filters. */
async function auditSeen(
  api: Awaited<ReturnType<typeof testApi>>,
  token: string,
  filters = "",
): Promise<Entry[]> {
  const seen: Entry[] = [];
  let cursor = "";
  for (let pages = 0; pages < 50; pages++) {
    const res = await api.call(
      "GET",
      `/api/audit?limit=200${filters}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      undefined,
      token,
    );
    assert.equal(res.status, 200, res.text);
    seen.push(...res.json.data.entries);
    cursor = res.json.data.cursor ?? "";
    if (!cursor) break;
  }
  return seen;
}

Deno.test("hole 2: a station admin's audit log shows only entries about its own station's users", async () => {
  const api = await testApi();
  try {
    // at CAI, as the first super admin is created, a station the station admin shares (issue 48)
    const root = await superAdmin(api);
    const everything = await api.account("W1", "admin", {
      canAccessAdminApps: true,
      canViewAllStations: true,
      station: "HQ",
    });
    const admin = await stationAdmin(api); // A1 at CAI
    await api.account("LHRU1", "user", { station: "LHR" });
    await api.account("CAIU1", "user", { station: "CAI" });
    const user = (station: string, code: string) => ({
      employeeCode: code,
      firstName: "Secret",
      lastName: `Person ${code}`,
      station,
      email: `${code.toLowerCase()}@example.com`,
      password: "Audit-scope-pass-1",
    });
    // another station's story: a user made and deleted, failed sign-ins, requests with reasons
    for (const [station, code] of [["LHR", "LHRNEW"], ["CAI", "CAINEW"]]) {
      assert.equal((await api.call("POST", "/api/users", user(station, code), root)).status, 201);
    }
    assert.equal((await api.call("DELETE", "/api/users/LHRNEW", undefined, root)).status, 200);
    for (const code of ["LHRU1", "CAIU1", "GHOST1"]) {
      const res = await api.call("POST", "/api/auth/login", { employeeCode: code, password: "x" });
      assert.equal(res.status, 401);
    }
    await api.call("POST", "/api/users/password-reset-request", { employeeCode: "LHRU1" });
    await api.call("POST", "/api/users/activation-request", {
      employeeCode: "CAIU1",
      reason: "cai reason",
    });
    await api.call("POST", "/api/users/registration-request", {
      employeeCode: "LHRREG",
      firstName: "Hidden",
      lastName: "Applicant",
      email: "hidden@example.com",
      jobTitle: "Agent",
      position: "Ramp",
      station: "LHR",
      reason: "lhr secret reason",
    });
    // an entry written before entries named their stations: only for those who see all
    const old = api.kv.atomic();
    audit(old, auditAt(api.clock.now, {}), "S1", "user.update", "CAIU1", "written before stations");
    await old.commit();

    const mentions = (e: Entry) => JSON.stringify(e);
    const other = /LHR|GHOST1|Hidden|lhr secret|written before stations/;
    for (
      const filters of [
        "",
        "&target=LHRU1",
        "&target=LHRNEW",
        "&target=GHOST1",
        "&actor=anonymous",
        "&actor=S1",
        "&action=login",
        "&action=request",
        "&action=user.delete",
      ]
    ) {
      const seen = await auditSeen(api, admin, filters);
      for (const e of seen) assert.doesNotMatch(mentions(e), other, `${filters}: ${mentions(e)}`);
    }
    // its own station's entries are there
    const own = (await auditSeen(api, admin)).map((e) => `${e.action} ${e.target}`);
    for (const want of ["user.create CAINEW", "login.failed CAIU1", "request.activation CAIU1"]) {
      assert.ok(own.includes(want), `${want} in ${own.join(", ")}`);
    }
    // all-stations admins and super admins see everything
    for (const token of [everything, root]) {
      const all = (await auditSeen(api, token)).map(mentions).join("\n");
      for (const want of ["LHRNEW", "GHOST1", "lhr secret reason", "written before stations"]) {
        assert.ok(all.includes(want), want);
      }
    }
  } finally {
    api.close();
  }
});

Deno.test("hole 2: a station admin's audit page is read from its station's index, not filtered out of the whole log", async () => {
  const api = await testApi();
  try {
    const admin = await stationAdmin(api); // A1 at CAI
    const cai = (await api.kv.get<UserRecord>(keys.user("A1"))).value!;
    // 3,000 entries of another station, then three of CAI's at the start of the log
    const first = api.kv.atomic();
    for (let i = 0; i < 3; i++) {
      audit(
        first,
        auditAt(api.clock.now - 10_000_000 + i, {}),
        cai,
        "user.update",
        "A1",
        `own ${i}`,
      );
    }
    await first.commit();
    for (let b = 0; b < 30; b++) {
      const op = api.kv.atomic();
      for (let i = 0; i < 100; i++) {
        audit(
          op,
          auditAt(api.clock.now - 1_000_000 + b * 100 + i, {}),
          {
            employeeCode: "LHRA1",
            station: "LHR",
          },
          "user.update",
          "LHRU1",
          "other",
        );
      }
      assert.ok((await op.commit()).ok);
    }
    const res = await api.call("GET", "/api/audit?limit=50", undefined, admin);
    assert.equal(res.status, 200, res.text);
    const summaries = res.json.data.entries.map((e: Entry) => e.summary);
    assert.deepEqual(summaries.filter((s: string) => s.startsWith("own")).length, 3);
    assert.ok(!summaries.includes("other"));
    assert.equal(res.json.data.cursor, null);
  } finally {
    api.close();
  }
});
