// The password policy, one for the whole portal (design 5.3 and 7): the server's minimum length,
// not a common or easily guessed password, not containing the employee code or a name; stated and
// checked the same way in every password form and on the server. Pure: no Deno, KV or Hono. The
// common-password check needs a large dictionary, so it lives in password_strength.ts, which the
// web loads only on its password screens.

import { MESSAGES, type Problem, say } from "./messages.ts";

/** Hours a one-time password lasts when the settings do not say (design 5.3). */
export const ONE_TIME_PASSWORD_HOURS = 72;

/** The minimum length when the server's setting is not known yet (the setting's default). */
export const DEFAULT_MIN_PASSWORD_LENGTH = 8;

/** The policy, for the text next to every password field; `remembered` (the history's length)
 * only where users choose their own password (an administrator's is never checked against it). */
export function passwordRule(minLength: number, remembered = 0): Problem {
  return remembered > 0
    ? say("password:rule_remembered", { minLength, remembered })
    : say("password:rule", { minLength });
}

/** The refusal of one of the user's own latest passwords (the policy's history). */
export const REUSED_PASSWORD = MESSAGES["password:reused"];

/** Whose password it is: what it must not contain. */
export interface PasswordOwner {
  employeeCode: string;
  firstName?: string;
  lastName?: string;
  fullName?: string;
}

/** Shorter codes and names occur by chance in too many words ("ali" in "quality"). */
const MIN_CODE = 3;
const MIN_NAME = 4;

/** The owner's code (3+ characters) and the words of their names (4+), lower case. */
export function ownerWords(owner: PasswordOwner): string[] {
  const code = owner.employeeCode.trim().toLowerCase();
  const names = [owner.firstName, owner.lastName, owner.fullName].join(" ").toLowerCase()
    .split(/[\s,]+/).filter((w) => w.length >= MIN_NAME);
  return [...new Set([...(code.length >= MIN_CODE ? [code] : []), ...names])];
}

/** Whether the password contains the owner's code or a name of theirs, in any case. */
export function containsOwner(password: string, owner: PasswordOwner): boolean {
  const lower = password.toLowerCase();
  return ownerWords(owner).some((w) => lower.includes(w));
}

/** The inputs of a password change. */
export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

/**
 * The spec's first failing rule of a password change (the catalogue's message), or null (spec 001
 * section 5, with the configured length for the spec's 6). The forced change screen and the
 * profile word two rules differently, hence `forced`.
 */
export function passwordChangeProblem(
  values: PasswordChange,
  forced: boolean,
  minLength: number,
): Problem | null {
  if (values.current === "") return say("password:enter_current");
  if (forced && values.next === "") return say("password:enter_new");
  if (values.next.length < minLength) {
    return say(forced ? "password:new_too_short_long" : "password:new_too_short", { minLength });
  }
  if (values.next !== values.confirm) return say("password:mismatch");
  return null;
}

/** Why a new password does not meet the policy (the catalogue's message), or null when it does. */
export function passwordLength(password: string, minLength: number): Problem | null {
  return password.length < minLength ? say("password:too_short", { minLength }) : null;
}

/** Why a signed-in user must change their password: a one-time password, one an administrator
 * typed (or the operator's PORTAL_ADMIN_PASSWORD), or an expired one. */
export type ForcedChangeReason = "one-time" | "admin-set" | "expired";

/** The forced change screen's subtitle for each reason, and for a session that does not say
 * (the catalogue's messages). */
export const FORCED_CHANGE_SUBTITLES: Record<ForcedChangeReason | "unknown", Problem> = {
  "one-time": say("password:forced:one-time"),
  "admin-set": say("password:forced:admin-set"),
  expired: say("password:forced:expired"),
  unknown: say("password:forced:unknown"),
};

/** Why the user must change their password now, or null when they need not. */
export function forcedChangeReason(
  user: {
    needsPasswordChange: boolean;
    passwordExpiry: string | null;
    temporaryPassword?: { kind: "one-time" | "admin-set" } | null;
  },
  now: number,
): ForcedChangeReason | null {
  if (user.needsPasswordChange) {
    return user.temporaryPassword?.kind === "one-time" ? "one-time" : "admin-set";
  }
  return mustChangePassword(user, now) ? "expired" : null;
}

/** Whether a signed-in user must change their password before anything else: signed in with the
 * a one-time or administrator-set password, or their password expired since they signed in. */
export function mustChangePassword(
  user: { needsPasswordChange: boolean; passwordExpiry: string | null },
  now: number,
): boolean {
  return user.needsPasswordChange ||
    (user.passwordExpiry !== null && Date.parse(user.passwordExpiry) < now);
}
