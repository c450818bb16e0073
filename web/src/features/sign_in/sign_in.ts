// The sign-in form's call and texts: the spec's checks before sending, and what a refusal says
// (the lockout message's time in the account's timezone, like every other time). A password that
// needs a second factor starts the second step (second_step.ts); a passkey alone signs in
// without a password.

import { create } from "zustand";
import { ApiError } from "../../lib/api/client.ts";
import { SHELL_LOGIN } from "./texts/shell_login.ts";
import { text } from "../../i18n/i18n.ts";
import { type ServerMessage, serverText } from "../../i18n/server_text.ts";
import { passkeyFailure } from "../two_factor/passkey.ts";
import { DEFAULT_TIME_ZONE, zonedMessage } from "../../lib/time.ts";
import { timeZoneFor } from "../profile/preferences.ts";
import { passkeySignIn, useSecondStep } from "./second_step.ts";
import { type SessionUser, useSession } from "../shell/session.ts";

/** The sign-in form's state and action. */
export interface SignInState {
  /** The refusal shown: a text in the language shown, or the server's message (main.tsx). */
  error: string | ServerMessage;
  busy: boolean;
  /** Checks and signs in; resolves to the user, or null with `error` set or the second step
   * begun. */
  signIn(employeeCode: string, password: string): Promise<SessionUser | null>;
  /** Signs in with a passkey alone; resolves to the user, or null with `error` set. */
  signInWithPasskey(): Promise<SessionUser | null>;
}

/** The text of a refused sign-in: the server's (its time in the account's zone), or the spec's;
 * in the language shown. */
function refusalText(err: unknown, code: string): string {
  if (!(err instanceof ApiError) || err.status === 0) return text(SHELL_LOGIN, "failedRetry");
  return serverText(zonedMessage(err, timeZoneFor(code))) ||
    text(SHELL_LOGIN, "failedCheck");
}

/** The sign-in form's store. */
export const useSignIn = create<SignInState>()((set, get) => ({
  error: "",
  busy: false,
  async signIn(employeeCode, password) {
    const code = employeeCode.trim();
    const missing = code === ""
      ? text(SHELL_LOGIN, "enterCode")
      : password === ""
      ? text(SHELL_LOGIN, "enterPassword")
      : "";
    if (missing !== "") {
      set({ error: missing });
      return null;
    }
    set({ busy: true, error: "" });
    useSecondStep.getState().cancel();
    try {
      const outcome = await useSession.getState().login(code, password);
      if (outcome.secondFactor !== undefined) {
        useSecondStep.getState().begin(outcome.secondFactor, code);
        return null;
      }
      return outcome.user;
    } catch (err) {
      set({ error: refusalText(err, code) });
      return null;
    } finally {
      set({ busy: false });
    }
  },
  async signInWithPasskey() {
    if (get().busy) return null;
    set({ busy: true, error: "" });
    useSecondStep.getState().cancel();
    try {
      const { user } = await passkeySignIn();
      useSession.getState().signedIn(user);
      return user;
    } catch (err) {
      const failure = passkeyFailure(err, text(SHELL_LOGIN, "passkeyFailedRetry"));
      set({ error: serverText(zonedMessage(failure, DEFAULT_TIME_ZONE)) });
      return null;
    } finally {
      set({ busy: false });
    }
  },
}));
