// A signed-in user's change of their own password, mounted at /api/users: a wrong current password
// is a failed sign-in (counted, audited, locking), a password of the policy's history is refused,
// the new one lasts the settings' days, and the other sessions of the account end.

import { type Context, Hono } from "hono";
import { hashPassword } from "./auth.ts";
import { type Deps, type Env, fail, ok, signedIn, valid } from "../http.ts";
import { audit, auditAt } from "../store/audit.ts";
import type { UserRecord } from "../store/records.ts";
import { epochOf, keepSession, withSessionsEnded } from "./sessions.ts";
import { changeBody, codeParam, ownChangeBody } from "../rules/user_schemas.ts";
import { updateUser } from "../users/store.ts";
import { expiryFromNow, newPasswordProblem } from "../users/users.ts";
import { getSettings } from "../settings/settings.ts";
import type { JobTag } from "./hash_pool.ts";
import { withPassword, type WrongPasswordAudit } from "./step_up.ts";
import { reusesPassword, withHistory } from "./password_history.ts";
import { passwordExpiryDaysOf } from "../rules/password_policy.ts";
import { say } from "../rules/messages.ts";

/** How a wrong current password on a password change is audited. */
const PASSWORD_CHANGE: WrongPasswordAudit = {
  failed: "password.change.failed",
  locked: "password.change.locked",
};

/** Writes the new password; the other sessions of the account end (a new epoch), the one that
 * changed it stays. Null when written, else the refusal. */
async function writeNewPassword(
  c: Context<Env>,
  deps: Deps,
  entry: Deno.KvEntry<UserRecord>,
  newPassword: string,
  tag: JobTag,
) {
  const code = entry.value.employeeCode;
  const settings = await getSettings(deps.kv);
  const problem = await newPasswordProblem(entry.value, newPassword, settings, tag);
  if (problem !== null) return fail(c, 400, problem);
  if (await reusesPassword(entry.value, newPassword, settings, tag)) {
    return fail(c, 400, "password:reused");
  }
  const now = deps.now();
  const iso = new Date(now).toISOString();
  // the history is on the record: written in the same atomic operation as the password
  const after = withSessionsEnded({
    ...withHistory(entry.value, await hashPassword(newPassword, tag), settings),
    lastPasswordChange: iso,
    passwordExpiry: expiryFromNow(passwordExpiryDaysOf(settings), now),
    needsPasswordChange: false,
    temporaryPassword: null,
    updatedAt: iso,
    updatedBy: code,
  });
  const session = c.get("session");
  const tokenHash = c.get("tokenHash");
  const res = await updateUser(deps.kv, entry, after, (op) => {
    if (session !== null && tokenHash !== null) {
      keepSession(op, session, tokenHash, epochOf(after));
    }
    const at = auditAt(now, settings);
    audit(op, at, entry.value, "password.change", entry.value, say("audit:password_changed"));
  });
  return res.ok ? null : fail(c, 409, "account:changed_retry");
}

/** Changes the caller's own password and answers; a wrong current password is a failed sign-in
 * (design 5.3). */
function changeOwnPassword(
  c: Context<Env>,
  deps: Deps,
  currentPassword: string,
  newPassword: string,
) {
  return withPassword(c, deps, currentPassword, PASSWORD_CHANGE, async (entry, tag) => {
    const refused = await writeNewPassword(c, deps, entry, newPassword, tag);
    return refused ?? ok(c, { message: "Password changed" });
  });
}

/** The answer to a change of another account's password here. */
const ownOnly = (c: Context<Env>) => fail(c, 403, "password:own_only");

/** The own-password route that names the account in its body, mounted at /api/users. */
export function passwordRoutes(deps: Deps) {
  return new Hono<Env>()
    .post("/change-password", valid("json", ownChangeBody), (c) => {
      const body = c.req.valid("json");
      if (body.employeeCode !== signedIn(c).employeeCode) return ownOnly(c);
      return changeOwnPassword(c, deps, body.currentPassword, body.newPassword);
    });
}

/** The own-password route that names the account in its path, mounted at /api/users/:code. */
export function accountPasswordRoutes(deps: Deps) {
  return new Hono<Env>()
    .post(
      "/change-password",
      valid("param", codeParam),
      valid("json", changeBody),
      (c) => {
        if (c.req.valid("param").code !== signedIn(c).employeeCode) return ownOnly(c);
        const body = c.req.valid("json");
        return changeOwnPassword(c, deps, body.currentPassword, body.newPassword);
      },
    );
}
