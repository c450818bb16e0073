// Profile: read-only identity, the editable contact fields (Edit / Save / Cancel) and the own
// password change.

import { useLocation } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { api, ApiError, unwrap } from "../api/client.ts";
import { useSession } from "../stores/session.ts";
import { Frame } from "./Frame.tsx";
import {
  NO_PASSWORDS,
  passwordContentProblem,
  PasswordFields,
  passwordProblem,
  type PasswordValues,
} from "./PasswordFields.tsx";

interface Profile {
  employeeCode: string;
  fullName: string;
  station: string;
  jobTitle: string;
  email: string;
  workPhone: string;
  department: string;
}

/** The profile screen. */
export function ProfilePage() {
  const user = useSession((s) => s.user);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [draft, setDraft] = useState({ email: "", phone: "", department: "" });
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const code = user?.employeeCode ?? "";

  useEffect(() => {
    if (code === "") return;
    unwrap(api.api.users[":code"].$get({ param: { code } }))
      .then((p) => setProfile(p))
      .catch(() => setStatus({ ok: false, text: "Failed to load profile data" }));
  }, [code]);

  async function save(e: FormEvent) {
    e.preventDefault();
    try {
      const p = await unwrap(api.api.users[":code"].$put({ param: { code }, json: draft }));
      setProfile(p);
      setEditing(false);
      setStatus({ ok: true, text: "Profile updated" });
    } catch (err) {
      setStatus({
        ok: false,
        text: err instanceof ApiError && err.status !== 0
          ? err.message
          : "Failed to update profile",
      });
    }
  }

  if (user === null) return null;
  return (
    <Frame title="My Profile" subtitle={user.fullName}>
      <p className={status?.ok ? "success" : "error"} role="status" aria-live="polite">
        {status?.text}
      </p>
      {profile !== null && (
        <form className="section" onSubmit={save} noValidate aria-label="Profile">
          <h2>Details</h2>
          <dl className="fields readonly">
            {([["Employee code", profile.employeeCode], ["Full name", profile.fullName], [
              "Station",
              profile.station,
            ], ["Job title", profile.jobTitle]] as const)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value || "-"}</dd>
                </div>
              ))}
          </dl>
          <div className="fields">
            <label>
              Email
              <input
                type="email"
                disabled={!editing}
                placeholder={editing ? undefined : "Not set"}
                value={editing ? draft.email : profile.email}
                onChange={(e) =>
                  setDraft({ ...draft, email: e.target.value })}
              />
            </label>
            <label>
              Work phone
              <input
                type="tel"
                disabled={!editing}
                placeholder={editing ? undefined : "Not set"}
                value={editing ? draft.phone : profile.workPhone}
                onChange={(e) =>
                  setDraft({ ...draft, phone: e.target.value })}
              />
            </label>
            <label>
              Department
              <input
                disabled={!editing}
                placeholder={editing ? undefined : "Not set"}
                value={editing ? draft.department : profile.department}
                onChange={(e) =>
                  setDraft({ ...draft, department: e.target.value })}
              />
            </label>
          </div>
          <div className="actions">
            {editing
              ? (
                <>
                  <button
                    type="button"
                    onClick={() => {
                      // what was refused goes with the edit it belonged to
                      setEditing(false);
                      setStatus(null);
                    }}
                  >
                    Cancel
                  </button>
                  <button type="submit" className="primary">Save</button>
                </>
              )
              : (
                <button
                  type="button"
                  onClick={() => {
                    setDraft({
                      email: profile.email,
                      phone: profile.workPhone,
                      department: profile.department,
                    });
                    setEditing(true);
                    setStatus(null);
                  }}
                >
                  Edit
                </button>
              )}
          </div>
        </form>
      )}
      <ChangePassword code={code} />
    </Frame>
  );
}

function ChangePassword(props: { code: string }) {
  const user = useSession((s) => s.user);
  const [passwords, setPasswords] = useState<PasswordValues>(NO_PASSWORDS);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const hash = useLocation({ select: (l) => l.hash });
  // Home's password banner leads here: straight to the current password
  useEffect(() => {
    if (hash === "change-password") form.current?.querySelector("input")?.focus();
  }, [hash]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = passwordProblem(passwords, false) ||
      await passwordContentProblem(passwords.next, user ?? { employeeCode: props.code });
    if (problem !== "") return setMessage({ ok: false, text: problem });
    try {
      await unwrap(
        api.api.users[":code"]["change-password"].$post({
          param: { code: props.code },
          json: { currentPassword: passwords.current, newPassword: passwords.next },
        }),
      );
      setMessage({ ok: true, text: "Password changed" });
      setPasswords(NO_PASSWORDS);
    } catch (err) {
      setMessage({
        ok: false,
        text: err instanceof ApiError && err.status !== 0
          ? err.message
          : "Failed to change password",
      });
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
