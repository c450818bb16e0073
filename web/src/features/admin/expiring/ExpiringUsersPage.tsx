// Expiring Users: passwords that expire within 7 or 30 days (expired ones included) or every
// expiry, soonest first, a page at a time from the server; select users of the page and extend
// them by 30 days, 90 days or a year. The window is in the address (?days=7|30|all).

import { useSearch } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { type ExpiringFilter, type ExpiringUser, useExpiring } from "./expiring.ts";
import { useSession } from "../../shell/session.ts";
import { Pagination } from "../../../ui/Pagination.tsx";
import { can } from "../../../../../api/rules/access.ts";
import { offersOn } from "../user_offers.ts";
import { AdminFrame } from "../AdminFrame.tsx";
import { ExpiringBulkBar, ExpiringCard, ExpiringToolbar } from "./ExpiringCards.tsx";
import { RequestsStatusLine } from "../requests/RequestsQueue.tsx";
import { formatCount } from "../../../lib/numbers.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { ULIST_EXPIRING } from "./texts/ulist_expiring.ts";
import { useT } from "../../../i18n/i18n.ts";
import "../requests/admin_requests.css";
import { EmptyState } from "../../../ui/EmptyState.tsx";

/** The subtitle of each window, with the count of its users. */
const SUBTITLE = {
  "7": "subtitle7",
  "30": "subtitle30",
  all: "subtitleAll",
} as const satisfies Record<ExpiringFilter, string>;

/** What the empty page says in each window. */
const EMPTY = { "7": "empty7", "30": "empty30", all: "emptyAll" } as const satisfies Record<
  ExpiringFilter,
  string
>;

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
  const t = useT(ULIST_EXPIRING);
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
      title={t("title")}
      subtitle={users === null ? "" : t(SUBTITLE[filter], { count: total })}
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
        {!mayExtend && list.length > 0 && <p className="notice">{t("needsPermission")}</p>}
        <RequestsStatusLine
          status={status}
          busyText={progress !== null
            ? t("progress", {
              label: progress.label,
              done: formatCount(progress.done),
              total: formatCount(progress.total),
            })
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
  const t = useT(ULIST_EXPIRING);
  const common = useT(COMMON);
  const users = useExpiring((s) => s.users);
  const now = useExpiring((s) => s.loadedAt);
  const loading = useExpiring((s) => s.loading);
  const error = useExpiring((s) => s.error);
  const filter = useExpiring((s) => s.filter);
  const busy = useExpiring((s) => s.busy);
  const list = users ?? [];
  return (
    <>
      {users === null && loading && <p className="loading" role="status">{t("loadingUsers")}</p>}
      {error !== null && (
        <div className="empty" role="alert">
          <strong>{t(users === null ? "errorLoading" : "couldNotRefresh")}</strong>
          <p className="error">{error}</p>
          <button
            type="button"
            onClick={() => void useExpiring.getState().load()}
            disabled={loading}
          >
            {common("retry")}
          </button>
        </div>
      )}
      {users !== null && list.length === 0 && (
        <EmptyState title={t("noExpiring")} text={t(EMPTY[filter])} />
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
