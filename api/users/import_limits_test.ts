// Many users at once on a denokv server (issue 49), whose writes take at most 10 checks: a CSV
// import of 200 users, its answer to a batch whose answer was lost (committed, then re-sent), a
// racing create halfway through (nothing left behind), and the bulk create and bulk extension of
// 200 users. Each test opens its store on a private KV Connect test server (faults are set on it).

import assert from "node:assert/strict";
import { storeHarness } from "../kv/connect/store_harness.ts";
import { type TestApi, testApi } from "../test_support.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { createApp } from "../app.ts";

const HEADER = "Employee Code,Full Name,Email,Station\r\n";
const N = 200;

const csvOf = (n: number) =>
  HEADER + Array.from(
    { length: n },
    (_, i) => `M${String(i).padStart(3, "0")},Name ${i},m${i}@example.com,CAI`,
  ).join("\r\n") + "\r\n";

/** A test API on a new database of a private KV Connect test server. */
async function remoteApi() {
  const harness = await storeHarness({ own: true });
  Deno.env.set("DENO_KV_ACCESS_TOKEN", harness.token);
  const api = await testApi(await Deno.openKv(harness.newStoreUrl()));
  return {
    api,
    harness,
    async [Symbol.asyncDispose]() {
      api.close();
      await harness.stop();
    },
  };
}

/** What the store holds of the imported users (codes starting with M): the records, the email
 * index, the list's index rows and the import's audit entries. */
async function stored(api: TestApi) {
  const users: UserRecord[] = [];
  for await (const e of api.kv.list<UserRecord>({ prefix: ["users"] })) {
    if (e.value.employeeCode.startsWith("M")) users.push(e.value);
  }
  let emails = 0;
  for await (const e of api.kv.list<string>({ prefix: [keys.userByEmail("x")[0]] })) {
    if (e.value.startsWith("M")) emails++;
  }
  const rows: string[] = [];
  for await (const e of api.kv.list<string>({ prefix: [...keys.userIndexes()] })) {
    for (const r of JSON.parse(e.value) as string[][]) if (r[0].startsWith("M")) rows.push(r[0]);
  }
  let audits = 0;
  for await (const e of api.kv.list<{ action: string }>({ prefix: keys.audits() })) {
    if (e.value.action === "user.import") audits++;
  }
  return { users, emails, rows: rows.sort(), audits };
}

const codes = (n: number) => Array.from({ length: n }, (_, i) => `M${String(i).padStart(3, "0")}`);

Deno.test("a CSV import of 200 users saves them all on a denokv server", async () => {
  await using r = await remoteApi();
  const { api } = r;
  const root = await api.account("S1", "super_admin");
  const res = await api.call("POST", "/api/users/import", { csv: csvOf(N) }, root);
  assert.equal(res.status, 200, res.text.slice(0, 300));
  assert.equal(res.json.data.created, N);
  const after = await stored(api);
  assert.equal(after.users.length, N);
  assert.equal(after.emails, N);
  assert.deepEqual(after.rows, codes(N));
  assert.equal(after.audits, N);
  // the import's operation id is the store's, never the answer's
  const one = await api.call("GET", "/api/users/M007", undefined, root);
  assert.equal(one.status, 200);
  assert.equal("opId" in one.json.data, false);
  const list = await api.call("GET", "/api/users?search=M00&limit=5", undefined, root);
  assert.ok(!list.text.includes("opId"), list.text.slice(0, 300));
});

Deno.test("an import whose write's answer is lost saves each user once and answers success", async () => {
  await using r = await remoteApi();
  const { api, harness } = r;
  const root = await api.account("S1", "super_admin");
  // the next write lands, its answer does not: the client sends it again, and its checks fail
  await harness.fault({ loseAnswers: 1 });
  const res = await api.call("POST", "/api/users/import", { csv: csvOf(N) }, root);
  assert.equal(res.status, 200, res.text.slice(0, 300));
  assert.equal(res.json.data.created, N);
  const after = await stored(api);
  assert.equal(after.users.length, N);
  assert.equal(after.emails, N);
  assert.deepEqual(after.rows, codes(N), "each user once in the list's index");
  assert.equal(after.audits, N, "one audit entry a user");
});

/** `kv` whose commit of the write that creates `code` first lets `competitor` run, as a racing
 * request would; the write then goes to the store (and fails its check). */
function racing(kv: Deno.Kv, code: string, competitor: () => Promise<unknown>): Deno.Kv {
  let raced = false;
  return new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop !== "atomic") return value.bind(target);
      return () => {
        const op = target.atomic();
        let hit = false;
        const mine = (key: Deno.KvKey) => key[0] === "users" && key[1] === code;
        const set = op.set.bind(op);
        op.set = (key, v, options) => {
          hit ||= mine(key);
          return set(key, v, options);
        };
        const mutate = op.mutate.bind(op);
        op.mutate = (...mutations) => {
          hit ||= mutations.some((m) => mine(m.key));
          return mutate(...mutations);
        };
        const commit = op.commit.bind(op);
        op.commit = async () => {
          if (hit && !raced) {
            raced = true;
            await competitor();
          }
          return await commit();
        };
        return op;
      };
    },
  });
}

Deno.test("a create racing an import halfway leaves nothing of the import behind", async () => {
  await using r = await remoteApi();
  const { api } = r;
  const root = await api.account("S1", "super_admin");
  const before = await stored(api);
  const competitor = () =>
    api.call("POST", "/api/users", {
      employeeCode: "M150",
      firstName: "Other",
      lastName: "Admin",
      email: "m150@example.com",
      station: "CAI",
    }, root);
  const app = createApp({
    kv: racing(api.kv, "M150", competitor),
    now: () => api.clock.now,
    secureCookies: false,
  });
  const res = await app.request("/api/users/import", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${root}` },
    body: JSON.stringify({ csv: csvOf(N) }),
  });
  assert.equal(res.status, 409, (await res.clone().text()).slice(0, 300));
  assert.match((await res.json()).message, /M150.*nothing was saved/);
  const after = await stored(api);
  assert.deepEqual(after.users.map((u) => u.employeeCode), ["M150"], "only the other admin's");
  assert.equal(after.emails, 1);
  assert.deepEqual(after.rows, ["M150"]);
  assert.equal(after.audits, before.audits);
});

Deno.test("bulk create and a bulk extension of 200 users work on a denokv server", async () => {
  await using r = await remoteApi();
  const { api } = r;
  const root = await api.account("S1", "super_admin");
  // a bulk create writes each account on its own (and hashes a password each): a few show it
  const users = ["B1", "B2", "B3"].map((employeeCode) => ({
    employeeCode,
    firstName: "Bulk",
    lastName: employeeCode,
    email: `${employeeCode.toLowerCase()}@example.com`,
    station: "LHR",
  }));
  const created = await api.call("POST", "/api/users/bulk", { users }, root);
  assert.equal(created.status, 200, created.text.slice(0, 300));
  assert.equal(created.json.data.created, users.length);
  const imported = await api.call("POST", "/api/users/import", { csv: csvOf(N) }, root);
  assert.equal(imported.status, 200, imported.text.slice(0, 300));
  let after: string | null = null;
  let extended = 0;
  do {
    const res = await api.call(
      "POST",
      "/api/users/bulk-extend",
      { filter: { station: "CAI", role: "user" }, days: 30, ...(after ? { after } : {}) },
      root,
    );
    assert.equal(res.status, 200, res.text.slice(0, 300));
    extended += (res.json.data.results as { ok: boolean }[]).filter((x) => x.ok).length;
    after = res.json.data.next;
  } while (after !== null);
  assert.equal(extended, N);
  const extendedAudits = [];
  for await (const e of api.kv.list<{ action: string }>({ prefix: keys.audits() })) {
    if (e.value.action === "password.extend") extendedAudits.push(e);
  }
  assert.equal(extendedAudits.length, N);
});
