// Attacks through CSV (issue findings 3, 8 and 11): a cell that makes a regular expression take
// hours, formulas in exported cells, oversized cells, and imports that save half a file.

import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { testApi } from "../test_support.ts";

const HEADER = "Employee Code,Full Name,Email,Station\r\n";

async function storedCodes(api: Awaited<ReturnType<typeof testApi>>, prefix: string) {
  const out: string[] = [];
  for await (const e of api.kv.list<{ employeeCode: string }>({ prefix: ["users"] })) {
    if (e.value.employeeCode.startsWith(prefix)) out.push(e.value.employeeCode);
  }
  return out;
}

Deno.test("finding 3: an email cell of 2 MB of dots is refused in linear time, as a row error", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const dots = ".".repeat(2 * 1024 * 1024 - 200);
    // every split of the dots is tried before the last @ fails the old pattern: quadratic
    const csv = `${HEADER}CSV1,Nour Adel,a@${dots}@x,CAI\r\n`;
    const res = await api.call("POST", "/api/users/import", { csv }, root);
    assert.equal(res.status, 400);
    assert.match(
      JSON.stringify(res.json.errors),
      /Row 2: .*(Invalid email format|Email has at most 120 characters)/,
    );
  } finally {
    api.close();
  }
});

Deno.test("finding 11: import applies the create form's limits and is all or nothing", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const longName = "N".repeat(8000);
    const big = "x".repeat(70 * 1024);
    const cases: [string, RegExp][] = [
      [`${HEADER}L1,Ok Name,l1@example.com,CAI\r\nL2,${longName},l2@example.com,CAI\r\n`, /Row 3/],
      [`${HEADER}L1,Ok Name,l1@example.com,CAI\r\nL2,Name,l2@example.com,CAI,\r\n`, /Row 3/],
      [`${HEADER}L1,Ok Name,l1@example.com,CAI\r\nL2,${big},l2@example.com,CAI\r\n`, /Row 3/],
      [
        `${HEADER}L1,Ok Name,l1@example.com,CAI\r\nL2,Two,l2@example.com,CAI\r\nL1,Again,l3@example.com,CAI\r\n`,
        /Row 4.*L1.*row 2|Row 2.*Row 4/i,
      ],
      [
        `${HEADER}L1,Ok Name,l1@example.com,CAI\r\nL2,Two,L1@example.com,CAI\r\n`,
        /Row 3.*l1@example\.com.*row 2/i,
      ],
    ];
    for (const [csv, names] of cases) {
      const res = await api.call("POST", "/api/users/import", { csv }, root);
      assert.equal(res.status, 400, `${res.status}: ${res.text.slice(0, 300)}`);
      assert.match(JSON.stringify(res.json.errors), names);
      assert.deepEqual(await storedCodes(api, "L"), [], "nothing was saved");
    }
    // a clean file saves every row
    const ok = await api.call("POST", "/api/users/import", {
      csv: `${HEADER}L1,Ok Name,l1@example.com,CAI\r\nL2,Two,l2@example.com,CAI\r\n`,
    }, root);
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(await storedCodes(api, "L"), ["L1", "L2"]);
  } finally {
    api.close();
  }
});

/** The store, except that just before the first atomic write that sets `failKey` commits,
 * `competitor` writes too (another admin), and that write fails as a lost race does. */
function failingOnce(
  kv: Deno.Kv,
  failKey: Deno.KvKey,
  competitor: () => Promise<unknown>,
): Deno.Kv {
  let failed = false;
  return new Proxy(kv, {
    get(target, prop) {
      if (prop !== "atomic") {
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return () => {
        const op = target.atomic();
        let hit = false;
        return new Proxy(op, {
          get(o, name, proxy) {
            const value = Reflect.get(o, name);
            if (typeof value !== "function") return value;
            if (name === "set") {
              return (key: Deno.KvKey, ...rest: unknown[]) => {
                if (JSON.stringify(key) === JSON.stringify(failKey)) hit = true;
                (value as (...a: unknown[]) => unknown).call(o, key, ...rest);
                return proxy;
              };
            }
            // the import's writes are packed groups (kv/limits.ts), given as mutations
            if (name === "mutate") {
              return (...mutations: Deno.KvMutation[]) => {
                const fail = JSON.stringify(failKey);
                if (mutations.some((m) => JSON.stringify(m.key) === fail)) hit = true;
                (value as (...a: unknown[]) => unknown).apply(o, mutations);
                return proxy;
              };
            }
            if (name === "commit") {
              return async () => {
                if (hit && !failed) {
                  failed = true;
                  await competitor();
                  return { ok: false };
                }
                return await o.commit();
              };
            }
            return (...args: unknown[]) => {
              (value as (...a: unknown[]) => unknown).apply(o, args);
              return proxy;
            };
          },
        });
      };
    },
  });
}

Deno.test("finding 11: an import that meets a conflicting write halfway saves nothing", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const rows = Array.from(
      { length: 400 },
      (_, i) => `M${String(i).padStart(3, "0")},Name ${i},m${i}@example.com,CAI`,
    );
    const csv = `${HEADER}${rows.join("\r\n")}\r\n`;
    // another admin creates M350 while the import is writing
    const competitor = () =>
      api.call("POST", "/api/users", {
        employeeCode: "M350",
        firstName: "Other",
        lastName: "Admin's",
        station: "CAI",
      }, root);
    const app = createApp({
      kv: failingOnce(api.kv, ["users", "M350"], competitor),
      now: () => api.clock.now,
      secureCookies: false,
    });
    const res = await app.request("/api/users/import", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${root}` },
      body: JSON.stringify({ csv }),
    });
    assert.equal(res.status, 409, await res.clone().text());
    assert.match((await res.json()).message, /nothing was saved/);
    assert.deepEqual(await storedCodes(api, "M"), ["M350"], "only the other admin's user");
    let audits = 0;
    for await (const e of api.kv.list<{ action: string }>({ prefix: ["audit"] })) {
      if (e.value.action === "user.import") audits++;
    }
    assert.equal(audits, 0, "no audit entry for users that were not saved");
  } finally {
    api.close();
  }
});
