// Sign-in: the form (or, after a password that needs it, the second step), a sign-in with a
// passkey alone, the three request panels (one open at a time, closing 3 s after success; hidden
// during the second step), the default-password notice, Clear Cache and the backend badge. After
// signing in the user goes on to where they were going (the route's checked ?redirect=). The
// language switch heads the form area, so that it is seen before anything is typed.

import { useNavigate, useRouter } from "@tanstack/react-router";
import {
  type FormEvent,
  lazy,
  type RefObject,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { serverText } from "../../i18n/server_text.ts";
import { SHELL_LOGIN } from "./texts/shell_login.ts";
import { useT } from "../../i18n/i18n.ts";
import { passkeysAvailable } from "../two_factor/passkey.ts";
import { carrying } from "./return_to.ts";
import { useSecondStep } from "./second_step.ts";
import { type SessionUser, useSession } from "../shell/session.ts";
import { useSignIn } from "./sign_in.ts";
import { bootFormPending, type BootHandover, takeBootForm } from "./boot_form.ts";
import { BackendBadge, Footer } from "../shell/Frame.tsx";
import { InstallButton } from "../shell/PwaControls.tsx";
import { LanguageSwitch } from "../shell/LanguageSwitch.tsx";
import { LoginClearCache } from "./LoginClearCache.tsx";
import { SecondStepForm } from "./SecondStepForm.tsx";
import "../two_factor/two_factor.css";

/** The request panels, loaded apart from the sign-in: their forms check with the server's schemas
 * (api/rules/user_schemas.ts), which signing in does not need (the page's first load stays small). */
const RequestPanels = lazy(() =>
  import("./LoginRequests.tsx").then((m) => ({ default: m.RequestPanels }))
);

/** The sign-in screen; `redirect` is a path of this site (routes/login.tsx checks it). */
export function LoginPage(props: { redirect: string }) {
  const t = useT(SHELL_LOGIN);
  // the password was accepted: the requests about it are not for now
  const secondStep = useSecondStep((s) => s.pending !== null);
  return (
    <div className="login">
      <header className="login-header">
        <h1>{t("portal")}</h1>
        <BackendBadge />
        <InstallButton />
      </header>
      <main className="login-main">
        <LanguageSwitch />
        <PendingSignOut />
        <SignInSteps redirect={props.redirect} />
        {!secondStep && (
          <Suspense fallback={null}>
            <RequestPanels />
          </Suspense>
        )}
        <LoginClearCache />
      </main>
      <Footer />
    </div>
  );
}

/** A sign-out made offline: this PC is signed out, and the server's part follows once online. */
function PendingSignOut() {
  const t = useT(SHELL_LOGIN);
  const pending = useSession((s) => s.signOutPending);
  if (!pending) return null;
  return <p className="banner warning" role="status">{t("signOutPending")}</p>;
}

/** The password form, then the second step when the account has one; a user on a one-time
 * password goes to the forced change first. */
function SignInSteps(props: { redirect: string }) {
  const navigate = useNavigate();
  const router = useRouter();
  const secondStep = useSecondStep((s) => s.pending !== null);
  const [code, setCode] = useState("");
  // the second step's token lives no longer than this page
  useEffect(() => () => useSecondStep.getState().cancel(), []);
  // Home's screens load while the code and password are typed, not after Sign In (issue 51)
  useEffect(() => {
    const preload = () => {
      for (const route of [router.routesById["/_auth"], router.routesById["/_auth/"]]) {
        void router.loadRouteChunk(route)?.catch(() => {}); // offline: loaded when needed
      }
    };
    const idle = globalThis.requestIdleCallback?.(preload, { timeout: 2000 });
    return () => {
      if (idle !== undefined) globalThis.cancelIdleCallback(idle);
    };
  }, [router]);

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
  const t = useT(SHELL_LOGIN);
  const signInError = useSignIn((s) => s.error);
  const ended = useSecondStep((s) => s.ended);
  // a session's end is kept as the server said it (main.tsx), shown in the language shown
  const error = serverText(signInError) || ended;
  const busy = useSignIn((s) => s.busy);
  const { code } = props;
  const [password, setPassword] = useState("");
  async function signInWith(employeeCode: string, secret: string) {
    const user = await useSignIn.getState().signIn(employeeCode, secret);
    if (user !== null) props.onSignedIn(user);
  }
  const { codeField, passwordField, autoFocus } = useServerFormTakeOver((typed) => {
    props.onCode(typed.code);
    setPassword(typed.password);
    if (typed.submitted) void signInWith(typed.code, typed.password);
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    void signInWith(code, password);
  }

  async function passkey() {
    const user = await useSignIn.getState().signInWithPasskey();
    if (user !== null) props.onSignedIn(user);
  }

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="signin-title">
      <h2 id="signin-title">{t("signIn")}</h2>
      <label>
        {t("employeeCode")}
        <input
          ref={codeField}
          value={code}
          onChange={(e) => props.onCode(e.target.value.toUpperCase())}
          autoComplete="username"
          autoFocus={autoFocus}
        />
      </label>
      <label>
        {t("password")}
        <input
          ref={passwordField}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
        />
      </label>
      <p className="error" role="alert" aria-live="assertive">{error}</p>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t("signingIn") : t("signIn")}
      </button>
      {passkeysAvailable() && (
        <button
          type="button"
          className="passkey-sign-in"
          disabled={busy}
          onClick={() => void passkey()}
        >
          {t("passkeyInstead")}
        </button>
      )}
      <p className="notice">{t("notice")}</p>
    </form>
  );
}

/** Takes over what was typed into the server's form before the app had loaded (boot_form.ts),
 * the code in capitals, once on mount; the caret goes back where it was once the values show. The
 * fields' refs, and whether the code field takes the focus itself (no server form to take). */
function useServerFormTakeOver(takeOver: (typed: BootHandover) => void) {
  const codeField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const taken = useRef<BootHandover | null>(null);
  // the focus stays where it was in the server's form until the take-over moves it here
  const [autoFocus] = useState(() => !bootFormPending());
  useLayoutEffect(() => {
    const typed = takeBootForm();
    if (typed === null) return;
    taken.current = { ...typed, code: typed.code.toUpperCase() };
    takeOver(taken.current);
    // once, on mount: there is one server form a page
  }, []);
  useLayoutEffect(() => restoreCaret(taken, codeField, passwordField));
  return { codeField, passwordField, autoFocus };
}

/** Puts the focus and caret where they were in the server's form, once the taken-over values
 * show in the fields (the render after the take-over). */
function restoreCaret(
  takeOver: RefObject<BootHandover | null>,
  codeField: RefObject<HTMLInputElement | null>,
  passwordField: RefObject<HTMLInputElement | null>,
) {
  const typed = takeOver.current;
  if (typed === null) return;
  if (codeField.current?.value !== typed.code) return;
  if (passwordField.current?.value !== typed.password) return;
  takeOver.current = null;
  const at = typed.focused;
  if (at === null) return;
  const field = at.field === "code" ? codeField.current : passwordField.current;
  field?.focus();
  field?.setSelectionRange(at.start, at.end);
}
