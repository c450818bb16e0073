// The sessions of an account: listed, and ended everywhere.

import { type Context, Hono } from "hono";
import { type Deps, type Env, fail, ok, valid } from "../http.ts";
import { liveSessions } from "./sessions.ts";
import type { UserOps } from "../users/ops.ts";
import { codeParam } from "../rules/user_schemas.ts";

/** The live sessions of an account in the caller's scope. */
async function listSessions(c: Context<Env>, deps: Deps, ops: UserOps, code: string) {
  const found = await ops.target(c.get("user")!, code, {});
  if (found.error) return fail(c, found.error.status, found.error.message);
  return ok(c, await liveSessions(deps.kv, found.entry.value, deps.now()));
}

/** Ends every session of an account (one write of the user: its epoch goes up). */
async function endSessions(c: Context<Env>, ops: UserOps, code: string) {
  const r = await ops.act(c.get("user")!, code, "sessions.end", "signed out everywhere", {
    ending: ops.always,
  });
  return "user" in r
    ? ok(c, { message: `All sessions of ${r.user.employeeCode} ended` })
    : fail(c, r.status, r.message);
}

/** Routes of the sessions of an account, mounted at /api/users. */
export function sessionRoutes(deps: Deps, ops: UserOps) {
  return new Hono<Env>()
    .get(
      "/:code/sessions",
      valid("param", codeParam),
      (c) => listSessions(c, deps, ops, c.req.valid("param").code),
    )
    .delete(
      "/:code/sessions",
      valid("param", codeParam),
      (c) => endSessions(c, ops, c.req.valid("param").code),
    );
}
