// The server's password policy (design 7: one policy, the server's): its minimum length, how many
// of one's own passwords may not be chosen again, and the days a changed password or an approved
// activation lasts (issue 27), read from GET /api/auth/password-policy and kept in localStorage
// (persist, lib/persisted.ts), so that every password field states and checks the numbers the
// server will apply, offline too.

import { create } from "zustand";
import { persist } from "zustand/middleware";
import { DEFAULT_MIN_PASSWORD_LENGTH } from "../../../../api/rules/password.ts";
import {
  DEFAULT_PASSWORD_EXPIRY_DAYS,
  DEFAULT_PASSWORD_HISTORY,
} from "../../../../api/rules/password_policy.ts";
import { api, unwrap } from "../../lib/api/client.ts";
import { keptInLocalStorage } from "../../lib/persisted.ts";

/** The localStorage key of the policy (an earlier version stored the bare number there). */
export const PASSWORD_POLICY_KEY = "portal.passwordPolicy";

/** What of the policy is kept. */
type Kept = { minLength: number; passwordHistory: number; passwordExpiryDays: number };

/** Password policy state. */
export interface PasswordPolicyState extends Kept {
  /** Reads the policy from the server (the last one read stays when it cannot be reached). */
  load(): Promise<void>;
}

const whole = (value: unknown, min: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= min;

/** The kept policy as stored or answered; one stored before the history and the expiry days
 * gets their defaults. */
function kept(minLength: unknown, history?: unknown, days?: unknown): Kept | null {
  if (!whole(minLength, 1)) return null;
  return {
    minLength,
    passwordHistory: whole(history, 0) ? history : DEFAULT_PASSWORD_HISTORY,
    // 0: passwords never expire (issue 48)
    passwordExpiryDays: whole(days, 0) ? days : DEFAULT_PASSWORD_EXPIRY_DAYS,
  };
}

/** The password policy store. */
export const usePasswordPolicy = create<PasswordPolicyState>()(persist(
  (set) => ({
    minLength: DEFAULT_MIN_PASSWORD_LENGTH,
    passwordHistory: DEFAULT_PASSWORD_HISTORY,
    passwordExpiryDays: DEFAULT_PASSWORD_EXPIRY_DAYS,
    async load() {
      try {
        const p = await unwrap(api.api.auth["password-policy"].$get());
        set(kept(p.minLength, p.passwordHistory, p.passwordExpiryDays) ?? {});
      } catch {
        // offline: the stored policy stays
      }
    },
  }),
  keptInLocalStorage(PASSWORD_POLICY_KEY, {
    read: (s) => {
      const stored = s as Partial<Record<keyof Kept, unknown>> | null;
      return kept(stored?.minLength, stored?.passwordHistory, stored?.passwordExpiryDays);
    },
    legacy: (raw) => kept(Number(raw)),
  }, (s: PasswordPolicyState): Kept => ({
    minLength: s.minLength,
    passwordHistory: s.passwordHistory,
    passwordExpiryDays: s.passwordExpiryDays,
  })),
));
