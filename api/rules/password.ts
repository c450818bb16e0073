// The password policy, one for the whole portal (design 7): the server's minimum length, stated
// and checked the same way in every password form and on the server. Pure: no Deno, KV or Hono.

/** The minimum length when the server's setting is not known yet (the setting's default). */
export const DEFAULT_MIN_PASSWORD_LENGTH = 8;

/** The policy as one sentence, for the text next to every password field. */
export function passwordRule(minLength: number): string {
  return `A password has at least ${minLength} characters.`;
}

/** Why a new password does not meet the policy, or null when it does. */
export function passwordProblem(password: string, minLength: number): string | null {
  return password.length < minLength ? `Password must be at least ${minLength} characters` : null;
}

/** What a session that must change its password gets from every other route (design 5.3). */
export const CHANGE_PASSWORD_FIRST = "Change your password first";

/** Whether a signed-in user must change their password before anything else: signed in with the
 * default password, or their password expired since they signed in. */
export function mustChangePassword(
  user: { needsPasswordChange: boolean; passwordExpiry: string | null },
  now: number,
): boolean {
  return user.needsPasswordChange ||
    (user.passwordExpiry !== null && Date.parse(user.passwordExpiry) < now);
}
