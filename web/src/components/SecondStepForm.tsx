// The sign-in's second step (issue 26): after a right password for an account with a second
// factor, a code of the authenticator app, a passkey or a recovery code, and "Remember this PC"
// when the policy allows it. Back, or a step that is over, returns to the password form.

import { type FormEvent, useState } from "react";
import { useSecondStep } from "../stores/second_step.ts";
import type { SessionUser } from "../stores/session.ts";
import "../two_factor.css";

/** The second step of the sign-in begun; `onSignedIn` goes on with the user. */
export function SecondStepForm(props: { onSignedIn: (user: SessionUser) => void }) {
  const pending = useSecondStep((s) => s.pending);
  const error = useSecondStep((s) => s.error);
  const busy = useSecondStep((s) => s.busy);
  const hasTotp = pending?.methods.includes("totp") ?? false;
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [remember, setRemember] = useState(false);
  if (pending === null) return null;
  const hasPasskey = pending.methods.includes("passkey");
  const hasRecovery = pending.methods.includes("recovery");
  const typing = recovery || hasTotp;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const step = useSecondStep.getState();
    const user = recovery
      ? await step.submitRecoveryCode(code, remember)
      : await step.submitCode(code, remember);
    if (user !== null) props.onSignedIn(user);
  }

  async function passkey() {
    const user = await useSecondStep.getState().passkey(remember);
    if (user !== null) props.onSignedIn(user);
  }

  function toggleRecovery() {
    setRecovery(!recovery);
    setCode("");
    useSecondStep.setState({ error: "" });
  }

  return (
    <form
      className="panel second-step"
      onSubmit={submit}
      noValidate
      aria-labelledby="second-step-title"
    >
      <h2 id="second-step-title">Two-factor sign-in</h2>
      {!typing && <p>Use your passkey to finish signing in.</p>}
      {typing && (
        <label key={recovery ? "recovery" : "code"}>
          {recovery ? "Recovery code" : "Authenticator code"}
          <input
            className={recovery ? undefined : "tf-code"}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode={recovery ? "text" : "numeric"}
            autoComplete={recovery ? "off" : "one-time-code"}
            autoCapitalize={recovery ? "characters" : undefined}
            spellCheck={false}
            maxLength={recovery ? 16 : 7}
            autoFocus
          />
        </label>
      )}
      {pending.canRemember && (
        <label className="toggle">
          <input
            type="checkbox"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          {pending.rememberDays === undefined
            ? "Remember this PC"
            : `Remember this PC for ${pending.rememberDays} ${
              pending.rememberDays === 1 ? "day" : "days"
            }`}
        </label>
      )}
      <p className="error" role="alert" aria-live="assertive">{error}</p>
      {typing && (
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Verifying…" : "Verify"}
        </button>
      )}
      {hasPasskey && (
        <button
          type="button"
          className={typing ? "passkey-sign-in" : "primary"}
          disabled={busy}
          onClick={() => void passkey()}
        >
          Use a passkey
        </button>
      )}
      {hasRecovery && (
        <button type="button" className="link-button" onClick={toggleRecovery}>
          {recovery
            ? hasTotp ? "Use the authenticator code" : "Do not use a recovery code"
            : "Use a recovery code"}
        </button>
      )}
      <button
        type="button"
        className="link-button"
        onClick={() => useSecondStep.getState().cancel()}
      >
        Back
      </button>
    </form>
  );
}
