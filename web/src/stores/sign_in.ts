// The sign-in form's call and texts: the spec's checks before sending, and what a refusal says
// (the lockout message's time in the account's timezone, like every other time).

import { create } from "zustand";
import { ApiError } from "../api/client.ts";
import { zonedText } from "../time.ts";
import { timeZoneFor } from "./preferences.ts";
import { type SessionUser, useSession } from "./session.ts";

/** The sign-in form's state and action. */
export interface SignInState {
  error: string;
  busy: boolean;
  /** Checks and signs in; resolves to the user, or null with `error` set. */
  signIn(employeeCode: string, password: string): Promise<SessionUser | null>;
}

/** The text of a refused sign-in: the server's (its time in the account's zone), or the spec's. */
function refusalText(err: unknown, code: string): string {
  if (!(err instanceof ApiError) || err.status === 0) return "Login failed. Please try again.";
  return zonedText(err.message, timeZoneFor(code)) ||
    "Login failed. Please check your credentials.";
}

/** The sign-in form's store. */
export const useSignIn = create<SignInState>()((set) => ({
  error: "",
  busy: false,
  async signIn(employeeCode, password) {
    const code = employeeCode.trim();
    const missing = code === ""
      ? "Please enter your employee code"
      : password === ""
      ? "Please enter your password"
      : "";
    if (missing !== "") {
      set({ error: missing });
      return null;
    }
    set({ busy: true, error: "" });
    try {
      return await useSession.getState().login(code, password);
    } catch (err) {
      set({ error: refusalText(err, code) });
      return null;
    } finally {
      set({ busy: false });
    }
  },
}));
