// Actions on one account: unlock, password reset and extension, and its apps.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { issuePassword, shownOnce } from "../auth/one_time.ts";
import { type Deps, type Env, fail, ok, signedIn, valid, withoutStepUp } from "../http.ts";
import type { Outcome, UserOps } from "./ops.ts";
import type { UserRecord } from "../store/records.ts";
import type { AuditSettings } from "../store/audit.ts";
import { adminAppsProblem } from "../rules/apps.ts";
import { appIds, codeParam, days } from "../rules/user_schemas.ts";
import { passwordExpiryDaysOf } from "../rules/password_policy.ts";
import { adminPasswordProblem, expiryFromNow, extendedExpiry } from "./users.ts";
import { getSettings } from "../settings/settings.ts";
import { say } from "../rules/messages.ts";

/** Sets a new temporary password: a one-time one, or the one the admin typed (design 5.3). */
async function resetPassword(
  c: Context<Env>,
  deps: Deps,
  ops: UserOps,
  code: string,
  newPassword: string | undefined,
) {
  // a password the admin chose: their own password confirmed lately first
  const unconfirmed = newPassword === undefined ? null : withoutStepUp(c, deps);
  if (unconfirmed !== null) return unconfirmed;
  const settings = await getSettings(deps.kv);
  const weak = newPassword === undefined
    ? null
    : adminPasswordProblem(newPassword, { employeeCode: code }, settings.minPasswordLength);
  if (weak !== null) return fail(c, 400, weak);
  const now = deps.now();
  const issued = await issuePassword(settings, now, newPassword);
  const r = await ops.change(
    signedIn(c),
    code,
    { action: true },
    (u) => ({
      ...u,
      ...issued.fields,
      passwordExpiry: expiryFromNow(passwordExpiryDaysOf(settings), now),
    }),
    "password.reset",
    say(newPassword === undefined ? "audit:one_time_password" : "audit:custom_password"),
    {
      ending: { ...ops.always, requestKind: "password-reset" },
      clearsLock: true,
      settings: c.get("settings"),
    },
  );
  return "user" in r
    ? ok(c, { ...ops.present(r.user, r.signIn), ...shownOnce(issued) })
    : fail(c, r.status, r);
}

/** Ends an account's lock, with its audit entry (one account, or each of a bulk unlock), kept
 * for the retention of `settings` (those the request read). */
export function unlockAccount(
  ops: UserOps,
  actor: UserRecord,
  code: string,
  settings: AuditSettings,
): Promise<Outcome> {
  return ops.act(actor, code, "user.unlock", say("users:unlocked"), { clearsLock: true, settings });
}

/** Moves an account's password expiry `d` days on, with its audit entry (one account, or each
 * of a bulk extension), kept for the retention of `settings` (those the request read). */
export function extendAccount(
  ops: UserOps,
  actor: UserRecord,
  code: string,
  d: number,
  settings: AuditSettings,
): Promise<Outcome> {
  const now = ops.deps.now();
  return ops.change(
    actor,
    code,
    { action: true },
    (u) => ({ ...u, passwordExpiry: extendedExpiry(u.passwordExpiry, d, now) }),
    "password.extend",
    say("audit:days", { days: d }),
    { settings },
  );
}

/** Ends an account's lock. */
async function unlock(c: Context<Env>, ops: UserOps, code: string) {
  return ops.answer(c, await unlockAccount(ops, signedIn(c), code, c.get("settings")));
}

/** Moves an account's password expiry `d` days on. */
async function extendPassword(c: Context<Env>, ops: UserOps, code: string, d: number) {
  return ops.answer(c, await extendAccount(ops, signedIn(c), code, d, c.get("settings")));
}

/** Sets the apps an account may open (admin apps only for admin accounts). */
async function assignApps(
  c: Context<Env>,
  ops: UserOps,
  code: string,
  apps: z.infer<typeof appIds>,
) {
  const actor = signedIn(c);
  const found = await ops.target(actor, code, { action: true });
  if (found.error) return fail(c, found.error.status, found.error);
  const problem = adminAppsProblem(found.entry.value.role, apps, "appIds");
  if (problem !== null) return fail(c, 400, problem);
  const r = await ops.change(
    actor,
    code,
    { action: true },
    (u) => ({ ...u, accessibleApps: [...new Set(apps)] }),
    "user.apps",
    apps.join(", ") || "none",
    { settings: c.get("settings") },
  );
  return ops.answer(c, r);
}

/** Routes of the account actions, mounted at /api/users/:code. */
export function accountActionRoutes(deps: Deps, ops: UserOps) {
  return new Hono<Env>()
    .post(
      "/reset-password",
      valid("param", codeParam),
      valid("json", z.object({ newPassword: z.string().min(1).max(200).optional() }).strict()),
      (c) =>
        resetPassword(c, deps, ops, c.req.valid("param").code, c.req.valid("json").newPassword),
    )
    .post(
      "/unlock",
      valid("param", codeParam),
      valid("json", z.object({}).strict()),
      (c) => unlock(c, ops, c.req.valid("param").code),
    )
    .post(
      "/extend-password",
      valid("param", codeParam),
      valid("json", z.object({ days }).strict()),
      (c) => extendPassword(c, ops, c.req.valid("param").code, c.req.valid("json").days),
    )
    .post(
      "/assign-apps",
      valid("param", codeParam),
      valid("json", z.object({ appIds }).strict()),
      (c) => assignApps(c, ops, c.req.valid("param").code, c.req.valid("json").appIds),
    );
}
