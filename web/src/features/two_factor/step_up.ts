// The re-authentication of the administrators' weightiest changes (issue 48, item 7): the server
// refuses them with STEP_UP_REQUIRED until the session has confirmed its password within the last
// minutes. A call made through `withStepUp` then opens the password dialog (StepUpDialog, the
// profile's PasswordConfirm) and, once the password is confirmed, is made once more.

import { create } from "zustand";
import { STEP_UP_MS } from "../../../../api/rules/step_up.ts";
import { api, ApiError, clientWords, failureText, unwrap } from "../../lib/api/client.ts";

/** The dialog's state: whether it is open, and how the asking call hears the outcome. */
export interface StepUpState {
  asking: boolean;
  /** Tells the asking call the outcome (true: confirmed) and closes the dialog. */
  answer: ((confirmed: boolean) => void) | null;
  /** Until when (this device's clock, ms) the last confirmation counts, with a margin. */
  confirmedUntil: number;
}

/** The re-authentication dialog's store. */
export const useStepUp = create<StepUpState>(() => ({
  asking: false,
  answer: null,
  confirmedUntil: 0,
}));

/** The dialog's outcome while it is open: calls that ask meanwhile (a bulk change's parallel
 * calls) share it. */
let open: Promise<boolean> | null = null;

/** Opens the dialog (or joins the open one); resolves true once the password is confirmed,
 * false when cancelled. */
export function askForPassword(): Promise<boolean> {
  open ??= new Promise((resolve) =>
    useStepUp.setState({
      asking: true,
      answer: (confirmed) => {
        useStepUp.setState({ asking: false, answer: null });
        open = null;
        resolve(confirmed);
      },
    })
  );
  return open;
}

/** Sends the password to confirm the session: null when confirmed, else the failure's text (a
 * wrong password, a lock). */
export async function confirmPassword(password: string): Promise<string | null> {
  const sent = Date.now();
  try {
    await unwrap(api.api.auth["step-up"].$post({ json: { password } }));
    // a minute's margin: the server's clock decides, and a download is made after the check
    useStepUp.setState({ confirmedUntil: sent + STEP_UP_MS - 60_000 });
    return null;
  } catch (err) {
    return failureText(err, clientWords().networkError());
  }
}

/** Whether a failed call is the server asking for the password again. */
export function needsStepUp(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && err.code === "auth:step_up_required";
}

/** Makes a call; when the server asks for the password again, asks for it and makes the call
 * once more. Cancelled, the server's refusal is thrown as it came. */
export async function withStepUp<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!needsStepUp(err) || !(await askForPassword())) throw err;
    return await call();
  }
}

/** Before a download the browser makes itself (a link): asks for the password unless it was
 * confirmed lately. True when it may go ahead. */
export function ensureStepUp(): Promise<boolean> {
  return useStepUp.getState().confirmedUntil > Date.now()
    ? Promise.resolve(true)
    : askForPassword();
}
