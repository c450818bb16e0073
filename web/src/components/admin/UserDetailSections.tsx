// The sections of the user detail (spec 2.7): profile (or its edit form), apps, password
// management and sessions (two-factor sign-in is UserTwoFactorSection.tsx). Each selects what it
// shows from the detail store and calls its actions; the page (UserDetailPage.tsx) owns the
// dialogs they open.

import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { appName } from "../../../../api/rules/apps.ts";
import { expiryInfo } from "../../admin/expiry.ts";
import { type AdminUser, isLocked, ROLE_NAMES, useUserDetail } from "../../stores/admin_users.ts";
import { useSessions } from "../../stores/sessions.ts";
import { formatDateTime } from "../../time.ts";
import { SessionList } from "../SessionList.tsx";
import { useTimeZone } from "../When.tsx";
import type { Offers } from "./user_offers.ts";
import { type UserEdit, UserEditForm } from "./UserEditForm.tsx";
import "./admin_users.css";

/** A dialog a section asks the page to open. */
export type DetailDialog =
  | "none"
  | "reset"
  | "apps"
  | "signout"
  | "twoFactor"
  | "delete1"
  | "delete2";

/** What every section gets: the account, what may be offered on it, and the dialog opener. */
export interface SectionProps {
  user: AdminUser;
  offers: Offers;
  open: (dialog: DetailDialog) => void;
}

/** A field of a details list; empty reads '-'. */
export function Item(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd>{props.children === "" || props.children === null ? "-" : props.children}</dd>
    </div>
  );
}

/** A time in the user's time zone. */
export function useWhen(): (iso: string | null) => string {
  const zone = useTimeZone();
  return (iso: string | null) => formatDateTime(iso, zone);
}

/** Every field of the account. */
function ProfileFields(props: { user: AdminUser }) {
  const { user } = props;
  const when = useWhen();
  const locked = isLocked(user);
  return (
    <dl className="detail-fields">
      <Item label="Employee Code">{user.employeeCode}</Item>
      <Item label="Full Name">{user.fullName}</Item>
      <Item label="First Name">{user.firstName}</Item>
      <Item label="Middle Name">{user.middleName}</Item>
      <Item label="Last Name">{user.lastName}</Item>
      <Item label="Gender">{user.gender}</Item>
      <Item label="Email">{user.email}</Item>
      <Item label="Phone">{user.phone || user.workPhone}</Item>
      <Item label="Station">{user.station}</Item>
      <Item label="Department">{user.department}</Item>
      <Item label="Job Title">{user.jobTitle}</Item>
      <Item label="Position">{user.position}</Item>
      <Item label="Role">{ROLE_NAMES[user.role]}</Item>
      <Item label="Status">{user.isActive ? "Active" : "Inactive"}</Item>
      <Item label="Activation">{user.activationStatus}</Item>
      <Item label="Locked">{locked ? `Until ${when(user.lockedUntil)}` : "No"}</Item>
      <Item label="Failed sign-ins">{String(user.loginAttempts)}</Item>
      <Item label="Last Login">{user.lastLogin ? when(user.lastLogin) : "Never"}</Item>
      <Item label="Last Seen">{when(user.lastSeen)}</Item>
      <Item label="Created">{`${when(user.createdAt)} by ${user.createdBy}`}</Item>
      <Item label="Updated">{`${when(user.updatedAt)} by ${user.updatedBy}`}</Item>
    </dl>
  );
}

/** The profile: its fields with Edit, Activate or Deactivate and Unlock, or the edit form. */
export function ProfileSection(props: SectionProps & { mayChange: boolean }) {
  const { user, offers } = props;
  const busy = useUserDetail((s) => s.busy);
  const detail = useUserDetail.getState();
  const [editing, setEditing] = useState(false);
  const locked = isLocked(user);

  async function save(changes: UserEdit) {
    if (Object.keys(changes).length === 0) {
      setEditing(false);
      detail.say({ ok: true, text: "No changes to save" });
      return true;
    }
    const saved = await detail.save(changes);
    // saved, or someone else saved first: the form closes on the account as it is now
    if (saved !== false) setEditing(false);
    return saved === true;
  }

  return (
    <section className="section" aria-labelledby="profile-title">
      <div className="section-head">
        <h2 id="profile-title">{editing ? "Edit User" : "Profile"}</h2>
        <span className={`role-badge role-${user.role}`}>{ROLE_NAMES[user.role]}</span>
        <span className={`user-state ${user.isActive ? "active" : "inactive"}`}>
          {user.isActive ? "Active" : "Inactive"}
        </span>
        {locked && <span className="user-locked">LOCKED</span>}
      </div>
      {editing
        ? <UserEditForm user={user} busy={busy} onSave={save} onCancel={() => setEditing(false)} />
        : (
          <>
            <ProfileFields user={user} />
            {props.mayChange && (
              <div className="actions start">
                <button
                  type="button"
                  className="primary"
                  disabled={busy}
                  onClick={() => setEditing(true)}
                >
                  Edit
                </button>
                {offers.activate && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void detail.setActive(!user.isActive)}
                  >
                    {user.isActive ? "Deactivate" : "Activate"}
                  </button>
                )}
                {locked && offers.unlock && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void detail.unlock()}
                  >
                    Unlock
                  </button>
                )}
              </div>
            )}
          </>
        )}
    </section>
  );
}

/** The apps the account opens, with Assign Apps. */
export function AppsSection(props: SectionProps) {
  const { user } = props;
  const busy = useUserDetail((s) => s.busy);
  return (
    <section className="section" aria-labelledby="apps-title">
      <div className="section-head">
        <h2 id="apps-title">Apps</h2>
      </div>
      {user.accessibleApps.length === 0
        ? <p className="notice">No apps assigned.</p>
        : (
          <ul className="app-chips" aria-label="Accessible apps">
            {user.accessibleApps.map((a) => <li key={a}>{appName(a)}</li>)}
          </ul>
        )}
      {user.role === "super_admin" && (
        <p className="notice">Super admins open every app whatever is assigned.</p>
      )}
      {props.offers.apps && (
        <div className="actions start">
          <button type="button" disabled={busy} onClick={() => props.open("apps")}>
            Assign Apps
          </button>
        </div>
      )}
    </section>
  );
}

/** The password's expiry and last change, with Reset Password and the extensions. */
export function PasswordSection(props: SectionProps & { self: boolean }) {
  const { user, offers } = props;
  const busy = useUserDetail((s) => s.busy);
  const extend = useUserDetail((s) => s.extend);
  const when = useWhen();
  const expiry = expiryInfo(user.passwordExpiry);
  return (
    <section className="section" aria-labelledby="password-title">
      <h2 id="password-title">Password Management</h2>
      <dl className="detail-fields">
        <Item label="Password Expiry">
          <span className={`expiry expiry-${expiry.tone}`} data-testid="password-expiry">
            {when(user.passwordExpiry)} ({expiry.text})
          </span>
        </Item>
        <Item label="Last Password Change">{when(user.lastPasswordChange)}</Item>
        <Item label="Must Change Password">{user.needsPasswordChange ? "Yes" : "No"}</Item>
      </dl>
      <div className="actions start">
        {offers.reset && (
          <button type="button" disabled={busy} onClick={() => props.open("reset")}>
            Reset Password
          </button>
        )}
        {offers.extend && (
          <>
            <button type="button" disabled={busy} onClick={() => void extend(30)}>
              Extend 30 Days
            </button>
            <button type="button" disabled={busy} onClick={() => void extend(90)}>
              Extend 90 Days
            </button>
          </>
        )}
      </div>
      {props.self && (
        <p className="notice">
          Change your own password from <Link to="/profile">your profile</Link>.
        </p>
      )}
    </section>
  );
}

/** The account's sessions, each with End session, and Sign out everywhere. */
export function SessionsSection(props: SectionProps) {
  const busy = useUserDetail((s) => s.busy);
  // the detail store counts the sessions again after each of its actions: the list follows
  const counted = useUserDetail((s) => s.sessions);
  const listed = useSessions((s) => s.sessions);
  return (
    <section className="section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      <SessionList
        whose={{ code: props.user.employeeCode }}
        canEnd={props.offers.signOut}
        version={counted}
      />
      {props.offers.signOut && (
        <div className="actions start">
          <button
            type="button"
            disabled={busy || listed?.length === 0}
            onClick={() => props.open("signout")}
          >
            Sign out everywhere
          </button>
        </div>
      )}
    </section>
  );
}

/** Delete User, asked twice by the page. */
export function DangerZone(props: SectionProps) {
  const busy = useUserDetail((s) => s.busy);
  return (
    <section className="section danger-zone" aria-labelledby="danger-title">
      <h2 id="danger-title">Danger Zone</h2>
      <p>Deleting the account removes it for good; its audit entries stay.</p>
      <div className="actions start">
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={() => props.open("delete1")}
        >
          Delete User
        </button>
      </div>
    </section>
  );
}
