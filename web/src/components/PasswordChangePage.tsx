// The forced password change: shown while a one-time password is in use; after a success the
// message stays 2 s, then home.

import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { api, ApiError, unwrap } from "../api/client.ts";
import { mustChange, useSession } from "../stores/session.ts";
import { Frame } from "./Frame.tsx";
import {
  NO_PASSWORDS,
  passwordContentProblem,
  PasswordFields,
  passwordProblem,
  type PasswordValues,
} from "./PasswordFields.tsx";

/** The forced change screen. */
export function PasswordChangePage() {
  const user = useSession((s) => s.user);
  const check = useSession((s) => s.check);
  const navigate = useNavigate();
  const [passwords, setPasswords] = useState<PasswordValues>(NO_PASSWORDS);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (user !== null && !mustChange(user) && !message?.ok) void navigate({ to: "/" });
  }, [user, message, navigate]);

  useEffect(() => {
    if (!message?.ok) return;
    const timer = setTimeout(() => void navigate({ to: "/" }), 2000);
    return () => clearTimeout(timer);
  }, [message, navigate]);

  if (user === null) return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = passwordProblem(passwords, true) ||
      await passwordContentProblem(passwords.next, user!);
    if (problem !== "") return setMessage({ ok: false, text: problem });
    setBusy(true);
    try {
      await unwrap(
        api.api.users[":code"]["change-password"].$post({
          param: { code: user!.employeeCode },
          json: { currentPassword: passwords.current, newPassword: passwords.next },
        }),
      );
      setMessage({ ok: true, text: "Password changed. Taking you home…" });
      await check();
    } catch (err) {
      setMessage({
        ok: false,
        text: err instanceof ApiError && err.message ? err.message : "Failed to change password",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Frame
      title="Password Change Required"
      subtitle={user.needsPasswordChange
        ? "You are signed in with a one-time password"
        : "Your password has expired"}
    >
      <form className="panel narrow" onSubmit={submit} noValidate>
        <PasswordFields values={passwords} onChange={setPasswords} />
        <p className={message?.ok ? "success" : "error"} role="status" aria-live="polite">
          {message?.text}
        </p>
        <button type="submit" className="primary" disabled={busy || message?.ok === true}>
          Change Password
        </button>
      </form>
    </Frame>
  );
}
