// The sessions of an account: listed, one ended, or all ended; by an administrator in scope
// (/api/users/:code/sessions) or by the user themself (/api/auth/sessions). And a super admin's
// sign-out of everyone but themselves (/api/auth/sessions/sign-out-everyone, issue 48).

import { type Context, Hono } from "hono";
import { z } from "zod";
import { type Deps, type Env, fail, ok, signedIn, valid } from "../http.ts";
import { endEverySession, endOneSession, liveSessions } from "./sessions.ts";
import type { UserOps } from "../users/ops.ts";
import { codeParam } from "../rules/user_schemas.ts";
import { sessionIdParam } from "../rules/sessions.ts";
import { browserName } from "../rules/user_agent.ts";
import { audit, auditAt } from "../store/audit.ts";
import type { SessionRecord, UserRecord } from "../store/records.ts";
import { type Problem, say } from "../rules/messages.ts";

/** The live sessions of an account in the caller's scope. */
async function listSessions(c: Context<Env>, deps: Deps, ops: UserOps, code: string) {
  const found = await ops.target(signedIn(c), code, {});
  if (found.error) return fail(c, found.error.status, found.error);
  return ok(c, await liveSessions(deps.kv, found.entry.value, deps.now(), c.get("tokenHash")));
}

/** Ends every session of an account (one write of the user: its epoch goes up). */
async function endSessions(c: Context<Env>, ops: UserOps, code: string) {
  const r = await ops.act(signedIn(c), code, "sessions.end", say("audit:signed_out_everywhere"), {
    ending: ops.always,
    settings: c.get("settings"),
  });
  return "user" in r
    ? ok(c, say("sessions:all_ended", { code: r.user.employeeCode }))
    : fail(c, r.status, r);
}

/** Ends every session of every user but the caller's own (a super admin, their password
 * confirmed lately: the guard checks both), audited. */
async function signOutEveryone(c: Context<Env>, deps: Deps) {
  const actor = signedIn(c);
  const now = deps.now();
  const done = await endEverySession(deps.kv, c.get("tokenHash")!, now, (op) => {
    const at = auditAt(now, c.get("settings"));
    audit(op, at, actor, "sessions.end_all", "everyone", say("audit:signed_out_everyone"));
  });
  return done ? ok(c, say("sessions:everyone_out")) : fail(c, 409, "sessions:changed_retry");
}

/** What an audit entry says of an ended session: its browser and address, never its token. */
function endedSummary(s: SessionRecord): Problem {
  const browser = browserName(s.userAgent ?? "");
  return s.address
    ? say("audit:ended_session_from", { browser, address: s.address })
    : say("audit:ended_session", { browser });
}

/** Ends one session of `owner` by its id, audited; `check` joins the write (the owner as the
 * caller's scope check read it). */
async function endOne(
  c: Context<Env>,
  deps: Deps,
  owner: UserRecord,
  id: string,
  check?: Deno.KvEntry<UserRecord>,
) {
  const actor = signedIn(c);
  const now = deps.now();
  const r = await endOneSession(deps.kv, owner, id, now, (op, ended) => {
    if (check !== undefined) op.check(check);
    const at = auditAt(now, c.get("settings"));
    audit(op, at, actor, "sessions.end_one", owner, endedSummary(ended));
  });
  if ("missing" in r) return fail(c, 404, "sessions:not_found");
  if ("changed" in r) return fail(c, 409, "account:changed_reload");
  return ok(c, say("sessions:ended"));
}

/** Ends one session of an account in the caller's scope. */
async function endUserSession(c: Context<Env>, deps: Deps, ops: UserOps, code: string, id: string) {
  // an action on the account: the same target rules as ending all its sessions
  const found = await ops.target(signedIn(c), code, { action: true });
  if (found.error) return fail(c, found.error.status, found.error);
  return await endOne(c, deps, found.entry.value, id, found.entry);
}

/** Routes of the sessions of an account, mounted at /api/users/:code. */
export function sessionRoutes(deps: Deps, ops: UserOps) {
  return new Hono<Env>()
    .get(
      "/sessions",
      valid("param", codeParam),
      (c) => listSessions(c, deps, ops, c.req.valid("param").code),
    )
    .delete(
      "/sessions",
      valid("param", codeParam),
      (c) => endSessions(c, ops, c.req.valid("param").code),
    )
    .delete(
      "/sessions/:id",
      valid("param", codeParam.extend(sessionIdParam.shape)),
      (c) => {
        const { code, id } = c.req.valid("param");
        return endUserSession(c, deps, ops, code, id);
      },
    );
}

/** Routes of the caller's own sessions, mounted at /api/auth: only ever the caller's account,
 * whatever id is named. */
export function ownSessionRoutes(deps: Deps) {
  return new Hono<Env>()
    .get(
      "/sessions",
      async (c) => ok(c, await liveSessions(deps.kv, signedIn(c), deps.now(), c.get("tokenHash"))),
    )
    .delete(
      "/sessions/:id",
      valid("param", sessionIdParam),
      (c) => endOne(c, deps, signedIn(c), c.req.valid("param").id),
    )
    .post(
      "/sessions/sign-out-everyone",
      valid("json", z.object({}).strict()),
      (c) => signOutEveryone(c, deps),
    );
}
