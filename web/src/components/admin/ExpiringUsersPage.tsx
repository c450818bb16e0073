// Expiring Users: passwords that expire within 7 or 30 days (expired ones included) or every
// expiry, soonest first, a page at a time from the server; select users of the page and extend
// them by 30 days, 90 days or a year. The window is in the address (?days=7|30|all).

import { useSearch } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { type ExpiringFilter, type ExpiringUser, useExpiring } from "../../stores/expiring.ts";
import { useSession } from "../../stores/session.ts";
import { Pagination } from "../Pagination.tsx";
import { can } from "../../../../api/rules/access.ts";
import { offersOn } from "./user_offers.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import { ExpiringBulkBar, ExpiringCard, ExpiringToolbar } from "./ExpiringCards.tsx";
import { RequestsStatusLine } from "./RequestsQueue.tsx";
import { formatCount, plural } from "../../numbers.ts";
import "./admin_requests.css";

const WINDOW: Record<ExpiringFilter, string> = {
  "7": "expiring in the next 7 days or expired",
  "30": "expiring in the next 30 days or expired",
  all: "with a password expiry date",
};

/** Reads the address's window into the store: on opening the page is read afresh either way. */
function useExpiringWindow(me: string | null, allowed: boolean) {
  const days = useSearch({ from: "/_auth/apps/admin-apps/users/expiring" }).days;
  const asked: ExpiringFilter = days === undefined ? "30" : days === "all" ? "all" : `${days}`;
  const opened = useRef(false);
  useEffect(() => {
    // the frame shows the access page to others: ask the server for nothing
    if (me === null || !allowed) return;
    useExpiring.getState().claim(me);
    useExpiring.getState().clearStatus();
  }, [me, allowed]);
  useEffect(() => {
    if (me === null || !allowed) return;
    // the address's window (a link, Back)
    const first = !opened.current;
    opened.current = true;
    const store = useExpiring.getState();
    if (first && store.filter === asked) void store.load();
    else store.setFilter(asked);
  }, [me, allowed, asked]);
}

/** The Expiring Users screen. */
export function ExpiringUsersPage() {
  const user = useSession((s) => s.user);
  const users = useExpiring((s) => s.users);
  const total = useExpiring((s) => s.total);
  const page = useExpiring((s) => s.page);
  const pages = useExpiring((s) => s.pages);
  const filter = useExpiring((s) => s.filter);
  const busy = useExpiring((s) => s.busy);
  const progress = useExpiring((s) => s.progress);
  const status = useExpiring((s) => s.status);
  const { setPage } = useExpiring.getState();
  const mayExtend = can(user, "extendPasswords");
  useExpiringWindow(user?.employeeCode ?? null, can(user, "manageUsers"));

  const list = users ?? [];
  // the server extends no password of one's own account (design 5.6), nor a super admin's for
  // an admin: those are not offered
  const extendable = list.filter((u) => offersOn(user, u).extend);

  return (
    <AdminFrame
      title="Expiring Users"
      subtitle={users === null ? "" : `${plural(total, "user")} ${WINDOW[filter]}`}
    >
      <div className="expiring">
        <ExpiringToolbar />
        {list.length > 0 && (
          <ExpiringBulkBar
            extendable={extendable}
            hidden={list.length - extendable.length}
            mayExtend={mayExtend}
          />
        )}
        {!mayExtend && list.length > 0 && (
          <p className="notice">
            Extending passwords needs the 'extend password expiry' permission; ask a super admin.
          </p>
        )}
        <RequestsStatusLine
          status={status}
          busyText={progress !== null
            ? `${progress.label}… ${formatCount(progress.done)} of ${
              formatCount(progress.total)
            } done`
            : null}
        />
        <ExpiringList extendable={extendable} />
        {users !== null && total > list.length && (
          <Pagination page={page} pages={pages} disabled={busy} onPage={setPage} />
        )}
      </div>
    </AdminFrame>
  );
}

/** The cards of the page, or why there are none: loading, the error with Retry, or empty. */
function ExpiringList(props: { extendable: ExpiringUser[] }) {
  const users = useExpiring((s) => s.users);
  const now = useExpiring((s) => s.loadedAt);
  const loading = useExpiring((s) => s.loading);
  const error = useExpiring((s) => s.error);
  const filter = useExpiring((s) => s.filter);
  const busy = useExpiring((s) => s.busy);
  const list = users ?? [];
  return (
    <>
      {users === null && loading && <p className="loading" role="status">Loading users...</p>}
      {error !== null && (
        <div className="empty" role="alert">
          <strong>{users === null ? "Error Loading Users" : "Could not refresh the list"}</strong>
          <p className="error">{error}</p>
          <button
            type="button"
            onClick={() => void useExpiring.getState().load()}
            disabled={loading}
          >
            Retry
          </button>
        </div>
      )}
      {users !== null && list.length === 0 && (
        <div className="empty">
          <strong>No Expiring Users</strong>
          <p>No user has a password {WINDOW[filter]}.</p>
        </div>
      )}
      {list.length > 0 && (
        // the time left is measured from the moment the page arrived, so cards agree
        <ul className="expiring-list" aria-busy={busy || loading}>
          {list.map((u) => (
            <ExpiringCard
              key={u.employeeCode}
              user={u}
              now={now}
              extendable={props.extendable.includes(u)}
            />
          ))}
        </ul>
      )}
    </>
  );
}
