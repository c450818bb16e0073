// The user list as a dense table (wide screens): one row per user with selection, code, name,
// station, role, status, last sign-in, password expiry and two-factor sign-in, every column but
// the last sortable by its header, and a per-row Actions menu. Narrow screens show the same users
// as cards (UserCard.tsx).

import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { expiryInfo } from "../../admin/expiry.ts";
import { type AdminUser, isLocked, ROLE_NAMES } from "../../stores/admin_users.ts";
import type { SessionUser } from "../../stores/session.ts";
import { mayManage } from "../../../../api/rules/access.ts";
import { When } from "../When.tsx";
import { RowMenu, type UserActionHandlers, UserActions, userLabel } from "./UserActions.tsx";
import { COLUMNS, type ListFilters, type SortKey } from "../../stores/user_filters.ts";
import "./admin_users.css";

/** The LOCKED marker with the time the lock ends. */
export function LockedMarker(props: { until: string | null }) {
  return (
    <span className="user-locked-line">
      <span className="user-locked">LOCKED</span>{" "}
      <span className="user-locked-until">
        until <When at={props.until} />
      </span>
    </span>
  );
}

/** The last sign-in, or 'Never'. */
export function LastLogin(props: { at: string | null }) {
  return props.at === null ? <span className="notice">Never</span> : <When at={props.at} />;
}

/** The password expiry with its time left in the spec's colours (and words: never colour alone). */
export function Expiry(props: { at: string | null }) {
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
  const word = props.on ? "on" : "off";
  return (
    <span className={`two-factor-state ${word}`}>
      <span aria-hidden="true">{props.on ? "On" : "Off"}</span>
      <span className="visually-hidden">Two-factor sign-in {word}</span>
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

/** The sortable table of users. */
export function UserTable(props: UserTableProps) {
  return (
    <div className="user-table-wrap">
      <table className="user-table" aria-label="Users" aria-busy={props.busy}>
        <thead>
          <tr>
            <th scope="col" className="user-table-select">{props.selectAll}</th>
            {COLUMNS.map((c) => (
              <SortHeader key={c.key} column={c} filters={props.filters} onSort={props.onSort} />
            ))}
            <th scope="col">
              <abbr title="Two-factor sign-in">2FA</abbr>
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.users.map((u) => <UserRow key={u.employeeCode} user={u} table={props} />)}
        </tbody>
      </table>
    </div>
  );
}

/** A column's header: a button that sorts by it, with the order it is sorted in. */
function SortHeader(
  props: {
    column: (typeof COLUMNS)[number];
    filters: ListFilters;
    onSort: (key: SortKey) => void;
  },
) {
  const { column: c, filters } = props;
  const sorted = filters.sort === c.key;
  return (
    <th
      scope="col"
      aria-sort={sorted ? (filters.order === "asc" ? "ascending" : "descending") : undefined}
    >
      <button type="button" className="sort-button" onClick={() => props.onSort(c.key)}>
        {c.label}
        <span className="sort-mark" aria-hidden="true">
          {sorted ? (filters.order === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}

/** The title of a row's checkbox: why it cannot be chosen, if it cannot. */
export function selectTitle(self: boolean, may: boolean): string | undefined {
  return self
    ? "Your own account"
    : may
    ? undefined
    : "Only a super admin can change a super admin account";
}

/** One user's row. */
function UserRow(props: { user: AdminUser; table: UserTableProps }) {
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
          aria-label={`Select ${who}`}
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
        {self && <span className="user-self">(you)</span>}
        {u.email && <span className="user-table-email">{u.email}</span>}
      </td>
      <td>{u.station}</td>
      <td>
        <span className={`role-badge role-${u.role}`}>{ROLE_NAMES[u.role]}</span>
      </td>
      <td>
        <span className={`user-state ${u.isActive ? "active" : "inactive"}`}>
          {u.isActive ? "Active" : "Inactive"}
        </span>
        {isLocked(u) && <LockedMarker until={u.lockedUntil} />}
      </td>
      <td className="user-table-time">
        <LastLogin at={u.lastLogin} />
      </td>
      <td className="user-table-time">
        <Expiry at={u.passwordExpiry} />
      </td>
      <td>
        <TwoFactorState on={u.twoFactorEnabled} />
      </td>
      <td className="user-table-actions">
        {(may || self) && (
          <RowMenu label={`Actions for ${who}`}>
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
