// A signed-in user's change of their own password, mounted at /api/users: a wrong current password
// is a failed sign-in (counted, audited, locking), a password of the policy's history is refused,
// the new one lasts the settings' days, and the other sessions of the account end.

import { type Context, Hono } from "hono";
import { hashPassword, verifyPassword } from "./auth.ts";
import { type Deps, type Env, fail, ok, valid } from "../http.ts";
import { audit, keys, type UserRecord } from "../store.ts";
import { epochOf, keepSession, withSessionsEnded } from "./sessions.ts";
import { releaseSlot, takeSlot } from "./signin_state.ts";
import { changeBody, codeParam, ownChangeBody } from "../rules/user_schemas.ts";
import { updateUser } from "../users/store.ts";
import { expiryFromNow, getSettings, newPasswordProblem } from "../users/users.ts";
import { lockedAnswer, settleFailure } from "./sign_in.ts";
import { reusesPassword, withHistory } from "./password_history.ts";
import { REUSED_PASSWORD } from "../rules/password.ts";
import { passwordExpiryDaysOf } from "../rules/password_policy.ts";

/** Whose hashing a change is: bounded per account and per session (hash_pool.ts). */
type HashTag = { owners: string[] };

/** A wrong current password: counted like a failed sign-in, and answered. */
async function wrongCurrent(c: Context<Env>, deps: Deps, user: UserRecord, slotId: string) {
  const now = deps.now();
  const code = user.employeeCode;
  const outcome = await settleFailure(deps.kv, code, slotId, now, true, (op, locked, attempt) => {
    const what = locked ? "password.change.locked" : "password.change.failed";
    audit(op, now, user, what, user, `wrong current password, failed attempt ${attempt}`);
  });
  return outcome.kind === "locked"
    ? lockedAnswer(c, outcome)
    : fail(c, 400, "Current password is incorrect");
}

/** Writes the new password; the other sessions of the account end (a new epoch), the one that
 * changed it stays. Null when written, else the refusal. */
async function writeNewPassword(
  c: Context<Env>,
  deps: Deps,
  entry: Deno.KvEntry<UserRecord>,
  newPassword: string,
  tag: HashTag,
) {
  const code = entry.value.employeeCode;
  const settings = await getSettings(deps.kv);
  const problem = await newPasswordProblem(entry.value, newPassword, settings, tag);
  if (problem !== null) return fail(c, 400, problem);
  if (await reusesPassword(entry.value, newPassword, settings, tag)) {
    return fail(c, 400, REUSED_PASSWORD);
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
    audit(op, now, entry.value, "password.change", entry.value, "password changed");
  });
  return res.ok ? null : fail(c, 409, "The account changed meanwhile; please try again");
}

/** Changes the caller's own password and answers. */
async function changeOwnPassword(
  c: Context<Env>,
  deps: Deps,
  currentPassword: string,
  newPassword: string,
) {
  const { kv } = deps;
  const user = c.get("user")!;
  const code = user.employeeCode;
  const tag = { owners: [`account:${code}`, `session:${c.get("tokenHash")}`] };
  // a wrong current password is a failed sign-in: counted, audited, locking (design 5.3)
  const slot = await takeSlot(kv, code, deps.now, true);
  if (slot.kind === "locked") return lockedAnswer(c, slot);
  let settled = false;
  try {
    const entry = await kv.get<UserRecord>(keys.user(code));
    if (entry.value === null) return fail(c, 404, `User ${code} not found`);
    if (!(await verifyPassword(currentPassword, entry.value.passwordHash, tag))) {
      settled = true;
      return await wrongCurrent(c, deps, user, slot.id);
    }
    const refused = await writeNewPassword(
      c,
      deps,
      entry as Deno.KvEntry<UserRecord>,
      newPassword,
      tag,
    );
    return refused ?? ok(c, { message: "Password changed" });
  } finally {
    // a right current password (or a check that never ran) was no failed attempt
    if (!settled) await releaseSlot(kv, code, slot.id);
  }
}

/** The own-password routes, mounted at /api/users. */
export function passwordRoutes(deps: Deps) {
  const ownOnly = (c: Context<Env>) => fail(c, 403, "You can only change your own password");
  return new Hono<Env>()
    .post("/change-password", valid("json", ownChangeBody), (c) => {
      const body = c.req.valid("json");
      if (body.employeeCode !== c.get("user")!.employeeCode) return ownOnly(c);
      return changeOwnPassword(c, deps, body.currentPassword, body.newPassword);
    })
    .post(
      "/:code/change-password",
      valid("param", codeParam),
      valid("json", changeBody),
      (c) => {
        if (c.req.valid("param").code !== c.get("user")!.employeeCode) return ownOnly(c);
        const body = c.req.valid("json");
        return changeOwnPassword(c, deps, body.currentPassword, body.newPassword);
      },
    );
}
