// What an operator does from the server's shell when no administrator can (design 5.3): unlock
// an account, make an account an active super admin (a lost or locked last super admin), or give
// an account a one-time password (a lost password), or remove its second factors (a lost device).
// All are audited with the actor 'operator'.

import { issuePassword } from "../auth/one_time.ts";
import { withSessionsEnded } from "../auth/sessions.ts";
import { clearLock, isLocked, signInKey } from "../auth/signin_state.ts";
import type { SignInState } from "../store/records.ts";
import { audit, auditAt, type AuditSummary } from "../store/audit.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { roleDefaults } from "../rules/flags.ts";
import { updateUser } from "../users/store.ts";
import { getSettings } from "../settings/settings.ts";
import { resetFactors } from "../two_factor/store.ts";
import type { AuditAction } from "../rules/audit.ts";
import { say } from "../rules/messages.ts";

/** The actor of entries made from the server's shell. */
export const OPERATOR = "operator";

async function account(kv: Deno.Kv, code: string) {
  const entry = await kv.get<UserRecord>(keys.user(code.trim().toUpperCase()));
  if (entry.value === null) throw new Error(`no account ${code.trim().toUpperCase()}`);
  return entry as Deno.KvEntry<UserRecord>;
}

/** Clears an account's failed sign-ins and lock; says what it did. */
export async function unlockAccount(kv: Deno.Kv, code: string, now: number): Promise<string> {
  const at = auditAt(now, await getSettings(kv));
  for (;;) {
    const entry = await account(kv, code);
    const c = entry.value.employeeCode;
    const state = (await kv.get<SignInState>(signInKey(c))).value;
    const was = state !== null && isLocked(state, now) ? "was locked" : "was not locked";
    const op = kv.atomic().check(entry);
    await clearLock(kv, op, c);
    const target = entry.value;
    audit(op, at, OPERATOR, "user.unlock", target, say("audit:shell_unlocked", { was }));
    if ((await op.commit()).ok) return `${c} unlocked (${was})`;
  }
}

/** Writes `edit` of an account, unlocked, with the operator's audit entry (read again and retried
 * when another write came between); answers the user as written and what was before. */
async function operatorWrite(
  kv: Deno.Kv,
  code: string,
  now: number,
  edit: (before: UserRecord) => UserRecord,
  action: AuditAction,
  summary: (before: UserRecord) => AuditSummary,
): Promise<UserRecord> {
  const at = auditAt(now, await getSettings(kv));
  for (;;) {
    const entry = await account(kv, code);
    const before = entry.value;
    const after = { ...edit(before), updatedAt: new Date(now).toISOString(), updatedBy: OPERATOR };
    const res = await updateUser(kv, entry, after, async (op) => {
      await clearLock(kv, op, before.employeeCode);
      audit(op, at, OPERATOR, action, before, summary(before));
    });
    if (res.ok) return after;
  }
}

/** Makes an account an active super admin with every permission, unlocked; says what it did. */
export async function promoteAccount(kv: Deno.Kv, code: string, now: number): Promise<string> {
  const after = await operatorWrite(
    kv,
    code,
    now,
    (before) => ({
      ...before,
      role: "super_admin",
      isActive: true,
      activationStatus: "approved",
      ...roleDefaults("super_admin"),
    }),
    "user.promote",
    (before) =>
      `made an active super admin from the server's shell (was ${before.role}, ${
        before.isActive ? "active" : "inactive"
      })`,
  );
  return `${after.employeeCode} is an active super admin`;
}

/** Gives an account a new one-time password (its sessions end, its lock is cleared); says it,
 * with the password, once. */
export async function resetAccountPassword(
  kv: Deno.Kv,
  code: string,
  now: number,
): Promise<string> {
  const issued = await issuePassword(await getSettings(kv), now);
  const after = await operatorWrite(
    kv,
    code,
    now,
    (before) => withSessionsEnded({ ...before, ...issued.fields }),
    "password.reset",
    () => say("audit:shell_one_time"),
  );
  return `${after.employeeCode}: one-time password ${issued.oneTimePassword} (shown once; ` +
    `one sign-in until ${issued.expiresAt}, which must choose a new password)`;
}

/** Removes every second factor of an account (a lost device, and no super admin to reset it):
 * its sessions end; says what it did. */
export async function resetAccountTwoFactor(kv: Deno.Kv, code: string, now: number) {
  const c = (await account(kv, code)).value.employeeCode;
  const out = await resetFactors(
    kv,
    c,
    auditAt(now, await getSettings(kv)),
    OPERATOR,
    (had) => say(had ? "audit:shell_two_factor_had_one" : "audit:shell_two_factor_had_none"),
    false,
  );
  if ("status" in out) throw new Error(out.message);
  return `${c}: two-factor sign-in reset; signed out everywhere`;
}
