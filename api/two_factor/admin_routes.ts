// Administrators and an account's second factors, mounted at /api/users (issue 26): who has one
// (no secret is ever answered), and a super admin's reset of them for a user who lost their
// device: audited, and the user's sessions end with it.

import { type Context, Hono } from "hono";
import { type Deps, type Env, fail, ok, signedIn, valid } from "../http.ts";
import { codeParam } from "../rules/user_schemas.ts";
import type { UserOps } from "../users/ops.ts";
import { getSettings } from "../settings/settings.ts";
import { auditAt } from "../store/audit.ts";
import { statusOf } from "./status.ts";
import { readTwoFactor, resetFactors } from "./store.ts";
import { say } from "../rules/messages.ts";

/** The second factors of an account in the caller's scope. */
async function statusOfUser(c: Context<Env>, deps: Deps, ops: UserOps, code: string) {
  const found = await ops.target(signedIn(c), code, {});
  if (found.error) return fail(c, found.error.status, found.error);
  const record = (await readTwoFactor(deps.kv, code)).value;
  return ok(c, statusOf(record, found.entry.value, await getSettings(deps.kv)));
}

/** Removes every second factor of an account (its owner sets one up again at their next
 * sign-in when the policy requires it) and ends its sessions. */
async function resetTwoFactor(c: Context<Env>, deps: Deps, ops: UserOps, code: string) {
  const actor = signedIn(c);
  if (actor.employeeCode === code) {
    return fail(c, 403, "two_factor:own_reset");
  }
  const found = await ops.target(actor, code, {});
  if (found.error) return fail(c, found.error.status, found.error);
  const out = await resetFactors(
    deps.kv,
    code,
    auditAt(deps.now(), c.get("settings")),
    actor,
    () => say("audit:two_factor_reset"),
    true,
  );
  if ("status" in out) return fail(c, out.status, out);
  return ok(c, say("two_factor:reset_done", { code }));
}

/** Routes of administrators and the second factors of accounts, mounted at /api/users/:code. */
export function twoFactorAdminRoutes(deps: Deps, ops: UserOps) {
  return new Hono<Env>()
    .get(
      "/two-factor",
      valid("param", codeParam),
      (c) => statusOfUser(c, deps, ops, c.req.valid("param").code),
    )
    .delete(
      "/two-factor",
      valid("param", codeParam),
      (c) => resetTwoFactor(c, deps, ops, c.req.valid("param").code),
    );
}
