// The caller's password asked again before a change a session alone may not make (design 5.3):
// a change of the password itself, and of the second factors, with the password in the change's
// own body; and the re-authentication that lets the session make the administrators' weightiest
// changes for a few minutes (rules/step_up.ts). A wrong password there is a failed sign-in
// (counted, audited, locking), so a left-open or stolen session is no password oracle.

import type { Context } from "hono";
import { verifyPassword } from "./auth.ts";
import { type Deps, type Env, fail, ok, signedIn } from "../http.ts";
import type { AuditAction } from "../rules/audit.ts";
import { audit, auditAt, type AuditSettings } from "../store/audit.ts";
import { keys } from "../store/keys.ts";
import type { SessionRecord, UserRecord } from "../store/records.ts";
import { STEP_UP_MS } from "../rules/step_up.ts";
import { epochOf } from "./sessions.ts";
import type { JobTag } from "./hash_pool.ts";
import { releaseSlot, takeSlot } from "./signin_state.ts";
import { lockedAnswer, settleFailure } from "./sign_in.ts";
import { say } from "../rules/messages.ts";

/** How a wrong password of one kind of change is audited: the action of a failure, and of the
 * failure that locked the account. */
export interface WrongPasswordAudit {
  failed: AuditAction;
  locked: AuditAction;
}

/** A wrong password: counted like a failed sign-in, audited, and answered. */
async function wrongPassword(
  c: Context<Env>,
  deps: Deps,
  user: UserRecord,
  slotId: string,
  actions: WrongPasswordAudit,
) {
  const now = deps.now();
  const outcome = await settleFailure(
    deps.kv,
    user.employeeCode,
    slotId,
    now,
    true,
    (op, locked, attempt) => {
      const what = locked ? actions.locked : actions.failed;
      const at = auditAt(now, c.get("settings"));
      audit(op, at, user, what, user, say("audit:wrong_current_password", { n: String(attempt) }));
    },
  );
  return outcome.kind === "locked"
    ? lockedAnswer(c, outcome)
    : fail(c, 400, "password:current_wrong");
}

/** Runs `act` once the caller's password is confirmed, given the account as it was read and the
 * hashing's tag (per account and per session); answers the refusal otherwise (locked, unknown,
 * wrong). A right password clears no count of failures: it only frees its slot. */
export async function withPassword<Answer>(
  c: Context<Env>,
  deps: Deps,
  password: string,
  actions: WrongPasswordAudit,
  act: (entry: Deno.KvEntry<UserRecord>, tag: JobTag) => Promise<Answer>,
) {
  const { kv } = deps;
  const user = signedIn(c);
  const code = user.employeeCode;
  const tag: JobTag = { owners: [`account:${code}`, `session:${c.get("tokenHash")}`] };
  const slot = await takeSlot(kv, code, deps.now, true);
  if (slot.kind === "locked") return lockedAnswer(c, slot);
  let settled = false;
  try {
    const entry = await kv.get<UserRecord>(keys.user(code));
    if (entry.value === null) return fail(c, 404, "users:not_found", { code });
    if (!(await verifyPassword(password, entry.value.passwordHash, tag))) {
      settled = true;
      return await wrongPassword(c, deps, user, slot.id, actions);
    }
    return await act(entry as Deno.KvEntry<UserRecord>, tag);
  } finally {
    // a right password (or a check that never ran) was no failed attempt
    if (!settled) await releaseSlot(kv, code, slot.id);
  }
}

/** How a wrong password on a re-authentication is audited. */
const REAUTH: WrongPasswordAudit = { failed: "reauth.failed", locked: "reauth.locked" };

/** Marks the caller's session re-authenticated now, checked against the account as the password
 * check read it (a password change or sessions ended since leave it as it was); null when the
 * session is gone or changed meanwhile. The audit entry is kept for the retention of `settings`
 * (the session's). */
async function markSession(
  deps: Deps,
  tokenHash: string,
  user: Deno.KvEntry<UserRecord>,
  settings: AuditSettings,
) {
  const { kv } = deps;
  // a lost race with the session's own touch is tried again: the touch changed nothing that counts
  for (let round = 0; round < 3; round++) {
    const entry = await kv.get<SessionRecord>(keys.session(tokenHash));
    const s = entry.value;
    const now = deps.now();
    if (s === null || (s.epoch ?? 0) !== epochOf(user.value) || s.expiresAt <= now) return null;
    const op = kv.atomic().check(entry).check(user)
      .set(entry.key, { ...s, steppedUpAt: now }, { expireIn: Math.max(1, s.expiresAt - now) });
    const at = auditAt(now, settings);
    audit(op, at, user.value, "reauth.success", user.value, say("audit:password_confirmed"));
    if ((await op.commit()).ok) return now;
  }
  return null;
}

/** Confirms the caller's password for their session (POST /api/auth/step-up): the changes that
 * ask for a re-authentication are allowed in it for STEP_UP_MS; answers until when. */
export function stepUp(c: Context<Env>, deps: Deps, password: string) {
  return withPassword(c, deps, password, REAUTH, async (entry) => {
    const tokenHash = c.get("tokenHash");
    const at = tokenHash === null
      ? null
      : await markSession(deps, tokenHash, entry, c.get("settings"));
    if (at === null) return fail(c, 409, "auth:session_changed");
    return ok(c, { confirmedUntil: new Date(at + STEP_UP_MS).toISOString() });
  });
}
