// Profile: read-only identity, the editable contact fields (Edit / Save / Cancel), the own
// password change, two-factor sign-in and the own sessions. The route's loader starts loading
// the profile (stores/profile.ts).

import { useLocation } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { NO_PASSWORDS, type PasswordValues, usePasswordChange } from "../stores/password_change.ts";
import { type Profile, type ProfileDraft, useProfile } from "../stores/profile.ts";
import { useSession } from "../stores/session.ts";
import { Frame } from "./Frame.tsx";
import { PasswordFields } from "./PasswordFields.tsx";
import { SessionList } from "./SessionList.tsx";
import { TwoFactorSettings } from "./two_factor/TwoFactorSettings.tsx";

/** The profile screen. */
export function ProfilePage() {
  const user = useSession((s) => s.user);
  const profile = useProfile((s) => s.profile);
  const status = useProfile((s) => s.status);
  if (user === null) return null;
  return (
    <Frame title="My Profile" subtitle={user.fullName}>
      <p className={status?.ok ? "success" : "error"} role="status" aria-live="polite">
        {status?.text}
      </p>
      {profile !== null && <ProfileForm profile={profile} />}
      <ChangePassword />
      <TwoFactorSettings />
      <section className="section" aria-labelledby="my-sessions-title">
        <h2 id="my-sessions-title">Sessions</h2>
        <p className="notice">
          Where you are signed in now. End a session you do not recognise, or one left open on a
          shared PC.
        </p>
        <SessionList whose="own" canEnd />
      </section>
    </Frame>
  );
}

const READ_ONLY = [
  ["Employee code", "employeeCode"],
  ["Full name", "fullName"],
  ["Station", "station"],
  ["Job title", "jobTitle"],
] as const satisfies readonly (readonly [string, keyof Profile])[];

const EDITABLE = [
  ["Email", "email", "email", "email"],
  ["Work phone", "phone", "workPhone", "tel"],
  ["Department", "department", "department", undefined],
] as const satisfies readonly (readonly [string, keyof ProfileDraft, keyof Profile, string?])[];

/** The details: identity read-only, contact fields editable after Edit. */
function ProfileForm(props: { profile: Profile }) {
  const { profile } = props;
  const s = useProfile();
  const editing = s.draft !== null;
  function save(e: FormEvent) {
    e.preventDefault();
    void s.save();
  }
  return (
    <form className="section" onSubmit={save} noValidate aria-label="Profile">
      <h2>Details</h2>
      <dl className="fields readonly">
        {READ_ONLY.map(([label, key]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{profile[key] || "-"}</dd>
          </div>
        ))}
      </dl>
      <div className="fields">
        {EDITABLE.map(([label, field, saved, type]) => (
          <label key={field}>
            {label}
            <input
              type={type}
              disabled={!editing}
              placeholder={editing ? undefined : "Not set"}
              value={s.draft?.[field] ?? profile[saved]}
              onChange={(e) => s.change(field, e.target.value)}
            />
          </label>
        ))}
      </div>
      <div className="actions">
        {editing
          ? (
            <>
              <button type="button" onClick={s.cancel}>Cancel</button>
              <button type="submit" className="primary">Save</button>
            </>
          )
          : <button type="button" onClick={s.edit}>Edit</button>}
      </div>
    </form>
  );
}

/** The own password change; Home's password banner leads here (#change-password). */
function ChangePassword() {
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
      aria-label="Change Password"
    >
      <h2>Change Password</h2>
      <div className="fields">
        <PasswordFields values={passwords} onChange={setPasswords} />
      </div>
      <p className={message?.ok ? "success" : "error"} role="status" aria-live="polite">
        {message?.text}
      </p>
      <div className="actions">
        <button type="submit" className="primary">Change Password</button>
      </div>
    </form>
  );
}
