// A user's change of their own password, on the profile and on the forced change screen: the
// spec's checks (the server's rule and content check), the call, and its texts.

import { create } from "zustand";
import {
  type PasswordChange,
  passwordChangeProblem,
  type PasswordOwner,
} from "../../../../api/rules/password.ts";
import { api, ApiError, failureText, unwrap } from "../../lib/api/client.ts";
import { SHELL_PASSWORD } from "../../i18n/areas/shell_password.ts";
import { text } from "../../i18n/i18n.ts";
import { type ServerMessage, serverText } from "../../i18n/server_text.ts";
import { usePasswordPolicy } from "./password_policy.ts";

/** Values of the password change inputs. */
export type PasswordValues = PasswordChange;

/** Empty password change inputs. */
export const NO_PASSWORDS: PasswordValues = { current: "", next: "", confirm: "" };

/**
 * The spec's first failing rule of a password change (its code, values and text), or null, with
 * the server's minimum length (the shared rule of api/rules/password.ts).
 */
export function passwordProblem(values: PasswordValues, forced: boolean): ServerMessage | null {
  return passwordChangeProblem(values, forced, usePasswordPolicy.getState().minLength);
}

/** The shared content check of api/rules/password_strength.ts, loaded on first use. */
export function loadContentCheck() {
  return import("../../../../api/rules/password_strength.ts");
}

/**
 * Why the new password's content is refused (too common, or the owner's code or name), or "":
 * the server's own check. When the check cannot be loaded (offline, not cached) it answers "" and
 * the server decides.
 */
export async function passwordContentProblem(
  next: string,
  owner: PasswordOwner,
): Promise<ServerMessage | null> {
  try {
    return (await loadContentCheck()).passwordStrength(next, owner);
  } catch {
    return null;
  }
}

/** The line under a password change: done, or why not. */
export interface ChangeMessage {
  ok: boolean;
  text: string;
}

/** The password change's state and actions. */
export interface PasswordChangeState {
  message: ChangeMessage | null;
  busy: boolean;
  /** Checks and sends the change; true when the server took it. `forced` is the change that
   * must come first (its texts say it goes home; offline it says so). */
  change(owner: PasswordOwner, values: PasswordChange, forced: boolean): Promise<boolean>;
  /** Forgets the last answer (a new visit). */
  reset(): void;
}

/** What a refused change says, in the language shown: the server's message; offline, the forced
 * screen says 'Network error' and the profile the spec's fallback. */
function refusal(err: unknown, forced: boolean): string {
  const fallback = text(SHELL_PASSWORD, "failed");
  return serverText(
    forced ? (err instanceof ApiError && err.message ? err.message : fallback) : failureText(
      err,
      fallback,
    ),
  );
}

/** The own password change store. */
export const usePasswordChange = create<PasswordChangeState>()((set, get) => ({
  message: null,
  busy: false,
  async change(owner, values, forced) {
    if (get().busy) return false;
    const problem = passwordProblem(values, forced) ??
      await passwordContentProblem(values.next, owner);
    if (problem !== null) {
      set({ message: { ok: false, text: serverText(problem) } });
      return false;
    }
    set({ busy: true });
    try {
      await unwrap(
        api.api.users[":code"]["change-password"].$post({
          param: { code: owner.employeeCode },
          json: { currentPassword: values.current, newPassword: values.next },
        }),
      );
      const done = text(SHELL_PASSWORD, forced ? "changedForced" : "changed");
      set({ message: { ok: true, text: done } });
      return true;
    } catch (err) {
      set({ message: { ok: false, text: refusal(err, forced) } });
      return false;
    } finally {
      set({ busy: false });
    }
  },
  reset() {
    set({ message: null, busy: false });
  },
}));
