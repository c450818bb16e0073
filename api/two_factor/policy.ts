// The super admin's two-factor policy applied to one account (issue 26): whether it must have a
// second factor, and until when it may still sign in without one.

import { DEFAULT_GRACE_DAYS, requiresTwoFactor } from "../rules/two_factor.ts";
import type { Settings, UserRecord } from "../store/records.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an account the policy requires a second factor of, and that has none, must have set one
 * up (ms); null when the policy asks nothing of it. The grace period runs from when the policy
 * last came to require more. */
export function setupDeadline(
  settings: Pick<Settings, "twoFactorPolicy" | "twoFactorRequiredSince" | "twoFactorGraceDays">,
  user: UserRecord,
): number | null {
  if (user.twoFactorEnabled || !requiresTwoFactor(settings.twoFactorPolicy, user.role)) return null;
  const since = Date.parse(settings.twoFactorRequiredSince ?? "") || 0;
  return since + (settings.twoFactorGraceDays ?? DEFAULT_GRACE_DAYS) * DAY_MS;
}
