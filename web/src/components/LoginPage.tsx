// Sign-in: the form, the three request panels (one open at a time, closing 3 s after success),
// the default-password notice, Clear Cache and the backend badge. After signing in the user goes
// on to where they were going (the route's checked ?redirect=).

import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { carrying } from "../return_to.ts";
import { useSignIn } from "../stores/sign_in.ts";
import { BackendBadge, Footer } from "./Frame.tsx";
import { InstallButton } from "./PwaControls.tsx";
import { LoginClearCache } from "./LoginClearCache.tsx";
import { RequestPanels } from "./LoginRequests.tsx";

/** The sign-in screen; `redirect` is a path of this site (routes/login.tsx checks it). */
export function LoginPage(props: { redirect: string }) {
  return (
    <div className="login">
      <header className="login-header">
        <h1>Staff Portal</h1>
        <BackendBadge />
        <InstallButton />
      </header>
      <main className="login-main">
        <SignInForm redirect={props.redirect} />
        <RequestPanels />
        <LoginClearCache />
      </main>
      <Footer />
    </div>
  );
}

/** Employee code and password; a user on a one-time password goes to the forced change first. */
function SignInForm(props: { redirect: string }) {
  const navigate = useNavigate();
  const error = useSignIn((s) => s.error);
  const busy = useSignIn((s) => s.busy);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");

  async function submit(e: FormEvent) {
    e.preventDefault();
    const user = await useSignIn.getState().signIn(code, password);
    if (user === null) return;
    if (user.needsPasswordChange) {
      await navigate({ to: "/password-change-required", search: carrying(props.redirect) });
    } else await navigate({ href: props.redirect });
  }

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="signin-title">
      <h2 id="signin-title">Sign In</h2>
      <label>
        Employee code
        <input
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
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
      <p className="notice">
        New and reset accounts get a one-time password from your administrator; it works for one
        sign-in, at which you choose your own.
      </p>
    </form>
  );
}
