// The forced password change: shown while a one-time or administrator-set password is in use, or
// the password has expired, and its subtitle says which (the server's reason). After a success
// the message stays 2 s, then the user goes on to where they were going (the route's checked
// ?redirect=, home by default).

import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FORCED_CHANGE_SUBTITLES } from "../../../../api/rules/password.ts";
import { SHELL_PASSWORD } from "../../i18n/areas/shell_password.ts";
import { useT } from "../../i18n/i18n.ts";
import { type ServerMessage, serverText } from "../../i18n/server_text.ts";
import { NO_PASSWORDS, type PasswordValues, usePasswordChange } from "./password_change.ts";
import { mustChange, type SessionUser, useSession } from "../shell/session.ts";
import { Frame } from "../shell/Frame.tsx";
import { PasswordFields } from "./PasswordFields.tsx";

/** Why the change is forced, in words (the spec's English; the screen shows it through
 * serverText): the server's reason; a session stored before the server said it is told it
 * expired when it did, and a general line otherwise. */
export function forcedSubtitle(user: SessionUser, now = Date.now()): ServerMessage {
  const reason = user.passwordChangeReason ??
    (!user.needsPasswordChange && mustChange(user, now) ? "expired" : "unknown");
  return FORCED_CHANGE_SUBTITLES[reason ?? "unknown"];
}

/** The forced change screen; `redirect` is a path of this site. */
export function PasswordChangePage(props: { redirect: string }) {
  const t = useT(SHELL_PASSWORD);
  const user = useSession((s) => s.user);
  const message = usePasswordChange((s) => s.message);
  const busy = usePasswordChange((s) => s.busy);
  const navigate = useNavigate();
  const [passwords, setPasswords] = useState<PasswordValues>(NO_PASSWORDS);
  const done = message?.ok === true;
  const onward = props.redirect;
  // the reason the screen opened with: once the change is made the session needs none, and the
  // subtitle must not turn into another reason while the success message shows
  const subtitle = useRef<ServerMessage | null>(null);

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
  if (!done || subtitle.current === null) subtitle.current = forcedSubtitle(user);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (await usePasswordChange.getState().change(user!, passwords, true)) {
      await useSession.getState().check();
    }
  }

  return (
    <Frame title={t("title")} subtitle={serverText(subtitle.current)}>
      <form className="panel narrow" onSubmit={submit} noValidate>
        <PasswordFields values={passwords} onChange={setPasswords} />
        <p className={message?.ok ? "success" : "error"} role="status" aria-live="polite">
          {message?.text}
        </p>
        <button type="submit" className="primary" disabled={busy || done}>
          {t("change")}
        </button>
      </form>
    </Frame>
  );
}
