// /apps/admin-apps/users: the user list (spec 2.5) as admins work it with hundreds of users: a
// dense table sortable by its columns on wide screens (cards on narrow ones), search, filters with
// counts (status, role, station, locked, password expiry, two-factor), page sizes and paging,
// selection with the bulk bar, and the CSV export. The search text, the page, the filters and the
// sort live in the address, so links, Back and a reload work.

import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { startTransition, useDeferredValue, useEffect, useRef, useState } from "react";
import type { AdminUser } from "../admin_users.ts";
import { mayManage } from "../../../../../api/rules/access.ts";
import { useConnectivity } from "../../shell/connectivity.ts";
import { type SessionUser, useSession } from "../../shell/session.ts";
import { useAdminUsers } from "./user_list.ts";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";
import { useMedia } from "../../../ui/media.ts";
import { Pagination } from "../../../ui/Pagination.tsx";
import { useSlow } from "../../../ui/progress.ts";
import { AdminFrame } from "../AdminFrame.tsx";
import { AssignAppsDialog } from "../AssignAppsDialog.tsx";
import { BulkBar } from "./BulkBar.tsx";
import { UserCard } from "./UserCard.tsx";
import { UserStatusLine } from "../UserStatusLine.tsx";
import { UserTable } from "./UserTable.tsx";
import type { ListFilters, SortKey } from "./user_filters.ts";
import { useAddressQuery, useListFilters } from "./list_address.ts";
import { UserListToolbar } from "./UserListToolbar.tsx";
import "../admin_users.css";
import { formatCount } from "../../../lib/numbers.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { ULIST_PAGE } from "./texts/ulist_page.ts";
import { useT } from "../../../i18n/i18n.ts";
import { serverText } from "../../../i18n/server_text.ts";

/** The table from this width; narrower screens get cards. */
const TABLE_MEDIA = "(min-width: 1024px)";

/** The user list screen. */
export function UserListPage() {
  const t = useT(ULIST_PAGE);
  const s = useAdminUsers();
  const online = useConnectivity((c) => c.online);
  const [filters] = useListFilters();
  useAddressQuery();
  useEffect(() => {
    // a status belongs to this visit (the detail screen may leave one for the next)
    return () => useAdminUsers.getState().say(null);
  }, []);
  const wasOnline = useRef(online);
  useEffect(() => {
    // the route's loader loads on opening and on a change of the address's filters; here the
    // list loads again when the connection is back
    if (online && !wasOnline.current) useAdminUsers.getState().setFilters(filters);
    wasOnline.current = online;
  }, [online]);
  // the list (its filters, rows and pages, and the count above it) comes in a render of its own
  // after the frame's, which React does in slices between frames: in the task that mounted the
  // page with the frame it was one long task (issue 51); meanwhile the list's place says it is
  // loading, as the route's pending screen did
  const listed = useDeferredValue(true, false);
  const subtitle = listed && s.loaded && s.everyone !== null
    ? t("subtitle", { shown: formatCount(s.total), count: s.everyone })
    : undefined;
  const offline = !online || s.error?.offline === true;
  return (
    <AdminFrame title={t("title")} subtitle={subtitle}>
      <div className="users-page">
        <Link to="/apps/admin-apps/users/create" className="button-link primary full-width">
          {t("createUser")}
        </Link>
        {offline
          ? <LoginRequired message={s.error?.offline ? s.error.message : t("offline")} />
          : s.error !== null && !s.loaded
          ? <LoadFailed message={s.error.message} />
          : listed
          ? <UserList />
          : <p className="loading" role="status">{t("loadingUsers")}</p>}
      </div>
    </AdminFrame>
  );
}

function LoginRequired(props: { message: string }) {
  const t = useT(ULIST_PAGE);
  const navigate = useNavigate();
  return (
    <div className="empty users-state" role="alert">
      <h2>{t("loginRequired")}</h2>
      <p>{serverText(props.message)}</p>
      <button type="button" className="primary" onClick={() => void navigate({ to: "/login" })}>
        {t("goToLogin")}
      </button>
    </div>
  );
}

function LoadFailed(props: { message: string }) {
  const t = useT(ULIST_PAGE);
  const common = useT(COMMON);
  const router = useRouter();
  return (
    <div className="empty users-state" role="alert">
      <h2>{t("errorLoading")}</h2>
      <p>{serverText(props.message)}</p>
      <div className="actions start">
        <button
          type="button"
          className="primary"
          onClick={() => void useAdminUsers.getState().load()}
        >
          {common("retry")}
        </button>
        <button type="button" onClick={() => router.history.back()}>{t("goBack")}</button>
      </div>
    </div>
  );
}

type Dialog = { kind: "reset" | "apps" | "deactivate"; user: AdminUser } | null;

/** The rows shown before the first render of a page's rows. */
const NO_USERS: AdminUser[] = [];

/** False until a frame has been painted since the component mounted (then true, set in a
 * transition: what it shows next is rendered in slices). */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // a frame's callbacks run before its paint; a task queued from one, after it
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** The list under the toolbar: status line, bulk bar, the users, the pages and the dialogs. */
function UserList() {
  const t = useT(ULIST_PAGE);
  const common = useT(COMMON);
  const actor = useSession((x) => x.user);
  const s = useAdminUsers();
  const [filters, setFilters] = useListFilters();
  const wide = useMedia(TABLE_MEDIA);
  const [dialog, setDialog] = useState<Dialog>(null);
  if (actor === null) return null;
  return (
    <>
      <UserListToolbar filters={filters} setFilters={setFilters} wide={wide} />

      {s.error !== null && (
        <p className="error" role="alert">
          {serverText(s.error.message)}{" "}
          <button type="button" className="link-button" onClick={() => void s.load()}>
            {common("retry")}
          </button>
        </p>
      )}
      <div className="users-sticky">
        <UserStatusLine status={s.status} onClose={() => s.say(null)} />
        <BulkBar />
      </div>

      {!s.loaded
        ? <p className="loading" role="status">{t("loadingUsers")}</p>
        : s.users.length === 0
        ? (
          <div className="empty users-state">
            <h2>{t("noUsers")}</h2>
            <p>{t("tryAdjusting")}</p>
          </div>
        )
        : <UserRows actor={actor} wide={wide} filters={filters} setDialog={setDialog} />}

      {s.loaded && s.users.length > 0 && (
        <Pagination page={s.page} pages={s.pages} onPage={s.setPage} />
      )}

      {dialog?.kind === "reset" && (
        <ConfirmDialog
          title={t("resetTitle")}
          text={t("resetText", { name: dialog.user.fullName, code: dialog.user.employeeCode })}
          confirmLabel={t("resetTitle")}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            setDialog(null);
            void s.resetPassword(dialog.user);
          }}
        />
      )}
      {dialog?.kind === "deactivate" && (
        <ConfirmDialog
          title={t("deactivateTitle")}
          text={t("deactivateText", { name: dialog.user.fullName, code: dialog.user.employeeCode })}
          confirmLabel={t("deactivateConfirm")}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            setDialog(null);
            void s.setActive(dialog.user, false);
          }}
        />
      )}
      {dialog?.kind === "apps" && (
        <AssignAppsDialog
          user={dialog.user}
          onSave={(apps) => s.assignApps(dialog.user, apps)}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

/** The select-all box of the page: checked, cleared, or mixed when only some are chosen. */
function SelectAllBox(props: { selectable: string[]; label?: string }) {
  const { selectable } = props;
  const selected = useAdminUsers((s) => s.selected);
  const busy = useAdminUsers((s) => s.progress !== null || s.working !== null);
  const box = useRef<HTMLInputElement>(null);
  const chosen = selectable.filter((c) => selected.includes(c)).length;
  useEffect(() => {
    if (box.current !== null) box.current.indeterminate = chosen > 0 && chosen < selectable.length;
  }, [chosen, selectable.length]);
  return (
    <input
      ref={box}
      type="checkbox"
      checked={selectable.length > 0 && chosen === selectable.length}
      disabled={selectable.length === 0 || busy}
      aria-label={props.label}
      onChange={(e) => useAdminUsers.getState().selectPage(selectable, e.target.checked)}
    />
  );
}

/** What a row's actions do: the ones that sign the user out or issue a password ask first. */
function rowHandlers(setDialog: (dialog: Dialog) => void) {
  const s = useAdminUsers.getState();
  return (u: AdminUser) => ({
    // deactivating signs the user out: asked first; activating is not
    onActive: (active: boolean) =>
      active ? void s.setActive(u, true) : setDialog({ kind: "deactivate", user: u }),
    onReset: () => setDialog({ kind: "reset", user: u }),
    onUnlock: () => void s.unlock(u),
    onApps: () => setDialog({ kind: "apps", user: u }),
  });
}

/** The users of the page: a sortable table on wide screens, cards on narrow ones. */
function UserRows(
  props: {
    actor: SessionUser;
    wide: boolean;
    filters: ListFilters;
    setDialog: (dialog: Dialog) => void;
  },
) {
  const t = useT(ULIST_PAGE);
  const { actor, filters, setDialog } = props;
  const s = useAdminUsers();
  const [, setFilters] = useListFilters();
  const selectable = s.users.filter((u) => mayManage(actor, u)).map((u) => u.employeeCode);
  const busy = s.progress !== null || s.working !== null;
  // the rows are made in a render React does in slices between frames, after a frame has shown
  // the list around them (so that the two are laid out in frames of their own: together they
  // were one long one) and, for a new page, with the page's rows in place meanwhile; the list
  // says it is busy until they are in
  const painted = usePainted();
  const users = useDeferredValue(painted ? s.users : NO_USERS);
  const loading = s.loading || users !== s.users;
  // a quick reload shows nothing, so the rows do not flicker on every key of the search
  const reloading = useSlow(s.loading);
  const handlers = rowHandlers(setDialog);
  if (props.wide) {
    return (
      <>
        {reloading && <p className="notice users-reloading" role="status">{t("loadingUsers")}</p>}
        <UserTable
          users={users}
          actor={actor}
          selected={s.selected}
          working={s.working}
          disabled={busy}
          busy={loading}
          filters={filters}
          onSort={(key: SortKey) =>
            setFilters({
              sort: key,
              order: filters.sort === key && filters.order === "asc" ? "desc" : "asc",
            })}
          selectAll={<SelectAllBox selectable={selectable} label={t("selectAllPage")} />}
          onToggle={(u) => s.toggle(u.employeeCode)}
          handlers={handlers}
        />
      </>
    );
  }
  return (
    <>
      <div className="users-select-all">
        <label className="toggle">
          <SelectAllBox selectable={selectable} />
          {t("selectAllPage")}
        </label>
        {reloading && <span className="notice" role="status">{t("loadingUsers")}</span>}
      </div>
      <ul className="user-cards" aria-label={t("users")} aria-busy={loading}>
        {users.map((u) => (
          <li key={u.employeeCode}>
            <UserCard
              user={u}
              actor={actor}
              selected={s.selected.includes(u.employeeCode)}
              working={s.working === u.employeeCode}
              disabled={busy}
              onToggle={() => s.toggle(u.employeeCode)}
              {...handlers(u)}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
