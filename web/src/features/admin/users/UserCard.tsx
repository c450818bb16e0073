// One user of the list: who they are, their state, and the actions the signed-in user may take on
// them (the page owns the confirmation and the Assign Apps dialog).

import type { ReactNode } from "react";
import { COMMON } from "../../../i18n/areas/common.ts";
import { FIELDS } from "../../../i18n/areas/fields.ts";
import { UDETAIL_CARD } from "../texts/udetail_card.ts";
import { useT } from "../../../i18n/i18n.ts";
import { type AdminUser, isLocked, useRoleName } from "../admin_users.ts";
import { mayManage } from "../../../../../api/rules/access.ts";
import type { SessionUser } from "../../shell/session.ts";
import { type UserActionHandlers, UserActions, userLabel } from "../user_detail/UserActions.tsx";
import { Expiry, LastLogin, LockedMarker, selectTitle, TwoFactorState } from "./UserTable.tsx";
import "../admin_users.css";

/** Props of a user card. */
export interface UserCardProps extends UserActionHandlers {
  user: AdminUser;
  actor: SessionUser;
  selected: boolean;
  /** An action on this user is under way. */
  working: boolean;
  /** Any action is under way (bulk included): the buttons wait. */
  disabled: boolean;
  onToggle: () => void;
}

/** A user card with its checkbox and buttons. */
export function UserCard(props: UserCardProps) {
  const { user, actor } = props;
  const self = user.employeeCode === actor.employeeCode;
  const may = mayManage(actor, user);
  const locked = isLocked(user);
  const name = user.fullName || `${user.firstName} ${user.lastName}`.trim() || user.employeeCode;
  const titleId = `user-card-${user.employeeCode}`;
  const t = useT(UDETAIL_CARD);
  const common = useT(COMMON);
  const roleName = useRoleName();
  return (
    <article
      className={`list-card user-card${props.selected ? " selected" : ""}`}
      aria-labelledby={titleId}
      aria-busy={props.working}
    >
      <div className="user-card-head">
        <input
          type="checkbox"
          className="user-select"
          checked={props.selected}
          disabled={!may || props.disabled}
          aria-label={t("select", { who: userLabel(user) })}
          title={selectTitle(self, may)}
          onChange={props.onToggle}
        />
        <h3 id={titleId}>{name}</h3>
        <span className={`role-badge role-${user.role}`}>{roleName(user.role)}</span>
      </div>
      <p className="user-card-meta">
        <span className="user-code">{user.employeeCode}</span>
        <span>{user.station}</span>
        <span className={`user-state ${user.isActive ? "active" : "inactive"}`}>
          {common(user.isActive ? "active" : "inactive")}
        </span>
        {locked && <LockedMarker until={user.lockedUntil} />}
        {self && <span className="user-self">{t("you")}</span>}
      </p>
      <UserCardFields user={user} />
      <div className="user-card-actions">
        <UserActions
          user={user}
          actor={actor}
          disabled={props.disabled}
          onActive={props.onActive}
          onReset={props.onReset}
          onUnlock={props.onUnlock}
          onApps={props.onApps}
        />
      </div>
    </article>
  );
}

/** The card's fields: department, job title, email, apps, last sign-in, password expiry and 2FA. */
function UserCardFields(props: { user: AdminUser }) {
  const { user } = props;
  const t = useT(UDETAIL_CARD);
  const label = useT(FIELDS);
  const field = (name: string, value: ReactNode, className?: string) => (
    <div className={className && `${className}-field`}>
      <dt>{name}</dt>
      <dd className={className} title={className === "user-email" ? user.email : undefined}>
        {value}
      </dd>
    </div>
  );
  return (
    <dl className="user-card-fields">
      {field(label("department"), user.department || "-")}
      {field(label("jobTitleSentence"), user.jobTitle || "-")}
      {field(label("email"), user.email ? <bdi>{user.email}</bdi> : "-", "user-email")}
      {field(t("apps"), user.accessibleApps.length)}
      {field(t("lastSignIn"), <LastLogin at={user.lastLogin} />)}
      {field(t("passwordExpiry"), <Expiry at={user.passwordExpiry} />)}
      {field(t("twoFactor"), <TwoFactorState on={user.twoFactorEnabled} />)}
    </dl>
  );
}
