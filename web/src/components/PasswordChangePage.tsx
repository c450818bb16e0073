// The forced password change: shown while a one-time password is in use; after a success the
// message stays 2 s, then the user goes on to where they were going (the route's checked
// ?redirect=, home by default).

import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { NO_PASSWORDS, type PasswordValues, usePasswordChange } from "../stores/password_change.ts";
import { mustChange, useSession } from "../stores/session.ts";
import { Frame } from "./Frame.tsx";
import { PasswordFields } from "./PasswordFields.tsx";

/** The forced change screen; `redirect` is a path of this site. */
export function PasswordChangePage(props: { redirect: string }) {
  const user = useSession((s) => s.user);
  const message = usePasswordChange((s) => s.message);
  const busy = usePasswordChange((s) => s.busy);
  const navigate = useNavigate();
  const [passwords, setPasswords] = useState<PasswordValues>(NO_PASSWORDS);
  const done = message?.ok === true;
  const onward = props.redirect;

  useEffect(() => {
    if (user !== null && !mustChange(user) && !done) void navigate({ href: onward });
  }, [user, done, navigate, onward]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate({ href: onward }), 2000);
    return () => clearTimeout(timer);
  }, [done, navigate, onward]);

  useEffect(() => () => usePasswordChange.getState().reset(), []);

  if (user === null) return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (await usePasswordChange.getState().change(user!, passwords, true)) {
      await useSession.getState().check();
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
        <button type="submit" className="primary" disabled={busy || done}>
          Change Password
        </button>
      </form>
    </Frame>
  );
}
