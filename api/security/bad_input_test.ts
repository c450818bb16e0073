// Bad input on every route of the role matrix, generated from its table: wrong types, missing and
// extra fields, huge strings, bad JSON, unknown query values and path traversal in every
// parameter, sent by a super admin (who passes every guard, so the input itself is what is
// judged). Every answer must be a 4xx with a message (never a 500), and KV must not change.

import assert from "node:assert/strict";
import { ROUTES } from "../policy.ts";
import { type TestApi, testApi } from "../test_support.ts";

const TRAVERSAL = ["..%2F..%2Fetc%2Fpasswd", "%2e%2e", "..\\..\\boot.ini", "%00", "A".repeat(5000)];
const BODIES: [string, unknown][] = [
  ["bad JSON", "{not json"],
  ["a JSON array", "[1,2,3]"],
  ["a JSON string", '"text"'],
  ["null", "null"],
  ["wrong types", {
    employeeCode: 12,
    firstName: [],
    password: {},
    days: "thirty",
    appIds: "all",
    name: 5,
    weight: {},
    reason: 7,
    users: "x",
  }],
  ["an extra field", { unexpectedField: "x", isAdmin: true, role: "emperor" }],
  ["huge strings", { employeeCode: "E".repeat(100_000), reason: "R".repeat(100_000) }],
  ["an oversize body", { blob: "B".repeat(3 * 1024 * 1024) }],
];
const QUERIES = [
  "?page=-1&limit=abc",
  "?page=1e9&limit=100000",
  "?role=emperor&isActive=maybe",
  "?includeInactive=perhaps",
  `?search=${"%F0".repeat(10)}`,
  "?limit=0",
];

/** Every entry of the store with its versionstamp, to see that nothing was written. */
async function snapshot(kv: Deno.Kv): Promise<string> {
  const out: string[] = [];
  for await (const e of kv.list({ prefix: [] })) {
    out.push(`${JSON.stringify(e.key)}@${e.versionstamp}`);
  }
  return out.join("\n");
}

async function judge(t: TestApi, method: string, path: string, body: unknown, token: string) {
  const res = await t.call(method, path, body, token);
  const what = `${method} ${path.slice(0, 120)} ${
    typeof body === "string" ? body.slice(0, 20) : ""
  }`;
  assert.ok(res.status < 500, `${what}: ${res.status} ${res.text.slice(0, 200)}`);
  return res;
}

const fill = (path: string, value: string) =>
  path.replace(/:code/g, value).replace(/:list/g, value).replace(/:id/g, value);

Deno.test("bad bodies on every write route: 4xx with a message, nothing written", async () => {
  const t = await testApi();
  try {
    const token = await t.account("BADSA", "super_admin");
    await t.call("POST", "/api/users", {
      employeeCode: "TARGET1",
      firstName: "T",
      lastName: "T",
      station: "CAI",
    }, token);
    let checked = 0;
    for (const route of ROUTES.filter((r) => r.method === "POST" || r.method === "PUT")) {
      const path = route.path.replace(":code", "TARGET1").replace(":list", "ulds").replace(
        ":id",
        "zz",
      );
      for (const [name, body] of BODIES) {
        if (route.path === "/api/auth/logout") continue; // no body is read: always answers ok
        const before = await snapshot(t.kv);
        const res = await judge(t, route.method, path, body, token);
        assert.ok(res.status >= 400, `${route.method} ${route.path} with ${name}: ${res.status}`);
        assert.ok(
          typeof res.json.message === "string" && res.json.message !== "",
          `${route.method} ${route.path} with ${name}: no message`,
        );
        // a failed sign-in is recorded (audit, lockout counter) by design; nothing else writes
        if (route.path !== "/api/auth/login") {
          assert.equal(await snapshot(t.kv), before, `${route.method} ${route.path} with ${name}`);
        }
        checked++;
      }
    }
    assert.ok(checked > 150, `only ${checked} cases`);
  } finally {
    t.close();
  }
});

Deno.test("path traversal and odd values in every path parameter: 4xx, nothing written", async () => {
  const t = await testApi();
  try {
    const token = await t.account("BADSA", "super_admin");
    let checked = 0;
    for (const route of ROUTES.filter((r) => r.path.includes(":"))) {
      for (const value of TRAVERSAL) {
        const before = await snapshot(t.kv);
        const body = route.method === "GET" || route.method === "DELETE" ? undefined : {};
        const res = await judge(t, route.method, fill(route.path, value), body, token);
        assert.ok(res.status >= 400, `${route.method} ${route.path} <- ${value.slice(0, 20)}`);
        assert.equal(await snapshot(t.kv), before, `${route.method} ${route.path}`);
        checked++;
      }
    }
    assert.ok(checked >= 100, `only ${checked} cases`);
  } finally {
    t.close();
  }
});

Deno.test("unknown query values on every read route: never a 500, refusals carry a message", async () => {
  const t = await testApi();
  try {
    const token = await t.account("BADSA", "super_admin");
    for (const route of ROUTES.filter((r) => r.method === "GET")) {
      const path = route.path.replace(":code", "BADSA").replace(":list", "ulds");
      for (const query of QUERIES) {
        const before = await snapshot(t.kv);
        const res = await judge(t, "GET", path + query, undefined, token);
        if (res.status >= 400) assert.ok(res.json.message, `${path}${query}: no message`);
        assert.equal(await snapshot(t.kv), before, `${path}${query}`);
      }
    }
  } finally {
    t.close();
  }
});
