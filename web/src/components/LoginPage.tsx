// Sign-in: the form (or, after a password that needs it, the second step), a sign-in with a
// passkey alone, the three request panels (one open at a time, closing 3 s after success; hidden
// during the second step), the default-password notice, Clear Cache and the backend badge. After
// signing in the user goes on to where they were going (the route's checked ?redirect=).

import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { passkeysAvailable } from "../passkey.ts";
import { carrying } from "../return_to.ts";
import { useSecondStep } from "../stores/second_step.ts";
import type { SessionUser } from "../stores/session.ts";
import { useSignIn } from "../stores/sign_in.ts";
import { BackendBadge, Footer } from "./Frame.tsx";
import { InstallButton } from "./PwaControls.tsx";
import { LoginClearCache } from "./LoginClearCache.tsx";
import { RequestPanels } from "./LoginRequests.tsx";
import { SecondStepForm } from "./SecondStepForm.tsx";
import "../two_factor.css";

/** The sign-in screen; `redirect` is a path of this site (routes/login.tsx checks it). */
export function LoginPage(props: { redirect: string }) {
  // the password was accepted: the requests about it are not for now
  const secondStep = useSecondStep((s) => s.pending !== null);
  return (
    <div className="login">
      <header className="login-header">
        <h1>Staff Portal</h1>
        <BackendBadge />
        <InstallButton />
      </header>
      <main className="login-main">
        <SignInSteps redirect={props.redirect} />
        {!secondStep && <RequestPanels />}
        <LoginClearCache />
      </main>
      <Footer />
    </div>
  );
}

/** The password form, then the second step when the account has one; a user on a one-time
 * password goes to the forced change first. */
function SignInSteps(props: { redirect: string }) {
  const navigate = useNavigate();
  const secondStep = useSecondStep((s) => s.pending !== null);
  const [code, setCode] = useState("");
  // the second step's token lives no longer than this page
  useEffect(() => () => useSecondStep.getState().cancel(), []);

  async function goOn(user: SessionUser) {
    if (user.needsPasswordChange) {
      await navigate({ to: "/password-change-required", search: carrying(props.redirect) });
    } else await navigate({ href: props.redirect });
  }

  return secondStep
    ? <SecondStepForm onSignedIn={(user) => void goOn(user)} />
    : <SignInForm code={code} onCode={setCode} onSignedIn={goOn} />;
}

/** Employee code and password, or a passkey alone. */
function SignInForm(
  props: { code: string; onCode: (code: string) => void; onSignedIn: (user: SessionUser) => void },
) {
  const signInError = useSignIn((s) => s.error);
  const ended = useSecondStep((s) => s.ended);
  const error = signInError || ended;
  const busy = useSignIn((s) => s.busy);
  const { code } = props;
  const [password, setPassword] = useState("");

  async function submit(e: FormEvent) {
    e.preventDefault();
    const user = await useSignIn.getState().signIn(code, password);
    if (user !== null) props.onSignedIn(user);
  }

  async function passkey() {
    const user = await useSignIn.getState().signInWithPasskey();
    if (user !== null) props.onSignedIn(user);
  }

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="signin-title">
      <h2 id="signin-title">Sign In</h2>
      <label>
        Employee code
        <input
          value={code}
          onChange={(e) => props.onCode(e.target.value.toUpperCase())}
          autoComplete="username"
          autoFocus
        />
      </label>
      <label>
        Password
        <input
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
        />
      </label>
      <p className="error" role="alert" aria-live="assertive">{error}</p>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? "Signing in…" : "Sign In"}
      </button>
      {passkeysAvailable() && (
        <button
          type="button"
          className="passkey-sign-in"
          disabled={busy}
          onClick={() => void passkey()}
        >
          Use a passkey instead
        </button>
      )}
      <p className="notice">
        New and reset accounts get a one-time password from your administrator; it works for one
        sign-in, at which you choose your own.
      </p>
    </form>
  );
}
