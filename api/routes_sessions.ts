// The sessions of an account: listed, and ended everywhere.

import { Hono } from "hono";
import { type Deps, type Env, fail, ok, valid } from "./http.ts";
import { keys, type SessionRecord } from "./store.ts";
import type { UserOps } from "./user_ops.ts";
import { codeParam } from "./user_schemas.ts";

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
        const sessions: { createdAt: string; expiresAt: string }[] = [];
        for await (const s of kv.list({ prefix: [...keys.userSessions(code)] })) {
          const record = await kv.get<SessionRecord>(keys.session(s.key[2] as string));
          if (record.value !== null && record.value.expiresAt > deps.now()) {
            sessions.push({
              createdAt: new Date(record.value.createdAt).toISOString(),
              expiresAt: new Date(record.value.expiresAt).toISOString(),
            });
          }
        }
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
          always,
        );
        return "user" in r
          ? ok(c, { message: `All sessions of ${r.user.employeeCode} ended` })
          : fail(c, r.status, r.message);
      },
    );
}
