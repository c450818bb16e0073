// Profile: read-only identity, the editable contact fields (Edit / Save / Cancel), the display
// preferences, the own password change, two-factor sign-in and the own sessions. The route's
// loader starts loading the profile (profile.ts).

import { useLocation } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { COMMON } from "../../i18n/areas/common.ts";
import { type FieldLabel, FIELDS } from "../../i18n/areas/fields.ts";
import { SHELL_PASSWORD } from "../../i18n/areas/shell_password.ts";
import { SHELL_PROFILE } from "./texts/shell_profile.ts";
import { useT } from "../../i18n/i18n.ts";
import {
  NO_PASSWORDS,
  type PasswordValues,
  usePasswordChange,
} from "../password/password_change.ts";
import { OWN_FIELDS, type Profile, type ProfileDraft, useProfile } from "./profile.ts";
import { useSession } from "../shell/session.ts";
import { Frame } from "../shell/Frame.tsx";
import { PasswordFields } from "../password/PasswordFields.tsx";
import { PreferencesForm } from "./PreferencesForm.tsx";
import { SessionList } from "./SessionList.tsx";
import { TwoFactorSettings } from "../two_factor/TwoFactorSettings.tsx";

/** The profile screen. */
export function ProfilePage() {
  const t = useT(SHELL_PROFILE);
  const user = useSession((s) => s.user);
  const profile = useProfile((s) => s.profile);
  const status = useProfile((s) => s.status);
  if (user === null) return null;
  return (
    <Frame title={t("title")} subtitle={user.fullName}>
      <p className={status?.ok ? "success" : "error"} role="status" aria-live="polite">
        {status?.text}
      </p>
      {profile !== null && <ProfileForm profile={profile} />}
      <PreferencesForm />
      <ChangePassword />
      <TwoFactorSettings />
      <section className="section" aria-labelledby="my-sessions-title">
        <h2 id="my-sessions-title">{t("sessions")}</h2>
        <p className="notice">{t("sessionsNotice")}</p>
        <SessionList whose="own" canEnd />
      </section>
    </Frame>
  );
}

const READ_ONLY = [
  ["employeeCodeSentence", "employeeCode"],
  ["fullNameSentence", "fullName"],
  ["station", "station"],
  ["jobTitleSentence", "jobTitle"],
] as const satisfies readonly (readonly [FieldLabel, keyof Profile])[];

/** The details: identity read-only, contact fields editable after Edit (an e-mail or a phone
 * number written left to right). */
function ProfileForm(props: { profile: Profile }) {
  const t = useT(SHELL_PROFILE);
  const common = useT(COMMON);
  const { profile } = props;
  const s = useProfile();
  const editing = s.draft !== null;
  const label = useT(FIELDS);
  function save(e: FormEvent) {
    e.preventDefault();
    void s.save();
  }
  return (
    <form className="section" onSubmit={save} noValidate aria-label={common("profile")}>
      <h2>{t("details")}</h2>
      <dl className="fields readonly">
        {READ_ONLY.map(([key, field]) => (
          <div key={key}>
            <dt>{label(key)}</dt>
            <dd>{profile[field] || "-"}</dd>
          </div>
        ))}
      </dl>
      <div className="fields">
        {OWN_FIELDS.map((f) => {
          const field = f.name as keyof ProfileDraft;
          const shown = profile[(f.ownView?.value ?? f.name) as keyof Profile] ?? "";
          const value = s.draft?.[field] ?? shown;
          const type = f.kind === "email" || f.kind === "tel" ? f.kind : undefined;
          return (
            <label key={field}>
              {label((f.ownView?.label ?? f.label) as FieldLabel)}
              <input
                type={type}
                dir={type !== undefined && value !== "" ? "ltr" : undefined}
                disabled={!editing}
                placeholder={editing ? undefined : t("notSet")}
                value={value}
                onChange={(e) => s.change(field, e.target.value)}
              />
            </label>
          );
        })}
      </div>
      <div className="actions">
        {editing
          ? (
            <>
              <button type="button" onClick={s.cancel}>{common("cancel")}</button>
              <button type="submit" className="primary">{common("save")}</button>
            </>
          )
          : <button type="button" onClick={s.edit}>{common("edit")}</button>}
      </div>
    </form>
  );
}

/** The own password change; Home's password banner leads here (#change-password). */
function ChangePassword() {
  const t = useT(SHELL_PASSWORD);
  const user = useSession((s) => s.user);
  const message = usePasswordChange((s) => s.message);
  const [passwords, setPasswords] = useState<PasswordValues>(NO_PASSWORDS);
  const form = useRef<HTMLFormElement>(null);
  const hash = useLocation({ select: (l) => l.hash });
  // straight to the current password
  useEffect(() => {
    if (hash === "change-password") form.current?.querySelector("input")?.focus();
  }, [hash]);
  useEffect(() => () => usePasswordChange.getState().reset(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (user === null) return;
    if (await usePasswordChange.getState().change(user, passwords, false)) {
      setPasswords(NO_PASSWORDS);
    }
  }

  return (
    <form
      ref={form}
      id="change-password"
      className="section"
      onSubmit={submit}
      noValidate
      aria-label={t("change")}
    >
      <h2>{t("change")}</h2>
      <div className="fields">
        <PasswordFields values={passwords} onChange={setPasswords} />
      </div>
      <p className={message?.ok ? "success" : "error"} role="status" aria-live="polite">
        {message?.text}
      </p>
      <div className="actions">
        <button type="submit" className="primary">{t("change")}</button>
      </div>
    </form>
  );
}
