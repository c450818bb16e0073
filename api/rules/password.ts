// The password policy, one for the whole portal (design 7): the server's minimum length, stated
// and checked the same way in every password form and on the server. Pure: no Deno, KV or Hono.

/** Hours a one-time password lasts when the settings do not say (design 5.3). */
export const ONE_TIME_PASSWORD_HOURS = 72;

/** The minimum length when the server's setting is not known yet (the setting's default). */
export const DEFAULT_MIN_PASSWORD_LENGTH = 8;

/** The policy as one sentence, for the text next to every password field. */
export function passwordRule(minLength: number): string {
  return `A password has at least ${minLength} characters.`;
}

/** The inputs of a password change. */
export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

/**
 * The spec's first failing rule of a password change, or "" (spec 001 section 5, with the
 * configured length for the spec's 6). The forced change screen and the profile word two rules
 * differently, hence `forced`.
 */
export function passwordChangeProblem(
  values: PasswordChange,
  forced: boolean,
  minLength: number,
): string {
  if (values.current === "") return "Please enter your current password";
  if (forced && values.next === "") return "Please enter a new password";
  if (values.next.length < minLength) {
    return forced
      ? `New password must be at least ${minLength} characters long`
      : `New password must be at least ${minLength} characters`;
  }
  if (values.next !== values.confirm) return "New passwords do not match";
  return "";
}

/** Why a new password does not meet the policy, or null when it does. */
export function passwordProblem(password: string, minLength: number): string | null {
  return password.length < minLength ? `Password must be at least ${minLength} characters` : null;
}

/** What a session that must change its password gets from every other route (design 5.3). */
export const CHANGE_PASSWORD_FIRST = "Change your password first";

/** Whether a signed-in user must change their password before anything else: signed in with the
 * a one-time or administrator-set password, or their password expired since they signed in. */
export function mustChangePassword(
  user: { needsPasswordChange: boolean; passwordExpiry: string | null },
  now: number,
): boolean {
  return user.needsPasswordChange ||
    (user.passwordExpiry !== null && Date.parse(user.passwordExpiry) < now);
}
