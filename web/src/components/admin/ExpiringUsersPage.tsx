// Expiring Users: passwords that expire within 7 or 30 days (expired ones included) or every
// expiry, soonest first; select users and extend them by 30 days, 90 days or a year.

import { Link } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import {
  type Days,
  EXPIRING_FILTERS,
  type ExpiringFilter,
  expiringUsers,
  plural,
  remaining,
  TONE_LABEL,
  useExpiring,
} from "../../stores/admin_requests.ts";
import { useSession } from "../../stores/session.ts";
import { can } from "./access.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import { RequestsStatusLine, RequestsWhen } from "./RequestsQueue.tsx";
import "./admin_requests.css";

/** Cards drawn at first and per 'Show more' (select all still takes the whole filter). */
const PAGE = 100;

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
  const loading = useExpiring((s) => s.loading);
  const error = useExpiring((s) => s.error);
  const filter = useExpiring((s) => s.filter);
  const selected = useExpiring((s) => s.selected);
  const busy = useExpiring((s) => s.busy);
  const progress = useExpiring((s) => s.progress);
  const status = useExpiring((s) => s.status);
  const { load, setFilter, toggle, selectOnly, extendSelected, clearStatus, claim } = useExpiring
    .getState();
  const [shown, setShown] = useState(PAGE);
  const mayExtend = can(user, "extendPasswords");
  const me = user?.employeeCode ?? null;
  const allowed = can(user, "manageUsers");

  useEffect(() => {
    // the frame shows the access page to others: ask the server for nothing
    if (me === null || !allowed) return;
    claim(me);
    clearStatus();
    void load();
  }, [me, allowed, load, clearStatus, claim]);

  // the time left is measured from the moment the list arrived, so cards agree with each other
  const now = useMemo(() => Date.now(), [users]);
  const list = useMemo(() => users === null ? [] : expiringUsers(users, filter, now), [
    users,
    filter,
    now,
  ]);
  const chosen = new Set(selected);
  const allChosen = list.length > 0 && list.every((u) => chosen.has(u.employeeCode));
  const someChosen = !allChosen && list.some((u) => chosen.has(u.employeeCode));

  return (
    <AdminFrame
      title="Expiring Users"
      subtitle={users === null ? "" : `${plural(list.length, "user")} ${WINDOW[filter]}`}
      need="manageUsers"
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
                    setShown(PAGE);
                  }}
                />
                {f.label}
              </label>
            ))}
          </fieldset>
          <button type="button" onClick={() => void load()} disabled={loading || busy}>
            {loading ? "Refreshing…" : "Refresh"}
          </button>
        </div>
        {list.length > 0 && (
          <div className="toolbar-row expiring-bulk">
            <SelectAll
              checked={allChosen}
              mixed={someChosen}
              count={list.length}
              disabled={busy}
              onChange={(on) => selectOnly(on ? list.map((u) => u.employeeCode) : [])}
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
            ? `Extending… ${progress.done} of ${progress.total} done`
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
            {list.slice(0, shown).map((u) => {
              const left = remaining(u.passwordExpiry, now);
              return (
                <li key={u.employeeCode} className={`expiring-card tone-${left.tone}`}>
                  <input
                    type="checkbox"
                    checked={chosen.has(u.employeeCode)}
                    disabled={busy}
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
                      <RequestsWhen iso={u.passwordExpiry} />
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {list.length > shown && (
          <button
            type="button"
            className="expiring-more"
            onClick={() => setShown(shown + PAGE)}
          >
            Show {Math.min(PAGE, list.length - shown)} more ({list.length - shown} not shown)
          </button>
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
      Select all ({props.count})
    </label>
  );
}
