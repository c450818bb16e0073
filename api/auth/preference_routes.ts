// A user's own preferences (issue 28): PUT /api/auth/preferences changes language, theme,
// notifications or timezone of the signed-in account, and no other. The route names no account:
// the session says whose preferences change, so no caller can reach another's.

import { Hono } from "hono";
import { type Deps, type Env, fail, ok, signedIn, valid } from "../http.ts";
import { preferencesBody, preferencesOf } from "../rules/preferences.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { updateUser } from "../users/store.ts";

/** The own-preferences route, mounted under /api/auth. */
export function preferenceRoutes(deps: Deps) {
  return new Hono<Env>().put("/preferences", valid("json", preferencesBody), async (c) => {
    const code = signedIn(c).employeeCode;
    const change = c.req.valid("json");
    // a concurrent write of the account (a sign-in, an admin's edit) makes the commit fail: read
    // it again and apply the change to what is there now
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = await deps.kv.get<UserRecord>(keys.user(code));
      if (before.value === null) return fail(c, 404, "users:not_found_plain");
      const preferences = { ...preferencesOf(before.value.preferences), ...change };
      const written = await updateUser(deps.kv, before, { ...before.value, preferences });
      if (written.ok) return ok(c, { preferences });
    }
    return fail(c, 409, "account:changed_reload");
  });
}
