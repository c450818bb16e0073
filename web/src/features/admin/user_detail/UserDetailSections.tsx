// The sections of the user detail (spec 2.7): profile (or its edit form), apps, password
// management and sessions (two-factor sign-in is UserTwoFactorSection.tsx). Each selects what it
// shows from the detail store and calls its actions; the page (UserDetailPage.tsx) owns the
// dialogs they open.

import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { appName } from "../../../../../api/rules/apps.ts";
import { expiryInfo } from "../expiry.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { FIELDS } from "../../../i18n/areas/fields.ts";
import { UDETAIL_PAGE } from "../texts/udetail_page.ts";
import { ULIST_EXPIRY } from "../texts/ulist_expiry.ts";
import { useT } from "../../../i18n/i18n.ts";
import { Rich } from "../../../i18n/Rich.tsx";
import { serverText } from "../../../i18n/server_text.ts";
import { type AdminUser, isLocked, useRoleName, useUserDetail } from "../admin_users.ts";
import { useSessions } from "../../profile/sessions.ts";
import { formatDateTime } from "../../../lib/time.ts";
import { SessionList } from "../../profile/SessionList.tsx";
import { useTimeZone } from "../../../ui/When.tsx";
import type { Offers } from "../user_offers.ts";
import { type UserEdit, UserEditForm } from "./UserEditForm.tsx";
import "../admin_users.css";

/** A dialog a section asks the page to open. */
export type DetailDialog =
  | "none"
  | "reset"
  | "deactivate"
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
  const t = useT(UDETAIL_PAGE);
  const label = useT(FIELDS);
  const common = useT(COMMON);
  const roleName = useRoleName();
  const locked = isLocked(user);
  const by = (time: string | null, who: string) => (
    <Rich text={t("whenBy", { time: when(time), who })} parts={[<bdi key="who" />]} />
  );
  const phone = user.phone || user.workPhone;
  return (
    <dl className="detail-fields">
      <Item label={label("employeeCode")}>{user.employeeCode}</Item>
      <Item label={label("fullName")}>{user.fullName}</Item>
      <Item label={label("firstName")}>{user.firstName}</Item>
      <Item label={label("middleName")}>{user.middleName}</Item>
      <Item label={label("lastName")}>{user.lastName}</Item>
      <Item label={label("gender")}>
        {user.gender && t("genderValue", { gender: user.gender })}
      </Item>
      <Item label={label("email")}>{user.email && <bdi>{user.email}</bdi>}</Item>
      <Item label={label("phone")}>{phone && <bdi>{phone}</bdi>}</Item>
      <Item label={label("station")}>{user.station}</Item>
      <Item label={label("department")}>{user.department}</Item>
      <Item label={label("jobTitle")}>{user.jobTitle}</Item>
      <Item label={label("position")}>{user.position}</Item>
      <Item label={t("role")}>{roleName(user.role)}</Item>
      <Item label={t("status")}>{common(user.isActive ? "active" : "inactive")}</Item>
      <Item label={t("activation")}>
        {user.activationStatus && t("activationValue", { status: user.activationStatus })}
      </Item>
      <Item label={t("locked")}>
        {locked ? t("lockedUntil", { time: when(user.lockedUntil) }) : common("no")}
      </Item>
      <Item label={t("failedSignIns")}>{String(user.loginAttempts)}</Item>
      <Item label={t("lastLogin")}>{user.lastLogin ? when(user.lastLogin) : t("never")}</Item>
      <Item label={t("lastSeen")}>{when(user.lastSeen)}</Item>
      <Item label={t("created")}>{by(user.createdAt, user.createdBy)}</Item>
      <Item label={t("updated")}>{by(user.updatedAt, user.updatedBy)}</Item>
    </dl>
  );
}

/** The profile: its fields with Edit, Activate or Deactivate and Unlock, or the edit form. */
export function ProfileSection(props: SectionProps & { mayChange: boolean }) {
  const { user, offers } = props;
  const busy = useUserDetail((s) => s.busy);
  const detail = useUserDetail.getState();
  const [editing, setEditing] = useState(false);
  const t = useT(UDETAIL_PAGE);
  const common = useT(COMMON);
  const roleName = useRoleName();
  const locked = isLocked(user);

  async function save(changes: UserEdit) {
    if (Object.keys(changes).length === 0) {
      setEditing(false);
      detail.say({ ok: true, text: t("noChanges") });
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
        <h2 id="profile-title">{editing ? t("editUser") : common("profile")}</h2>
        <span className={`role-badge role-${user.role}`}>{roleName(user.role)}</span>
        <span className={`user-state ${user.isActive ? "active" : "inactive"}`}>
          {common(user.isActive ? "active" : "inactive")}
        </span>
        {locked && <span className="user-locked">{t("lockedBadge")}</span>}
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
                  {common("edit")}
                </button>
                {offers.activate && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() =>
                      user.isActive ? props.open("deactivate") : void detail.setActive(true)}
                  >
                    {t(user.isActive ? "deactivate" : "activate")}
                  </button>
                )}
                {locked && offers.unlock && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void detail.unlock()}
                  >
                    {t("unlock")}
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
  const t = useT(UDETAIL_PAGE);
  return (
    <section className="section" aria-labelledby="apps-title">
      <div className="section-head">
        <h2 id="apps-title">{t("apps")}</h2>
      </div>
      {user.accessibleApps.length === 0
        ? <p className="notice">{t("noApps")}</p>
        : (
          <ul className="app-chips" aria-label={t("accessibleApps")}>
            {user.accessibleApps.map((a) => <li key={a}>{serverText(appName(a))}</li>)}
          </ul>
        )}
      {user.role === "super_admin" && <p className="notice">{t("superAdminApps")}</p>}
      {props.offers.apps && (
        <div className="actions start">
          <button type="button" disabled={busy} onClick={() => props.open("apps")}>
            {t("assignApps")}
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
  const t = useT(UDETAIL_PAGE);
  const common = useT(COMMON);
  // expiryInfo reads its texts outside React: wait until they are loaded in the language shown
  useT(ULIST_EXPIRY);
  const expiry = expiryInfo(user.passwordExpiry);
  return (
    <section className="section" aria-labelledby="password-title">
      <h2 id="password-title">{t("passwordManagement")}</h2>
      <dl className="detail-fields">
        <Item label={t("passwordExpiry")}>
          <span className={`expiry expiry-${expiry.tone}`} data-testid="password-expiry">
            {when(user.passwordExpiry)} ({expiry.text})
          </span>
        </Item>
        <Item label={t("lastPasswordChange")}>{when(user.lastPasswordChange)}</Item>
        <Item label={t("mustChangePassword")}>
          {common(user.needsPasswordChange ? "yes" : "no")}
        </Item>
      </dl>
      <div className="actions start">
        {offers.reset && (
          <button type="button" disabled={busy} onClick={() => props.open("reset")}>
            {t("resetPassword")}
          </button>
        )}
        {offers.extend && (
          <>
            <button type="button" disabled={busy} onClick={() => void extend(30)}>
              {t("extendDays", { days: 30 })}
            </button>
            <button type="button" disabled={busy} onClick={() => void extend(90)}>
              {t("extendDays", { days: 90 })}
            </button>
          </>
        )}
      </div>
      {props.self && (
        <p className="notice">
          <Rich text={t("ownPassword")} parts={[<Link key="profile" to="/profile" />]} />
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
  const t = useT(UDETAIL_PAGE);
  return (
    <section className="section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t("sessions")}</h2>
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
            {t("signOutEverywhere")}
          </button>
        </div>
      )}
    </section>
  );
}

/** Delete User, asked twice by the page. */
export function DangerZone(props: SectionProps) {
  const busy = useUserDetail((s) => s.busy);
  const t = useT(UDETAIL_PAGE);
  return (
    <section className="section danger-zone" aria-labelledby="danger-title">
      <h2 id="danger-title">{t("dangerZone")}</h2>
      <p>{t("dangerText")}</p>
      <div className="actions start">
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={() => props.open("delete1")}
        >
          {t("deleteUser")}
        </button>
      </div>
    </section>
  );
}
