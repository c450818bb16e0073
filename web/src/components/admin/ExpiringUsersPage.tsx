// Expiring Users: passwords that expire within 7 or 30 days (expired ones included) or every
// expiry, soonest first, a page at a time from the server; select users of the page and extend
// them by 30 days, 90 days or a year. The window is in the address (?days=7|30|all).

import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { type Days } from "../../stores/admin_rules.ts";
import {
  EXPIRING_FILTERS,
  EXPIRING_PAGE_SIZES,
  type ExpiringFilter,
  type ExpiringPageSize,
  remaining,
  TONE_LABEL,
  useExpiring,
} from "../../stores/expiring.ts";
import { useSession } from "../../stores/session.ts";
import { Pagination } from "../Pagination.tsx";
import { When } from "../When.tsx";
import { can } from "../../../../api/rules/access.ts";
import { offersOn } from "./user_offers.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import { RequestsStatusLine } from "./RequestsQueue.tsx";
import { formatCount, plural } from "../../numbers.ts";
import "./admin_requests.css";

const EXTEND: readonly { days: Days; label: string }[] = [
  { days: 30, label: "Extend 30 Days" },
  { days: 90, label: "90 Days" },
  { days: 365, label: "1 Year" },
];

const WINDOW: Record<ExpiringFilter, string> = {
  "7": "expiring in the next 7 days or expired",
  "30": "expiring in the next 30 days or expired",
  all: "with a password expiry date",
};

/** The Expiring Users screen. */
export function ExpiringUsersPage() {
  const user = useSession((s) => s.user);
  const users = useExpiring((s) => s.users);
  const total = useExpiring((s) => s.total);
  const page = useExpiring((s) => s.page);
  const pages = useExpiring((s) => s.pages);
  const now = useExpiring((s) => s.loadedAt);
  const limit = useExpiring((s) => s.limit);
  const loading = useExpiring((s) => s.loading);
  const error = useExpiring((s) => s.error);
  const days = useSearch({ from: "/_auth/apps/admin-apps/users/expiring" }).days;
  const asked: ExpiringFilter = days === undefined ? "30" : days === "all" ? "all" : `${days}`;
  const filter = useExpiring((s) => s.filter);
  const navigate = useNavigate();
  const opened = useRef(false);
  const selected = useExpiring((s) => s.selected);
  const busy = useExpiring((s) => s.busy);
  const progress = useExpiring((s) => s.progress);
  const status = useExpiring((s) => s.status);
  const {
    load,
    setFilter,
    setLimit,
    setPage,
    toggle,
    selectOnly,
    extendSelected,
    clearStatus,
    claim,
  } = useExpiring.getState();
  const mayExtend = can(user, "extendPasswords");
  const me = user?.employeeCode ?? null;
  const allowed = can(user, "manageUsers");

  useEffect(() => {
    // the frame shows the access page to others: ask the server for nothing
    if (me === null || !allowed) return;
    claim(me);
    clearStatus();
  }, [me, allowed, clearStatus, claim]);
  useEffect(() => {
    if (me === null || !allowed) return;
    // the address's window (a link, Back); on opening the page is read afresh either way
    const first = !opened.current;
    opened.current = true;
    if (first && useExpiring.getState().filter === asked) void load();
    else setFilter(asked);
  }, [me, allowed, asked, setFilter, load]);

  // the time left is measured from the moment the page arrived, so cards agree with each other
  const list = users ?? [];
  // the server extends no password of one's own account (design 5.6), nor a super admin's for
  // an admin: those are not offered
  const extendable = list.filter((u) => offersOn(user, u).extend);
  const chosen = new Set(selected);
  const allChosen = extendable.length > 0 &&
    extendable.every((u) => chosen.has(u.employeeCode));
  const someChosen = !allChosen && extendable.some((u) => chosen.has(u.employeeCode));

  return (
    <AdminFrame
      title="Expiring Users"
      subtitle={users === null ? "" : `${plural(total, "user")} ${WINDOW[filter]}`}
    >
      <div className="expiring">
        <div className="toolbar-row expiring-tools">
          <fieldset className="expiring-filter">
            <legend>Show</legend>
            {EXPIRING_FILTERS.map((f) => (
              <label key={f.id} className="toggle">
                <input
                  type="radio"
                  name="expiring-filter"
                  value={f.id}
                  checked={filter === f.id}
                  onChange={() => {
                    setFilter(f.id);
                    void navigate({
                      to: "/apps/admin-apps/users/expiring",
                      search: f.id === "30" ? {} : { days: f.id === "7" ? 7 : "all" },
                    });
                  }}
                />
                {f.label}
              </label>
            ))}
          </fieldset>
          <label className="expiring-size">
            Per page
            <select
              value={limit}
              onChange={(e) => setLimit(Number(e.target.value) as ExpiringPageSize)}
            >
              {EXPIRING_PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </label>
          <button type="button" onClick={() => void load()} disabled={loading || busy}>
            {loading ? "Refreshing…" : "Refresh"}
          </button>
        </div>
        {list.length > 0 && (
          <div className="toolbar-row expiring-bulk">
            <SelectAll
              checked={allChosen}
              mixed={someChosen}
              count={extendable.length}
              total={total - (list.length - extendable.length)}
              disabled={busy || extendable.length === 0}
              onChange={(on) => selectOnly(on ? extendable.map((u) => u.employeeCode) : [])}
            />
            <span className="notice grow" aria-live="polite">{selected.length} selected</span>
            {mayExtend && (
              <div className="expiring-extend" role="group" aria-label="Extend selected passwords">
                {EXTEND.map((e) => (
                  <button
                    key={e.days}
                    type="button"
                    disabled={busy || selected.length === 0}
                    onClick={() => void extendSelected(e.days)}
                  >
                    {e.label}
                  </button>
                ))}
              </div>
            )}
          </div>
        )}
        {!mayExtend && list.length > 0 && (
          <p className="notice">
            Extending passwords needs the 'extend password expiry' permission; ask a super admin.
          </p>
        )}
        <RequestsStatusLine
          status={status}
          busyText={progress !== null
            ? `Extending… ${formatCount(progress.done)} of ${formatCount(progress.total)} done`
            : null}
        />
        {users === null && loading && <p className="loading" role="status">Loading users...</p>}
        {error !== null && (
          <div className="empty" role="alert">
            <strong>{users === null ? "Error Loading Users" : "Could not refresh the list"}</strong>
            <p className="error">{error}</p>
            <button type="button" onClick={() => void load()} disabled={loading}>Retry</button>
          </div>
        )}
        {users !== null && list.length === 0 && (
          <div className="empty">
            <strong>No Expiring Users</strong>
            <p>No user has a password {WINDOW[filter]}.</p>
          </div>
        )}
        {list.length > 0 && (
          <ul className="expiring-list" aria-busy={busy || loading}>
            {list.map((u) => {
              const left = remaining(u.passwordExpiry, now);
              return (
                <li key={u.employeeCode} className={`expiring-card tone-${left.tone}`}>
                  <input
                    type="checkbox"
                    checked={chosen.has(u.employeeCode)}
                    disabled={busy || !extendable.includes(u)}
                    aria-label={`Select ${u.fullName} (${u.employeeCode})`}
                    onChange={() => toggle(u.employeeCode)}
                  />
                  <div className="expiring-who">
                    <Link
                      to="/apps/admin-apps/users/$employeeCode"
                      params={{ employeeCode: u.employeeCode }}
                      className="expiring-name"
                    >
                      {u.fullName || u.employeeCode}
                    </Link>
                    <span className="notice">
                      {u.employeeCode} · {u.station}
                      {u.isActive === false && " · Inactive"}
                    </span>
                  </div>
                  <div className="expiring-when">
                    <span className="tone-badge">
                      {left.tone === "expired"
                        ? left.text
                        : `${left.text} · ${TONE_LABEL[left.tone]}`}
                    </span>
                    <span className="notice">
                      {left.tone === "expired" ? "Expired " : "Expires "}
                      <When at={u.passwordExpiry} />
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {users !== null && total > list.length && (
          <Pagination page={page} pages={pages} disabled={busy} onPage={setPage} />
        )}
      </div>
    </AdminFrame>
  );
}

/** The select-all box: checked, cleared, or mixed when only some are selected. */
function SelectAll(
  props: {
    checked: boolean;
    mixed: boolean;
    count: number;
    total: number;
    disabled: boolean;
    onChange: (on: boolean) => void;
  },
) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current !== null) box.current.indeterminate = props.mixed;
  }, [props.mixed]);
  return (
    <label className="toggle">
      <input
        ref={box}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {props.count === props.total
        ? `Select all (${formatCount(props.count)})`
        : `Select all on this page (${formatCount(props.count)} of ${formatCount(props.total)})`}
    </label>
  );
}
