// The sessions of an account: listed, and ended everywhere.

import { Hono } from "hono";
import { type Deps, type Env, fail, ok, valid } from "../http.ts";
import { liveSessions } from "./sessions.ts";
import type { UserOps } from "../users/ops.ts";
import { codeParam } from "../rules/user_schemas.ts";

/** Routes of the sessions of an account. */
export function sessionRoutes(deps: Deps, ops: UserOps) {
  const { kv } = deps;
  const { target, change, always } = ops;
  return new Hono<Env>()
    .get(
      "/api/users/:code/sessions",
      valid("param", codeParam),
      async (c) => {
        const code = c.req.valid("param").code;
        const found = await target(c.get("user")!, code, {});
        if (found.error) return fail(c, found.error.status, found.error.message);
        const sessions = await liveSessions(kv, found.entry.value, deps.now());
        return ok(c, sessions);
      },
    )
    .delete(
      "/api/users/:code/sessions",
      valid("param", codeParam),
      async (c) => {
        const r = await change(
          c.get("user")!,
          c.req.valid("param").code,
          { action: true },
          (u) => u,
          "sessions.end",
          "signed out everywhere",
          { ending: always },
        );
        return "user" in r
          ? ok(c, { message: `All sessions of ${r.user.employeeCode} ended` })
          : fail(c, r.status, r.message);
      },
    );
}
