// The server's password policy (design 7: one policy, the server's): its minimum length, read
// from GET /api/auth/password-policy and kept in localStorage (persist, stores/persisted.ts), so
// that every password field states and checks the number the server will apply, offline too.

import { create } from "zustand";
import { persist } from "zustand/middleware";
import { DEFAULT_MIN_PASSWORD_LENGTH } from "../../../api/rules/password.ts";
import { api, unwrap } from "../api/client.ts";
import { keptInLocalStorage } from "./persisted.ts";

/** The localStorage key of the policy (an earlier version stored the bare number there). */
export const PASSWORD_POLICY_KEY = "portal.passwordPolicy";

/** Password policy state. */
export interface PasswordPolicyState {
  minLength: number;
  /** Reads the policy from the server (the last one read stays when it cannot be reached). */
  load(): Promise<void>;
}

const length = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? { minLength: value } : null;

/** The password policy store. */
export const usePasswordPolicy = create<PasswordPolicyState>()(persist(
  (set) => ({
    minLength: DEFAULT_MIN_PASSWORD_LENGTH,
    async load() {
      try {
        const { minLength } = await unwrap(api.api.auth["password-policy"].$get());
        set({ minLength });
      } catch {
        // offline: the stored policy stays
      }
    },
  }),
  keptInLocalStorage(PASSWORD_POLICY_KEY, {
    read: (s) => length((s as { minLength?: unknown })?.minLength),
    legacy: (raw) => length(Number(raw)),
  }, (s: PasswordPolicyState) => ({ minLength: s.minLength })),
));
