// The server's password policy (design 7: one policy, the server's): its minimum length, read
// from GET /api/auth/password-policy and kept in localStorage, so that every password field
// states and checks the number the server will apply, offline too.

import { create } from "zustand";
import { DEFAULT_MIN_PASSWORD_LENGTH } from "../../../api/rules/password.ts";
import { api, unwrap } from "../api/client.ts";

const STORAGE_KEY = "portal.passwordPolicy";

function stored(): number {
  try {
    const value = Number(globalThis.localStorage?.getItem(STORAGE_KEY));
    return Number.isInteger(value) && value > 0 ? value : DEFAULT_MIN_PASSWORD_LENGTH;
  } catch {
    return DEFAULT_MIN_PASSWORD_LENGTH;
  }
}

/** Password policy state. */
export interface PasswordPolicyState {
  minLength: number;
  /** Reads the policy from the server (the last one read stays when it cannot be reached). */
  load(): Promise<void>;
}

/** The password policy store. */
export const usePasswordPolicy = create<PasswordPolicyState>()((set) => ({
  minLength: stored(),
  async load() {
    try {
      const { minLength } = await unwrap(api.api.auth["password-policy"].$get());
      set({ minLength });
      globalThis.localStorage?.setItem(STORAGE_KEY, String(minLength));
    } catch {
      // offline: the stored policy stays
    }
  },
}));
