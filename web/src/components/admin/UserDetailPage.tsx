// /apps/admin-apps/users/{employeeCode}: one user (spec 2.7): every field, edit, activate or
// deactivate, apps, permission flags, password management, sessions, two-factor sign-in (issue
// 26) and the danger zone.

import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { type AdminUser, useUserDetail } from "../../stores/admin_users.ts";
import { useSession } from "../../stores/session.ts";
import { useAdminUsers } from "../../stores/user_list.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { can, mayChangeRole } from "../../../../api/rules/access.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import { AssignAppsDialog } from "./AssignAppsDialog.tsx";
import { DELETE_MISMATCH, TypeDeleteDialog } from "./TypeDeleteDialog.tsx";
import {
  AppsSection,
  DangerZone,
  type DetailDialog,
  PasswordSection,
  ProfileSection,
  SessionsSection,
} from "./UserDetailSections.tsx";
import { UserPermissions } from "./UserPermissions.tsx";
import { UserStatusLine } from "./UserStatusLine.tsx";
import { TwoFactorSection } from "./UserTwoFactorSection.tsx";
import { UserAuditLinks } from "./UserAuditLinks.tsx";
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

/** The account's sections, with the dialogs they open. */
function UserDetail(props: { user: AdminUser }) {
  const { user } = props;
  const actor = useSession((s) => s.user);
  const status = useUserDetail((s) => s.status);
  const busy = useUserDetail((s) => s.busy);
  const detail = useUserDetail.getState();
  const [dialog, setDialog] = useState<DetailDialog>("none");
  // the server refuses any change of a super admin by anyone else (design 3)
  const mayChange = mayChangeRole(actor, user);
  // only what the server takes from this caller: on one's own account the own profile's edit
  const section = { user, offers: offersOn(actor, user), open: setDialog };
  const self = actor?.employeeCode === user.employeeCode;

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
      <ProfileSection {...section} mayChange={mayChange} />
      <UserAuditLinks user={user} />
      <AppsSection {...section} />
      {user.role !== "user" && (
        <UserPermissions
          key={`${user.updatedAt}-${user.role}`}
          user={user}
          busy={busy}
          onSave={(flags) => detail.savePermissions(flags)}
        />
      )}
      <PasswordSection {...section} self={self} />
      <SessionsSection {...section} />
      <TwoFactorSection {...section} self={self} />
      {section.offers.delete && <DangerZone {...section} />}
      <DetailDialogs user={user} dialog={dialog} close={() => setDialog("none")} open={setDialog} />
    </div>
  );
}

/** The dialog a section opened: reset, sign out, apps, two-factor reset, or a deletion's steps. */
function DetailDialogs(
  props: {
    user: AdminUser;
    dialog: DetailDialog;
    close: () => void;
    open: (dialog: DetailDialog) => void;
  },
) {
  const { user, close } = props;
  const c = user.employeeCode;
  const detail = useUserDetail.getState();
  const navigate = useNavigate();
  const then = (run: () => void) => () => {
    close();
    run();
  };
  switch (props.dialog) {
    case "reset":
      return (
        <ConfirmDialog
          title="Reset Password"
          text={`Reset the password of ${user.fullName} (${c}) to a new one-time password? They are signed out, and the one-time password is shown to you once.`}
          confirmLabel="Reset Password"
          onCancel={close}
          onConfirm={then(() => void detail.resetPassword())}
        />
      );
    case "signout":
      return (
        <ConfirmDialog
          title="Sign out everywhere"
          text={`End every session of ${user.fullName} (${c})? They must sign in again.`}
          confirmLabel="Sign out everywhere"
          onCancel={close}
          onConfirm={then(() => void detail.endSessions())}
        />
      );
    case "twoFactor":
      return (
        <ConfirmDialog
          title="Reset two-factor sign-in"
          text={`Reset two-factor sign-in of ${user.fullName} (${c})? This removes their authenticator app, passkeys and recovery codes and signs them out everywhere.`}
          confirmLabel="Reset two-factor sign-in"
          onCancel={close}
          onConfirm={then(() => void detail.resetTwoFactor())}
        />
      );
    case "apps":
      return <AssignAppsDialog user={user} onSave={detail.assignApps} onClose={close} />;
    case "delete1":
      return (
        <ConfirmDialog
          title="Delete User"
          text={`Delete ${user.fullName} (${c})? This cannot be undone.`}
          confirmLabel="Continue"
          onCancel={close}
          onConfirm={() => props.open("delete2")}
        />
      );
    case "delete2":
      return (
        <TypeDeleteDialog
          whom={c}
          confirmLabel="Delete User"
          onCancel={close}
          onMismatch={() => detail.say({ ok: false, text: DELETE_MISMATCH })}
          onConfirmed={async () => {
            if (!await detail.remove()) return;
            useAdminUsers.getState().say({ ok: true, text: `User ${c} deleted` });
            await navigate({ to: "/apps/admin-apps/users" });
          }}
        />
      );
    default:
      return null;
  }
}
