// The second step of a sign-in (issue 26): after a right password for an account with a second
// factor the server answers a short-lived token instead of a session. The token is kept here, in
// memory only (never in storage), with the ways the step may be passed; the step is passed with an
// authenticator code, a recovery code or a passkey. When the step is over (timed out, locked) the
// sign-in goes back to the password form with the server's message.

import { create } from "zustand";
import { recoveryCode, totpCode } from "../../../../api/rules/two_factor.ts";
import { api, ApiError, unwrap } from "../../lib/api/client.ts";
import { SHELL_LOGIN } from "./texts/shell_login.ts";
import { text } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";
import { askPasskey, passkeyFailure } from "../two_factor/passkey.ts";
import { zonedMessage } from "../../lib/time.ts";
import { problemOfIssue } from "../../../../api/rules/issues.ts";
import { timeZoneFor } from "../profile/preferences.ts";
import { type SecondFactorStart, type SessionUser, useSession } from "../shell/session.ts";

/** A sign-in waiting for its second factor. */
export interface PendingStep extends SecondFactorStart {
  /** Whose sign-in this is (for the lockout message's timezone). */
  employeeCode: string;
}

/** The second step's state and actions. */
export interface SecondStepState {
  pending: PendingStep | null;
  error: string;
  busy: boolean;
  /** Why the last second step ended without a session (the password form shows it), or "". */
  ended: string;
  /** Recovery codes left after a sign-in with one (null: not said). */
  recoveryCodesLeft: number | null;
  /** Starts the step the server asked for (a new one: no old texts). */
  begin(start: SecondFactorStart, employeeCode: string): void;
  /** Sends an authenticator code; resolves to the user, or null with `error` set. */
  submitCode(code: string, remember: boolean): Promise<SessionUser | null>;
  /** Sends a recovery code; resolves to the user, or null with `error` set. */
  submitRecoveryCode(code: string, remember: boolean): Promise<SessionUser | null>;
  /** Passes the step with a passkey of the account; resolves to the user, or null. */
  passkey(remember: boolean): Promise<SessionUser | null>;
  /** Back to the password form: the token is forgotten. */
  cancel(): void;
}

/** Signs in with a passkey: the second step of `token`, or the passkey alone without one. */
export async function passkeySignIn(token?: string, remember = false) {
  const optionsJSON = await unwrap(
    api.api.auth.passkey.options.$post({ json: token === undefined ? {} : { token } }),
  );
  const response = await askPasskey(optionsJSON);
  return await unwrap(api.api.auth.passkey.$post({
    json: {
      ...(token === undefined ? {} : { token }),
      response,
      ...(remember ? { remember } : {}),
    },
  }));
}

/** Whether a refusal ends the step (the token is over, or the account is locked). */
function endsStep(err: unknown): boolean {
  return err instanceof ApiError &&
    (err.status === 423 || (err.status === 401 && err.code === "two_factor:step_over"));
}

/** Runs one attempt at the step begun: the user on success; on failure the message (in the
 * language shown), and back to the password form when the step is over. */
async function attempt(
  send: (step: PendingStep) => Promise<{ user: SessionUser; recoveryCodesLeft?: number }>,
  fallback: string,
): Promise<SessionUser | null> {
  const { pending: step, busy } = useSecondStep.getState();
  if (step === null || busy) return null;
  useSecondStep.setState({ busy: true, error: "" });
  try {
    const data = await send(step);
    const left = typeof data.recoveryCodesLeft === "number" ? data.recoveryCodesLeft : null;
    useSecondStep.setState({ pending: null, recoveryCodesLeft: left });
    useSession.getState().signedIn(data.user);
    return data.user;
  } catch (err) {
    const zone = timeZoneFor(step.employeeCode);
    const said = serverText(zonedMessage(passkeyFailure(err, fallback), zone));
    useSecondStep.setState(endsStep(err) ? { pending: null, ended: said } : { error: said });
    return null;
  } finally {
    useSecondStep.setState({ busy: false });
  }
}

/** Says why a typed code is not sent (its rule's message); resolves to null. */
function refuse(check: typeof totpCode | typeof recoveryCode, typed: string) {
  const parsed = check.safeParse(typed);
  const problem = parsed.success
    ? ""
    : parsed.error.issues[0] === undefined
    ? text(SHELL_LOGIN, "checkCode")
    : serverText(problemOfIssue(parsed.error.issues[0]));
  if (problem !== "") useSecondStep.setState({ error: problem });
  return problem === "" ? null : Promise.resolve(null);
}

/** The second step's call with a code: "Remember this PC" only where the step allows it. */
function sendCode(
  step: PendingStep,
  code: { code: string } | { recoveryCode: string },
  remember: boolean,
) {
  return unwrap(api.api.auth.login["second-factor"].$post({
    json: { token: step.token, ...code, ...(remember && step.canRemember ? { remember } : {}) },
  }));
}

/** The failure of a code with nothing more said. */
const failed = () => text(SHELL_LOGIN, "signInFailed");

/** The second step's store. */
export const useSecondStep = create<SecondStepState>()((set) => ({
  pending: null,
  error: "",
  busy: false,
  ended: "",
  recoveryCodesLeft: null,
  begin(start, employeeCode) {
    set({ pending: { ...start, employeeCode }, error: "", ended: "", recoveryCodesLeft: null });
  },
  submitCode(code, remember) {
    return refuse(totpCode, code) ??
      attempt((step) => sendCode(step, { code }, remember), failed());
  },
  submitRecoveryCode(code, remember) {
    return refuse(recoveryCode, code) ??
      attempt((step) => sendCode(step, { recoveryCode: code }, remember), failed());
  },
  passkey(remember) {
    return attempt(
      (step) => passkeySignIn(step.token, remember && step.canRemember),
      text(SHELL_LOGIN, "passkeyFailed"),
    );
  },
  cancel() {
    set({ pending: null, error: "", ended: "", busy: false });
  },
}));
