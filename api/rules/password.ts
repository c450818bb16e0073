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
