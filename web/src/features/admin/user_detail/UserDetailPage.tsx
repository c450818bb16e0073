// /apps/admin-apps/users/{employeeCode}: one user (spec 2.7): every field, edit, activate or
// deactivate, apps, permission flags, password management, sessions, two-factor sign-in (issue
// 26) and the danger zone.

import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { COMMON } from "../../../i18n/areas/common.ts";
import { UDETAIL_PAGE } from "../texts/udetail_page.ts";
import { text, useT } from "../../../i18n/i18n.ts";
import { currentLanguage, DIRECTION } from "../../../i18n/language.ts";
import { Rich } from "../../../i18n/Rich.tsx";
import { serverText } from "../../../i18n/server_text.ts";
import { type AdminUser, type UserDetailState, useUserDetail } from "../admin_users.ts";
import { useSession } from "../../shell/session.ts";
import { useAdminUsers } from "../users/user_list.ts";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";
import { can, mayManage } from "../../../../../api/rules/access.ts";
import { AdminFrame } from "../AdminFrame.tsx";
import { AssignAppsDialog } from "../AssignAppsDialog.tsx";
import { deleteMismatchText, TypeDeleteDialog } from "../TypeDeleteDialog.tsx";
import {
  AppsSection,
  DangerZone,
  type DetailDialog,
  PasswordSection,
  ProfileSection,
  SessionsSection,
} from "./UserDetailSections.tsx";
import { UserPermissions } from "./UserPermissions.tsx";
import { UserStatusLine } from "../UserStatusLine.tsx";
import { TwoFactorSection } from "./UserTwoFactorSection.tsx";
import { UserAuditLinks } from "./UserAuditLinks.tsx";
import { offersOn } from "../user_offers.ts";
import "../admin_users.css";

/** The user detail screen of the route's (decoded) employee code. */
export function UserDetailPage(props: { employeeCode: string }) {
  const code = props.employeeCode.trim();
  const state = useUserDetail((s) => s.state);
  const user = useUserDetail((s) => s.user);
  const error = useUserDetail((s) => s.error);
  const t = useT(UDETAIL_PAGE);
  const common = useT(COMMON);
  useEffect(() => {
    // the route's loader opens the user; a status belongs to this visit
    return () => useUserDetail.getState().say(null);
  }, [code]);

  if (code === "" || state === "missing") {
    return (
      <AdminFrame title={t("notFoundTitle")}>
        <div className="empty users-state" role="alert">
          <h2>{t("notFoundTitle")}</h2>
          <p>
            {code === ""
              ? t("noCode")
              : error === null
              ? t("userNotFound", { code })
              : serverText(error)}
          </p>
          {code !== "" && <OutsideStation code={code} />}
          <Link to="/apps/admin-apps/users" className="button-link">{t("backToUsers")}</Link>
        </div>
      </AdminFrame>
    );
  }
  if (state === "error" && user === null) {
    return (
      <AdminFrame title={t("detailsTitle")} subtitle={code}>
        <div className="empty users-state" role="alert">
          <h2>{t("loadErrorTitle")}</h2>
          <p>{error}</p>
          <div className="actions start">
            <button
              type="button"
              className="primary"
              onClick={() => void useUserDetail.getState().open(code)}
            >
              {common("retry")}
            </button>
            <Link to="/apps/admin-apps/users" className="button-link">{t("backToUsers")}</Link>
          </div>
        </div>
      </AdminFrame>
    );
  }
  if (user === null) {
    return (
      <AdminFrame title={t("detailsTitle")} subtitle={code}>
        <p className="loading" role="status">{t("loadingUser")}</p>
      </AdminFrame>
    );
  }
  return (
    <AdminFrame
      title={t("detailsTitle")}
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
  const t = useT(UDETAIL_PAGE);
  if (actor === null || can(actor, "allStations")) return null;
  return (
    <p>
      <Rich
        text={t("outsideStation", { code: props.code, station: actor.station })}
        parts={[<bdi key="code" />, <bdi key="station" />]}
      />
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
  const t = useT(UDETAIL_PAGE);
  const self = actor?.employeeCode === user.employeeCode;
  // the server refuses any change of an account that holds more than the caller (issue 48)
  const mayChange = self || mayManage(actor, user);
  // only what the server takes from this caller: on one's own account the own profile's edit
  const section = { user, offers: offersOn(actor, user), open: setDialog };

  return (
    <div className="user-detail">
      <Link to="/apps/admin-apps/users" className="back-link">
        <span aria-hidden="true">{DIRECTION[currentLanguage()] === "rtl" ? "→" : "←"}</span>{" "}
        {t("backToUsers")}
      </Link>
      <div className="users-sticky">
        <UserStatusLine status={status} onClose={() => detail.say(null)} />
      </div>
      {!mayChange && (
        <p className="banner warning">
          {t(user.role === "super_admin" ? "onlySuperAdminChanges" : "holdsMore")}
        </p>
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

/** The dialogs of one confirmation: their texts and what the confirmation does. */
const ONE_STEP = {
  reset: {
    title: "resetTitle",
    text: "resetText",
    confirm: "resetConfirm",
    run: (d: UserDetailState) => d.resetPassword(),
  },
  deactivate: {
    title: "deactivateTitle",
    text: "deactivateText",
    confirm: "deactivateConfirm",
    run: (d: UserDetailState) => d.setActive(false),
  },
  signout: {
    title: "signOutTitle",
    text: "signOutText",
    confirm: "signOutConfirm",
    run: (d: UserDetailState) => d.endSessions(),
  },
  twoFactor: {
    title: "twoFactorTitle",
    text: "twoFactorText",
    confirm: "twoFactorConfirm",
    run: (d: UserDetailState) => d.resetTwoFactor(),
  },
} as const;
type OneStep = keyof typeof ONE_STEP;

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
  const t = useT(UDETAIL_PAGE);
  const who = { name: user.fullName, code: c };
  const then = (run: () => void) => () => {
    close();
    run();
  };
  const confirm = props.dialog in ONE_STEP ? ONE_STEP[props.dialog as OneStep] : null;
  if (confirm !== null) {
    return (
      <ConfirmDialog
        title={t(confirm.title)}
        text={t(confirm.text, who)}
        confirmLabel={t(confirm.confirm)}
        onCancel={close}
        onConfirm={then(() => void confirm.run(detail))}
      />
    );
  }
  switch (props.dialog) {
    case "apps":
      return <AssignAppsDialog user={user} onSave={detail.assignApps} onClose={close} />;
    case "delete1":
      return (
        <ConfirmDialog
          title={t("deleteTitle")}
          text={t("deleteText", who)}
          confirmLabel={t("deleteContinue")}
          onCancel={close}
          onConfirm={() => props.open("delete2")}
        />
      );
    case "delete2":
      return (
        <TypeDeleteDialog
          whom={c}
          confirmLabel={t("deleteConfirm")}
          onCancel={close}
          onMismatch={() => detail.say({ ok: false, text: deleteMismatchText() })}
          onConfirmed={async () => {
            if (!await detail.remove()) return;
            useAdminUsers.getState().say({
              ok: true,
              text: text(UDETAIL_PAGE, "userDeleted", { code: c }),
            });
            await navigate({ to: "/apps/admin-apps/users" });
          }}
        />
      );
    default:
      return null;
  }
}
