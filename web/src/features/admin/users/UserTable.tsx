// The user list as a dense table (wide screens): one row per user with selection, code, name and
// email, then the columns the admin chose (station, role, status, department, job title, apps,
// last sign-in, password expiry, two-factor sign-in; stores/user_columns.ts), those the server
// sorts by sortable by their header, and a per-row Actions menu. Narrow screens show the same
// users as cards (UserCard.tsx).

import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { expiryInfo } from "../expiry.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { ULIST_EXPIRY } from "../texts/ulist_expiry.ts";
import { ULIST_TABLE } from "../texts/ulist_table.ts";
import { text, useT } from "../../../i18n/i18n.ts";
import { Rich } from "../../../i18n/Rich.tsx";
import { type AdminUser, isLocked } from "../admin_users.ts";
import type { SessionUser } from "../../shell/session.ts";
import { mayManage } from "../../../../../api/rules/access.ts";
import { When } from "../../../ui/When.tsx";
import {
  RowMenu,
  type UserActionHandlers,
  UserActions,
  userLabel,
} from "../user_detail/UserActions.tsx";
import { COLUMNS, type ListFilters, type SortKey } from "./user_filters.ts";
import {
  ROLE_LABEL,
  useColumnLabel,
  USER_COLUMNS,
  type UserColumn,
  useUserColumns,
} from "./user_columns.ts";
import "../admin_users.css";

/** The LOCKED marker with the time the lock ends. */
export function LockedMarker(props: { until: string | null }) {
  const t = useT(ULIST_TABLE);
  return (
    <span className="user-locked-line">
      <span className="user-locked">{t("locked")}</span>{" "}
      <span className="user-locked-until">
        <Rich text={t("lockedUntil")} parts={[<When key="0" at={props.until} />]} />
      </span>
    </span>
  );
}

/** The last sign-in, or 'Never'. */
export function LastLogin(props: { at: string | null }) {
  const t = useT(ULIST_TABLE);
  return props.at === null ? <span className="notice">{t("never")}</span> : <When at={props.at} />;
}

/** The password expiry with its time left in the spec's colours (and words: never colour alone). */
export function Expiry(props: { at: string | null }) {
  // expiryInfo reads its texts outside React: wait here until they are loaded in the language shown
  useT(ULIST_EXPIRY);
  const info = expiryInfo(props.at);
  if (info.tone === "none") return <span className="notice">{info.text}</span>;
  return (
    <span className="user-expiry">
      <When at={props.at} /> <span className={`expiry expiry-${info.tone}`}>{info.text}</span>
    </span>
  );
}

/** Whether the user has a second factor: 'On' or 'Off', named in full for screen readers. */
export function TwoFactorState(props: { on: boolean }) {
  const t = useT(ULIST_TABLE);
  const word = props.on ? "on" : "off";
  return (
    <span className={`two-factor-state ${word}`}>
      <span aria-hidden="true">{t(word)}</span>
      <span className="visually-hidden">{t(props.on ? "twoFactorOn" : "twoFactorOff")}</span>
    </span>
  );
}

/** Props of the table. */
export interface UserTableProps {
  users: AdminUser[];
  actor: SessionUser;
  selected: readonly string[];
  working: string | null;
  disabled: boolean;
  filters: ListFilters;
  /** Sorts by the column; the same column again turns the order around. */
  onSort: (key: SortKey) => void;
  onToggle: (user: AdminUser) => void;
  /** What each user's actions do. */
  handlers: (user: AdminUser) => UserActionHandlers;
  /** The select-all box of the page (rendered in the header cell). */
  selectAll: ReactNode;
  busy: boolean;
}

/** The sort key of each column the server sorts by. */
const SORTS: Partial<Record<UserColumn | "code" | "name", SortKey>> = {
  code: "employeeCode",
  name: "fullName",
  station: "station",
  role: "role",
  status: "isActive",
  lastLogin: "lastLogin",
  passwordExpiry: "passwordExpiry",
};

/** The optional columns shown, in the table's order. */
function useShownColumns(): UserColumn[] {
  const hidden = useUserColumns((s) => s.hidden);
  return USER_COLUMNS.map((c) => c.key).filter((k) => !hidden.includes(k));
}

/** The sortable table of users. */
export function UserTable(props: UserTableProps) {
  const t = useT(ULIST_TABLE);
  const label = useColumnLabel();
  const shown = useShownColumns();
  const header = (key: UserColumn | "code" | "name") => {
    const sort = SORTS[key];
    const column = COLUMNS.find((c) => c.key === sort);
    if (column !== undefined) {
      return <SortHeader key={key} column={column} filters={props.filters} onSort={props.onSort} />;
    }
    return (
      <th key={key} scope="col">
        {key === "twoFactor"
          ? <abbr title={t("twoFactor")}>{t("twoFactorShort")}</abbr>
          : label(key)}
      </th>
    );
  };
  return (
    <div className="user-table-wrap">
      <table className="user-table" aria-label={t("users")} aria-busy={props.busy}>
        <thead>
          <tr>
            <th scope="col" className="user-table-select">{props.selectAll}</th>
            {header("code")}
            {header("name")}
            {USER_COLUMNS.filter((c) => shown.includes(c.key)).map((c) => header(c.key))}
            <th scope="col">
              <span className="visually-hidden">{t("actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.users.map((u) => (
            <UserRow key={u.employeeCode} user={u} table={props} shown={shown} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An optional column's cell of a user. */
function Cell(props: { column: UserColumn; user: AdminUser }): ReactNode {
  const { column, user: u } = props;
  const t = useT(ULIST_TABLE);
  const common = useT(COMMON);
  switch (column) {
    case "station":
      return <td>{u.station}</td>;
    case "role":
      return (
        <td>
          <span className={`role-badge role-${u.role}`}>{t(ROLE_LABEL[u.role])}</span>
        </td>
      );
    case "status":
      return (
        <td>
          <span className={`user-state ${u.isActive ? "active" : "inactive"}`}>
            {common(u.isActive ? "active" : "inactive")}
          </span>
          {isLocked(u) && <LockedMarker until={u.lockedUntil} />}
        </td>
      );
    case "apps":
      return <td className="user-table-count">{u.accessibleApps.length}</td>;
    case "lastLogin":
      return (
        <td className="user-table-time">
          <LastLogin at={u.lastLogin} />
        </td>
      );
    case "passwordExpiry":
      return (
        <td className="user-table-time">
          <Expiry at={u.passwordExpiry} />
        </td>
      );
    case "twoFactor":
      return (
        <td>
          <TwoFactorState on={u.twoFactorEnabled} />
        </td>
      );
    default: // an account field's text (rules/account_fields.ts)
      return <td className="user-table-text">{u[column] || "-"}</td>;
  }
}

/** A column's header: a button that sorts by it, with the order it is sorted in. */
function SortHeader(
  props: {
    column: (typeof COLUMNS)[number];
    filters: ListFilters;
    onSort: (key: SortKey) => void;
  },
) {
  const label = useColumnLabel();
  const { column: c, filters } = props;
  const sorted = filters.sort === c.key;
  return (
    <th
      scope="col"
      aria-sort={sorted ? (filters.order === "asc" ? "ascending" : "descending") : undefined}
    >
      <button type="button" className="sort-button" onClick={() => props.onSort(c.key)}>
        {label(c.key)}
        <span className="sort-mark" aria-hidden="true">
          {sorted ? (filters.order === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}

/** The title of a row's checkbox: why it cannot be chosen, if it cannot (in the language shown
 * when it is called). */
export function selectTitle(self: boolean, may: boolean): string | undefined {
  return self
    ? text(ULIST_TABLE, "ownAccount")
    : may
    ? undefined
    : text(ULIST_TABLE, "superAdminOnly");
}

/** One user's row. */
function UserRow(props: { user: AdminUser; table: UserTableProps; shown: UserColumn[] }) {
  const t = useT(ULIST_TABLE);
  const { user: u, table } = props;
  const { actor } = table;
  const self = u.employeeCode === actor.employeeCode;
  const may = mayManage(actor, u);
  const who = userLabel(u);
  const selected = table.selected.includes(u.employeeCode);
  return (
    <tr
      className={selected ? "selected" : undefined}
      aria-busy={table.working === u.employeeCode}
    >
      <td className="user-table-select">
        <input
          type="checkbox"
          className="user-select"
          checked={selected}
          disabled={!may || table.disabled}
          aria-label={t("selectUser", { who })}
          title={selectTitle(self, may)}
          onChange={() => table.onToggle(u)}
        />
      </td>
      <td className="user-code">{u.employeeCode}</td>
      <td className="user-table-name">
        {may || self
          ? (
            <Link
              to="/apps/admin-apps/users/$employeeCode"
              params={{ employeeCode: u.employeeCode }}
            >
              {u.fullName || u.employeeCode}
            </Link>
          )
          : u.fullName || u.employeeCode}
        {self && <span className="user-self">{t("you")}</span>}
        {u.email && <span className="user-table-email" dir="ltr" title={u.email}>{u.email}</span>}
      </td>
      {props.shown.map((c) => <Cell key={c} column={c} user={u} />)}
      <td className="user-table-actions">
        {(may || self) && (
          <RowMenu label={t("actionsFor", { who })}>
            {(close) => (
              <UserActions
                user={u}
                actor={actor}
                disabled={table.disabled}
                onDone={close}
                {...table.handlers(u)}
              />
            )}
          </RowMenu>
        )}
      </td>
    </tr>
  );
}
