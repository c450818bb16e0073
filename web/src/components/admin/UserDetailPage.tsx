// /apps/admin-apps/users/{employeeCode}: one user (spec 2.7): every field, edit, activate or
// deactivate, apps, permission flags, password management, sessions and the danger zone.

import { Link, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useEffect, useState } from "react";
import {
  type AdminUser,
  expiryInfo,
  isLocked,
  ROLE_NAMES,
  userCalls,
  useUserDetail,
} from "../../stores/admin_users.ts";
import { useSession } from "../../stores/session.ts";
import { useAdminUsers } from "../../stores/user_list.ts";
import { formatDateTime } from "../../time.ts";
import { useTimeZone } from "../When.tsx";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { can, mayChangeRole } from "../../../../api/rules/access.ts";
import { appName } from "../../../../api/rules/apps.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import { AssignAppsDialog } from "./AssignAppsDialog.tsx";
import { PromptDialog } from "./PromptDialog.tsx";
import { type UserEdit, UserEditForm } from "./UserEditForm.tsx";
import { UserPermissions } from "./UserPermissions.tsx";
import { UserStatusLine } from "./UserStatusLine.tsx";
import { offersOn } from "./user_offers.ts";
import "./admin_users.css";

/** The user detail screen of the route's (decoded) employee code. */
export function UserDetailPage(props: { employeeCode: string }) {
  const code = props.employeeCode.trim();
  const state = useUserDetail((s) => s.state);
  const user = useUserDetail((s) => s.user);
  const error = useUserDetail((s) => s.error);
  useEffect(() => {
    // the route's loader opens the user; a status belongs to this visit
    return () => useUserDetail.getState().say(null);
  }, [code]);

  if (code === "" || state === "missing") {
    return (
      <AdminFrame title="User Not Found">
        <div className="empty users-state" role="alert">
          <h2>User Not Found</h2>
          <p>{code === "" ? "No employee code provided" : error ?? `User ${code} not found`}</p>
          {code !== "" && <OutsideStation code={code} />}
          <Link to="/apps/admin-apps/users" className="button-link">Back to Users</Link>
        </div>
      </AdminFrame>
    );
  }
  if (state === "error" && user === null) {
    return (
      <AdminFrame title="User Details" subtitle={code}>
        <div className="empty users-state" role="alert">
          <h2>Error Loading User</h2>
          <p>{error}</p>
          <div className="actions start">
            <button
              type="button"
              className="primary"
              onClick={() => void useUserDetail.getState().open(code)}
            >
              Retry
            </button>
            <Link to="/apps/admin-apps/users" className="button-link">Back to Users</Link>
          </div>
        </div>
      </AdminFrame>
    );
  }
  if (user === null) {
    return (
      <AdminFrame title="User Details" subtitle={code}>
        <p className="loading" role="status">Loading user...</p>
      </AdminFrame>
    );
  }
  return (
    <AdminFrame
      title="User Details"
      subtitle={`${user.fullName || user.employeeCode} (${user.employeeCode})`}
    >
      <UserDetail user={user} />
    </AdminFrame>
  );
}

/**
 * For an admin who sees one station: the server answers the same for a code that does not exist
 * and for a user of another station (so that codes of other stations stay unknown), so say both.
 */
function OutsideStation(props: { code: string }) {
  const actor = useSession((s) => s.user);
  if (actor === null || can(actor, "allStations")) return null;
  return (
    <p>
      No user with the code {props.code}{" "}
      is in your station ({actor.station}). Users of other stations are outside your access; an
      administrator who can view all stations can open them.
    </p>
  );
}

type Dialog = "none" | "reset" | "apps" | "signout" | "delete1" | "delete2";

function UserDetail(props: { user: AdminUser }) {
  const { user } = props;
  const actor = useSession((s) => s.user);
  const zone = useTimeZone();
  const when = (iso: string | null) => formatDateTime(iso, zone);
  const status = useUserDetail((s) => s.status);
  const busy = useUserDetail((s) => s.busy);
  const sessions = useUserDetail((s) => s.sessions);
  const detail = useUserDetail.getState();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<Dialog>("none");
  const c = user.employeeCode;
  const self = actor?.employeeCode === c;
  // the server refuses any change of a super admin by anyone else (design 3)
  const mayChange = mayChangeRole(actor, user);
  // only what the server takes from this caller: on one's own account the own profile's edit
  const offers = offersOn(actor, user);
  const locked = isLocked(user);
  const expiry = expiryInfo(user.passwordExpiry);

  const setActive = (active: boolean) =>
    detail.apply(
      () => userCalls.update(c, { isActive: active }),
      `User ${c} ${active ? "activated" : "deactivated"}`,
      (m) => ({
        ok: false,
        text: active ? "Failed to activate user" : "Failed to deactivate user",
        details: [m],
      }),
    );

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

  const extend = (days: 30 | 90) =>
    detail.apply(
      () => userCalls.extend(c, days),
      `Password expiry extended by ${days} days`,
      (m) => ({ ok: false, text: "Failed to extend password(s)", details: [m] }),
    );

  return (
    <div className="user-detail">
      <Link to="/apps/admin-apps/users" className="back-link">
        <span aria-hidden="true">←</span> Back to Users
      </Link>
      <div className="users-sticky">
        <UserStatusLine status={status} onClose={() => detail.say(null)} />
      </div>
      {!mayChange && (
        <p className="banner warning">Only a super admin can change a super admin account.</p>
      )}

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
          ? (
            <UserEditForm
              user={user}
              busy={busy}
              onSave={save}
              onCancel={() => setEditing(false)}
            />
          )
          : (
            <>
              <dl className="detail-fields">
                <Item label="Employee Code">{c}</Item>
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
              {mayChange && (
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
                      onClick={() => setActive(!user.isActive)}
                    >
                      {user.isActive ? "Deactivate" : "Activate"}
                    </button>
                  )}
                  {locked && offers.unlock && (
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() =>
                        detail.apply(
                          () => userCalls.unlock(c),
                          `Account ${c} unlocked`,
                          (m) => ({ ok: false, text: `Failed to unlock account: ${m}` }),
                        )}
                    >
                      Unlock
                    </button>
                  )}
                </div>
              )}
            </>
          )}
      </section>

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
        {offers.apps && (
          <div className="actions start">
            <button type="button" disabled={busy} onClick={() => setDialog("apps")}>
              Assign Apps
            </button>
          </div>
        )}
      </section>

      {user.role !== "user" && (
        <UserPermissions
          key={`${user.updatedAt}-${user.role}`}
          user={user}
          busy={busy}
          onSave={(flags) =>
            detail.apply(
              () => userCalls.update(c, flags),
              "Permissions saved",
              (m) => ({ ok: false, text: "Failed to save changes", details: [m] }),
            )}
        />
      )}

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
            <button type="button" disabled={busy} onClick={() => setDialog("reset")}>
              Reset Password
            </button>
          )}
          {offers.extend && (
            <>
              <button type="button" disabled={busy} onClick={() => extend(30)}>
                Extend 30 Days
              </button>
              <button type="button" disabled={busy} onClick={() => extend(90)}>
                Extend 90 Days
              </button>
            </>
          )}
        </div>
        {self && (
          <p className="notice">
            Change your own password from <Link to="/profile">your profile</Link>.
          </p>
        )}
      </section>

      <section className="section" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        <p>
          {sessions === null ? "Active sessions: unknown" : `Active sessions: ${sessions}`}
        </p>
        {offers.signOut && (
          <div className="actions start">
            <button
              type="button"
              disabled={busy || sessions === 0}
              onClick={() => setDialog("signout")}
            >
              Sign out everywhere
            </button>
          </div>
        )}
      </section>

      {offers.delete && (
        <section className="section danger-zone" aria-labelledby="danger-title">
          <h2 id="danger-title">Danger Zone</h2>
          <p>Deleting the account removes it for good; its audit entries stay.</p>
          <div className="actions start">
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={() => setDialog("delete1")}
            >
              Delete User
            </button>
          </div>
        </section>
      )}

      {dialog === "reset" && (
        <ConfirmDialog
          title="Reset Password"
          text={`Reset the password of ${user.fullName} (${c}) to a new one-time password? They are signed out, and the one-time password is shown to you once.`}
          confirmLabel="Reset Password"
          onCancel={() => setDialog("none")}
          onConfirm={() => {
            setDialog("none");
            void detail.apply(
              () => userCalls.resetPassword(c),
              `Password of ${c} reset to a one-time password; it must be changed at the next sign-in`,
              (m) => ({ ok: false, text: `Failed to reset password: ${m}` }),
            );
          }}
        />
      )}
      {dialog === "signout" && (
        <ConfirmDialog
          title="Sign out everywhere"
          text={`End every session of ${user.fullName} (${c})? They must sign in again.`}
          confirmLabel="Sign out everywhere"
          onCancel={() => setDialog("none")}
          onConfirm={() => {
            setDialog("none");
            void detail.endSessions();
          }}
        />
      )}
      {dialog === "apps" && (
        <AssignAppsDialog
          user={user}
          onSave={(apps) => detail.assignApps(apps)}
          onClose={() => setDialog("none")}
        />
      )}
      {dialog === "delete1" && (
        <ConfirmDialog
          title="Delete User"
          text={`Delete ${user.fullName} (${c})? This cannot be undone.`}
          confirmLabel="Continue"
          onCancel={() => setDialog("none")}
          onConfirm={() => setDialog("delete2")}
        />
      )}
      {dialog === "delete2" && (
        <PromptDialog
          title="Type DELETE to confirm"
          text={`Type DELETE in capitals to delete ${c}.`}
          label="Confirmation"
          confirmLabel="Delete User"
          danger
          onCancel={() => setDialog("none")}
          onSubmit={async (value) => {
            setDialog("none");
            if (value.trim() !== "DELETE") {
              detail.say({
                ok: false,
                text: "Deletion cancelled - confirmation text did not match",
              });
              return;
            }
            if (await detail.remove()) {
              useAdminUsers.getState().say({ ok: true, text: `User ${c} deleted` });
              await navigate({ to: "/apps/admin-apps/users" });
            }
          }}
        />
      )}
    </div>
  );
}

function Item(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd>{props.children === "" || props.children === null ? "-" : props.children}</dd>
    </div>
  );
}
