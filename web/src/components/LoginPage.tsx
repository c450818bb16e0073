// Sign-in: the form, the three request panels (one open at a time, closing 3 s after success),
// the default-password notice, Clear Cache and the backend badge.

import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import {
  activationBody,
  firstIssue,
  registrationBody,
  resetBody,
} from "../../../api/rules/user_schemas.ts";
import { api, ApiError, unwrap } from "../api/client.ts";
import { useSession } from "../stores/session.ts";
import { BackendBadge, Footer } from "./Frame.tsx";
import { InstallButton } from "./PwaControls.tsx";
import { LoginClearCache } from "./LoginClearCache.tsx";
import { timeZoneFor } from "../stores/preferences.ts";
import { zonedText } from "../time.ts";

type Panel = "none" | "reset" | "activation" | "registration";

/** The sign-in screen. */
export function LoginPage() {
  const login = useSession((s) => s.login);
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [panel, setPanel] = useState<Panel>("none");

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (code.trim() === "") return setError("Please enter your employee code");
    if (password === "") return setError("Please enter your password");
    setBusy(true);
    setError("");
    try {
      const user = await login(code.trim(), password);
      await navigate({ to: user.needsPasswordChange ? "/password-change-required" : "/" });
    } catch (err) {
      setError(
        err instanceof ApiError && err.status !== 0
          // the lockout message's time, in the account's timezone like every other time
          ? zonedText(err.message, timeZoneFor(code)) ||
            "Login failed. Please check your credentials."
          : "Login failed. Please try again.",
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="login">
      <header className="login-header">
        <h1>Staff Portal</h1>
        <BackendBadge />
        <InstallButton />
      </header>
      <main className="login-main">
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
        <nav className="panel-tabs" aria-label="Requests">
          <button
            type="button"
            aria-expanded={panel === "reset"}
            onClick={() => setPanel(panel === "reset" ? "none" : "reset")}
          >
            Forgot Password?
          </button>
          <button
            type="button"
            aria-expanded={panel === "activation"}
            onClick={() => setPanel(panel === "activation" ? "none" : "activation")}
          >
            Request Activation
          </button>
          <button
            type="button"
            aria-expanded={panel === "registration"}
            onClick={() => setPanel(panel === "registration" ? "none" : "registration")}
          >
            New Account Request
          </button>
        </nav>
        {panel !== "none" && (
          <RequestPanel
            key={panel}
            kind={panel}
            onDone={() => setPanel("none")}
          />
        )}
        <LoginClearCache />
      </main>
      <Footer />
    </div>
  );
}

const FIELDS: Record<Exclude<Panel, "none">, [string, string, string?][]> = {
  reset: [["employeeCode", "Employee code"]],
  activation: [["employeeCode", "Employee code"], ["reason", "Reason", "textarea"]],
  registration: [
    ["employeeCode", "Employee code"],
    ["firstName", "First name"],
    ["middleName", "Middle name (optional)"],
    ["lastName", "Last name"],
    ["email", "Email", "email"],
    ["phone", "Phone (optional)", "tel"],
    ["jobTitle", "Job title"],
    ["position", "Position"],
    ["station", "Station"],
    ["department", "Department (optional)"],
    ["gender", "Gender", "gender"],
    ["reason", "Reason", "textarea"],
  ],
};

const TITLES = {
  reset: "Forgot Password?",
  activation: "Request Activation",
  registration: "New Account Request",
};

const trimmed = (values: Record<string, string>) => (k: string) => (values[k] ?? "").trim();

/** The body each request panel sends: its own fields, trimmed. */
const BODY = {
  reset: (values: Record<string, string>) => ({ employeeCode: trimmed(values)("employeeCode") }),
  activation: (values: Record<string, string>) => {
    const v = trimmed(values);
    return { employeeCode: v("employeeCode"), reason: v("reason") };
  },
  registration: (values: Record<string, string>) => {
    const v = trimmed(values);
    return {
      employeeCode: v("employeeCode"),
      firstName: v("firstName"),
      middleName: v("middleName"),
      lastName: v("lastName"),
      email: v("email"),
      phone: v("phone"),
      jobTitle: v("jobTitle"),
      position: v("position"),
      station: v("station"),
      department: v("department"),
      gender: v("gender") === "Female" ? "Female" as const : "Male" as const,
      reason: v("reason"),
    };
  },
};

const SCHEMA = { reset: resetBody, activation: activationBody, registration: registrationBody };

/** The first failing rule of a request form, or "": the server's own schema, with the spec's
 * texts in the spec's order. */
export function requestProblem(kind: Exclude<Panel, "none">, v: Record<string, string>): string {
  return firstIssue(SCHEMA[kind], BODY[kind](v))?.message ?? "";
}

function RequestPanel(props: { kind: Exclude<Panel, "none">; onDone: () => void }) {
  const { kind, onDone } = props;
  const [values, setValues] = useState<Record<string, string>>({ gender: "Male" });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!message?.ok) return;
    const timer = setTimeout(onDone, 3000); // the panel closes 3 s after a success (spec)
    return () => clearTimeout(timer);
  }, [message, onDone]);

  // sent: the panel only waits to close, and the same request is not sent twice
  const sent = message?.ok === true;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || sent) return;
    const problem = requestProblem(kind, values);
    if (problem !== "") return setMessage({ ok: false, text: problem });
    setBusy(true);
    const requestedAt = new Date().toISOString();
    try {
      const data = kind === "reset"
        ? await unwrap(
          api.api.users["password-reset-request"].$post({
            json: { ...BODY.reset(values), requestedAt },
          }),
        )
        : kind === "activation"
        ? await unwrap(
          api.api.users["activation-request"].$post({
            json: { ...BODY.activation(values), requestedAt },
          }),
        )
        : await unwrap(api.api.users["registration-request"].$post({
          json: { ...BODY.registration(values), requestedAt },
        }));
      setMessage({ ok: true, text: data.message });
    } catch (err) {
      setMessage({
        ok: false,
        text: err instanceof ApiError && err.status !== 0 && err.message
          ? err.message
          : "Failed to send request. Please try again or contact your administrator.",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel request" onSubmit={submit} noValidate aria-label={TITLES[kind]}>
      <h2>{TITLES[kind]}</h2>
      {FIELDS[kind].map(([name, label, type]) => (
        <label key={name}>
          {label}
          {type === "textarea"
            ? (
              <textarea
                value={values[name] ?? ""}
                onChange={(e) => setValues({ ...values, [name]: e.target.value })}
              />
            )
            : type === "gender"
            ? (
              <select
                value={values[name]}
                onChange={(e) => setValues({ ...values, [name]: e.target.value })}
              >
                <option>Male</option>
                <option>Female</option>
              </select>
            )
            : (
              <input
                type={type ?? "text"}
                value={values[name] ?? ""}
                maxLength={name === "station" ? 3 : undefined}
                onChange={(e) =>
                  setValues({
                    ...values,
                    [name]: name === "employeeCode" || name === "station"
                      ? e.target.value.toUpperCase()
                      : e.target.value,
                  })}
              />
            )}
        </label>
      ))}
      <p className={message?.ok ? "success" : "error"} role="status" aria-live="polite">
        {message?.text}
      </p>
      <button type="submit" className="primary" disabled={busy || sent}>Send request</button>
    </form>
  );
}
