// The role matrix of design 3, walked for every route and every kind of caller.

import assert from "node:assert/strict";
import { ROUTES } from "./policy.ts";
import type { Capability } from "./rules/access.ts";
import { roleTokens, testApi } from "./test_support.ts";

type Caller = "anonymous" | "user" | "adminNoFlags" | "admin" | "superAdmin";
const CALLERS: Caller[] = ["anonymous", "user", "adminNoFlags", "admin", "superAdmin"];

/** What the guard answers each caller: "pass" (any status but 401/403), 401 or 403. */
const EXPECTED: Record<Capability, Record<Caller, "pass" | 401 | 403>> = {
  public: {
    anonymous: "pass",
    user: "pass",
    adminNoFlags: "pass",
    admin: "pass",
    superAdmin: "pass",
  },
  signedIn: {
    anonymous: 401,
    user: "pass",
    adminNoFlags: "pass",
    admin: "pass",
    superAdmin: "pass",
  },
  selfOrManageUsers: {
    anonymous: 401,
    user: "pass",
    adminNoFlags: "pass",
    admin: "pass",
    superAdmin: "pass",
  },
  allStations: { anonymous: 401, user: 403, adminNoFlags: 403, admin: 403, superAdmin: "pass" },
  adminArea: { anonymous: 401, user: 403, adminNoFlags: 403, admin: "pass", superAdmin: "pass" },
  manageUsers: { anonymous: 401, user: 403, adminNoFlags: 403, admin: "pass", superAdmin: "pass" },
  extendPasswords: {
    anonymous: 401,
    user: 403,
    adminNoFlags: 403,
    admin: "pass",
    superAdmin: "pass",
  },
  referenceWrite: { anonymous: 401, user: 403, adminNoFlags: 403, admin: 403, superAdmin: "pass" },
  superAdmin: { anonymous: 401, user: 403, adminNoFlags: 403, admin: 403, superAdmin: "pass" },
};

const OWN_CODE: Record<Caller, string> = {
  anonymous: "NOBODY",
  user: "U1",
  adminNoFlags: "A0",
  admin: "A1",
  superAdmin: "S1",
};

Deno.test("every route of the app has an entry in the role matrix, and every entry a route", async () => {
  const api = await testApi();
  try {
    const served = new Set(
      api.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`),
    );
    for (const route of served) {
      assert.ok(
        ROUTES.some((r) => `${r.method} ${r.path}` === route),
        `${route} has no expectation in the matrix`,
      );
    }
    for (const r of ROUTES) {
      assert.ok(served.has(`${r.method} ${r.path}`), `${r.method} ${r.path} is not served`);
    }
  } finally {
    api.close();
  }
});

Deno.test("each caller gets what the matrix says on every route", async () => {
  const api = await testApi();
  try {
    const tokens = await roleTokens(api);
    await api.account("T9", "user");
    // sign-out last: it ends the caller's session
    const routes = [...ROUTES].sort((a, b) =>
      Number(a.path === "/api/auth/logout") - Number(b.path === "/api/auth/logout")
    );
    for (const route of routes) {
      for (const caller of CALLERS) {
        const code = route.capability === "selfOrManageUsers" ? OWN_CODE[caller] : "T9";
        const path = route.path.replace(":code", code).replace(":list", "dgsl").replace(
          ":id",
          "nosuchid",
        );
        const body = route.method === "GET" || route.method === "DELETE" ? undefined : {};
        const res = await api.call(route.method, path, body, tokens[caller]);
        const expected = EXPECTED[route.capability][caller];
        const where = `${route.method} ${path} as ${caller}`;
        if (expected === "pass") {
          assert.ok(
            res.status !== 401 && res.status !== 403,
            `${where}: got ${res.status} ${res.json.message}`,
          );
          assert.ok(res.status < 500, `${where}: got ${res.status}`);
        } else assert.equal(res.status, expected, `${where}: ${res.json.message}`);
      }
    }
  } finally {
    api.close();
  }
});
