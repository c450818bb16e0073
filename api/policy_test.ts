// The role matrix of design 3, written out here route by route and caller by caller, apart from
// policy.ts: the guard reads ROUTES, this test reads only its own table, so a route labelled with
// the wrong capability in ROUTES answers a caller otherwise than this table says, and fails.

import assert from "node:assert/strict";
import { ROUTES } from "./policy.ts";
import { roleTokens, type TestApi, testApi } from "./test_support.ts";

/** The callers, each a session of its own (admins holding one permission flag each tell apart
 * the capabilities that the flags give). */
const CALLERS = [
  "anonymous",
  "user",
  "adminNoFlags",
  "manager",
  "areaAdmin",
  "extender",
  "admin",
  "superAdmin",
] as const;
type Caller = typeof CALLERS[number];

/** What a route answers each caller, in CALLERS' order: "ok" (any status but 401/403), 401 or
 * 403. */
type Row = readonly ("ok" | 401 | 403)[];

const EVERYONE: Row = ["ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok"];
const SIGNED_IN: Row = [401, "ok", "ok", "ok", "ok", "ok", "ok", "ok"];
const MANAGERS: Row = [401, 403, 403, "ok", 403, 403, "ok", "ok"];
const ADMIN_AREA: Row = [401, 403, 403, 403, "ok", 403, "ok", "ok"];
const EXTENDERS: Row = [401, 403, 403, 403, 403, "ok", "ok", "ok"];
const SUPER_ADMIN: Row = [401, 403, 403, 403, 403, 403, 403, "ok"];
const NOBODY_ELSE: Row = [401, 403, 403, 403, 403, 403, 403, 403];

/** Per route: the answers on another user's account (T9, in every admin's station), and for the
 * routes a user may call on their own account, the answers on the caller's own. */
const MATRIX: Record<string, { other: Row; own?: Row; body?: unknown }> = {
  "GET /health": { other: EVERYONE },
  "GET /health/ready": { other: EVERYONE },
  "POST /api/auth/login": { other: EVERYONE },
  "POST /api/auth/logout": { other: EVERYONE },
  "GET /api/auth/me": { other: SIGNED_IN },
  "GET /api/auth/password-policy": { other: EVERYONE },
  "POST /api/auth/login/second-factor": { other: EVERYONE },
  "POST /api/auth/passkey/options": { other: EVERYONE },
  "POST /api/auth/passkey": { other: EVERYONE },
  "GET /api/auth/two-factor": { other: SIGNED_IN },
  "POST /api/auth/two-factor/totp": { other: SIGNED_IN },
  "POST /api/auth/two-factor/totp/confirm": { other: SIGNED_IN },
  "DELETE /api/auth/two-factor/totp": { other: SIGNED_IN },
  "POST /api/auth/two-factor/passkeys/options": { other: SIGNED_IN },
  "POST /api/auth/two-factor/passkeys": { other: SIGNED_IN },
  "PATCH /api/auth/two-factor/passkeys/:id": { other: SIGNED_IN },
  "DELETE /api/auth/two-factor/passkeys/:id": { other: SIGNED_IN },
  "POST /api/auth/two-factor/recovery-codes": { other: SIGNED_IN },
  "GET /api/auth/sessions": { other: SIGNED_IN },
  "DELETE /api/auth/sessions/:id": { other: SIGNED_IN },
  "POST /api/auth/sessions/sign-out-everyone": { other: SUPER_ADMIN },
  "PUT /api/auth/preferences": { other: SIGNED_IN },
  "POST /api/auth/step-up": { other: SIGNED_IN },
  "POST /api/users/activation-request": { other: EVERYONE },
  "POST /api/users/password-reset-request": { other: EVERYONE },
  "POST /api/users/registration-request": { other: EVERYONE },
  "POST /api/users/change-password": { other: SIGNED_IN },
  "GET /api/users": { other: MANAGERS },
  "GET /api/users/paginated": { other: MANAGERS },
  "GET /api/users/stats": { other: ADMIN_AREA },
  "GET /api/users/expiring": { other: MANAGERS },
  "GET /api/users/export": { other: MANAGERS },
  "GET /api/users/activation-requests": { other: MANAGERS },
  "GET /api/users/password-reset-requests": { other: MANAGERS },
  "GET /api/users/registration-requests": { other: MANAGERS },
  "POST /api/users": { other: MANAGERS },
  "POST /api/users/import": { other: MANAGERS },
  "POST /api/users/bulk": { other: MANAGERS },
  "POST /api/users/bulk-unlock": { other: MANAGERS, body: { filter: { search: "T9" } } },
  "POST /api/users/bulk-extend": {
    other: EXTENDERS,
    body: { filter: { search: "T9" }, days: 30 },
  },
  "GET /api/users/by-employee-code/:code": { other: MANAGERS, own: SIGNED_IN },
  "GET /api/users/:code": { other: MANAGERS, own: SIGNED_IN },
  "PUT /api/users/:code": { other: MANAGERS, own: SIGNED_IN },
  "DELETE /api/users/:code": { other: MANAGERS },
  "POST /api/users/:code/change-password": {
    other: NOBODY_ELSE,
    own: SIGNED_IN,
    // a valid body, so that the answer on another's account is the refusal, not the validation
    body: { currentPassword: "wrong", newPassword: "Another-pass-42" },
  },
  "POST /api/users/:code/approve-activation": { other: MANAGERS },
  "POST /api/users/:code/reject-activation": { other: MANAGERS },
  "POST /api/users/:code/reset-password": { other: MANAGERS },
  "POST /api/users/:code/reject-password-reset": { other: MANAGERS },
  "POST /api/users/:code/approve-registration": { other: MANAGERS },
  "POST /api/users/:code/reject-registration": { other: MANAGERS },
  "POST /api/users/:code/unlock": { other: MANAGERS },
  "POST /api/users/:code/extend-password": { other: EXTENDERS },
  "POST /api/users/:code/assign-apps": { other: MANAGERS },
  "DELETE /api/users/requests/:kind/:code": { other: MANAGERS },
  "GET /api/users/:code/sessions": { other: MANAGERS },
  "DELETE /api/users/:code/sessions": { other: MANAGERS },
  "DELETE /api/users/:code/sessions/:id": { other: MANAGERS },
  "GET /api/users/:code/two-factor": { other: MANAGERS },
  "DELETE /api/users/:code/two-factor": { other: SUPER_ADMIN },
  "GET /api/ffm-to-uws/:list": { other: SIGNED_IN },
  "POST /api/ffm-to-uws/:list": { other: SUPER_ADMIN },
  "PUT /api/ffm-to-uws/:list/:id": { other: SUPER_ADMIN },
  "DELETE /api/ffm-to-uws/:list/:id": { other: SUPER_ADMIN },
  "GET /api/settings": { other: SUPER_ADMIN },
  "GET /api/settings/public": { other: SIGNED_IN },
  "PUT /api/settings": { other: SUPER_ADMIN },
  "GET /api/audit": { other: ADMIN_AREA },
  "GET /api/audit/export": { other: ADMIN_AREA },
};

const OWN_CODE: Record<Caller, string> = {
  anonymous: "NOBODY",
  user: "U1",
  adminNoFlags: "A0",
  manager: "M1",
  areaAdmin: "R1",
  extender: "E1",
  admin: "A1",
  superAdmin: "S1",
};

/** A session of every caller. */
async function callerTokens(api: TestApi): Promise<Record<Caller, string | undefined>> {
  const none = {
    canManageUsers: false,
    canAccessAdminApps: false,
    canExtendPasswords: false,
    canViewAllStations: false,
  };
  return {
    ...await roleTokens(api),
    manager: await api.account("M1", "admin", { ...none, canManageUsers: true }),
    areaAdmin: await api.account("R1", "admin", { ...none, canAccessAdminApps: true }),
    extender: await api.account("E1", "admin", { ...none, canExtendPasswords: true }),
  };
}

/** Calls a route as each caller and checks each answer against its row. */
async function walk(
  api: TestApi,
  tokens: Record<Caller, string | undefined>,
  route: { method: string; path: string; body?: unknown },
  row: Row,
  code: (caller: Caller) => string,
) {
  for (const [i, caller] of CALLERS.entries()) {
    const path = route.path.replace(":code", code(caller)).replace(":list", "dgsl")
      .replace(":id", "nosuchid").replace(":kind", "activation");
    const body = route.method === "GET" || route.method === "DELETE" ? undefined : route.body ?? {};
    const res = await api.call(route.method, path, body, tokens[caller]);
    const where = `${route.method} ${path} as ${caller}`;
    if (row[i] === "ok") {
      assert.ok(
        res.status !== 401 && res.status !== 403,
        `${where}: got ${res.status} ${res.json.message}`,
      );
      assert.ok(res.status < 500, `${where}: got ${res.status}`);
    } else assert.equal(res.status, row[i], `${where}: ${res.json.message}`);
  }
}

Deno.test("every route the app serves, and every route of ROUTES, has a row in the matrix", async () => {
  const api = await testApi();
  try {
    const served = new Set(
      api.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`),
    );
    const listed = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    for (const route of served) assert.ok(route in MATRIX, `${route} has no row in the matrix`);
    for (const route of listed) assert.ok(route in MATRIX, `${route} of ROUTES has no row`);
    for (const route of Object.keys(MATRIX)) {
      assert.ok(served.has(route), `${route} is not served`);
      assert.ok(listed.has(route), `${route} is not in ROUTES`);
    }
  } finally {
    api.close();
  }
});

Deno.test("each caller gets what the matrix says on every route", async () => {
  const api = await testApi();
  try {
    const tokens = await callerTokens(api);
    await api.account("T9", "user");
    // sign-out last: it ends the caller's session; before it the sign-out of everyone, which
    // the super admin (the last caller) makes after the others' turns
    const last = ["/api/auth/sessions/sign-out-everyone", "/api/auth/logout"];
    const routes = Object.keys(MATRIX).map((key) => {
      const [method, path] = key.split(" ");
      return { method, path, ...MATRIX[key] };
    }).sort((a, b) => last.indexOf(a.path) - last.indexOf(b.path));
    for (const route of routes) {
      if (route.own !== undefined) await walk(api, tokens, route, route.own, (c) => OWN_CODE[c]);
      await walk(api, tokens, route, route.other, () => "T9");
    }
  } finally {
    api.close();
  }
});
