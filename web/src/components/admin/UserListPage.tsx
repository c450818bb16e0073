// /apps/admin-apps/users: the user list (spec 2.5) as admins work it with hundreds of users: a
// dense table sortable by every column on wide screens (cards on narrow ones), search, filters with
// counts (status, role, station, locked, password expiry), page sizes and paging, selection with
// the bulk bar, and the CSV export. Filters and sort live in the address, so links and Back work.

import { Link, useNavigate, useRouter, useSearch } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { type AdminUser, manageable } from "../../stores/admin_users.ts";
import { useConnectivity } from "../../stores/connectivity.ts";
import { useSession } from "../../stores/session.ts";
import { PAGE_SIZES, type PageSize, useAdminUsers } from "../../stores/user_list.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { downloadFile } from "../download.ts";
import { useMedia } from "../media.ts";
import { Pagination } from "../Pagination.tsx";
import { useSlow } from "../progress.ts";
import { can } from "./access.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import { AssignAppsDialog } from "./AssignAppsDialog.tsx";
import { BulkBar } from "./BulkBar.tsx";
import { UserCard } from "./UserCard.tsx";
import { UserStatusLine } from "./UserStatusLine.tsx";
import { UserTable } from "./UserTable.tsx";
import {
  COLUMNS,
  type ExpiringFilter,
  filtersOf,
  type ListFilters,
  type RoleFilter,
  searchOf,
  type SortKey,
  type StatusFilter,
  type UserListSearch,
} from "./user_filters.ts";
import "./admin_users.css";

const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
];

const ROLE_FILTERS: readonly { value: RoleFilter; label: string }[] = [
  { value: "all", label: "All Roles" },
  { value: "super_admin", label: "Super Admins" },
  { value: "admin", label: "Admins" },
  { value: "user", label: "Users" },
];

const EXPIRING_FILTERS: readonly { value: ExpiringFilter; label: string }[] = [
  { value: "", label: "Any expiry" },
  { value: "7", label: "Expired or within 7 days" },
  { value: "30", label: "Expired or within 30 days" },
];

/** The table from this width; narrower screens get cards. */
const TABLE_MEDIA = "(min-width: 1024px)";

/** A filter select whose options show how many users each one matches, e.g. `Active (12)`. */
function CountedSelect<T extends StatusFilter | RoleFilter>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  counts: Partial<Record<T, number>> | null;
  onChange: (value: T) => void;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
        {props.options.map((f) => (
          <option key={f.value} value={f.value}>
            {`${f.label}${count(props.counts?.[f.value])}`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** ` (n)` after a filter's name, nothing while the counts are unknown. */
const count = (n: number | undefined) => (n === undefined ? "" : ` (${n})`);

/** The filters of the address, and the way to change them (Back returns to the last ones). */
function useListFilters(): [ListFilters, (patch: Partial<ListFilters>) => void] {
  const search = useSearch({ from: "/_auth/apps/admin-apps/users/" });
  const navigate = useNavigate();
  return [
    filtersOf(search),
    // from the address as it is when the change lands: two quick changes both count
    (patch) =>
      void navigate({
        to: "/apps/admin-apps/users",
        search: (prev: UserListSearch) => searchOf({ ...filtersOf(prev), ...patch }),
      }),
  ];
}

const OFFLINE_TEXT = "Offline mode: Cannot load users from server. Please login with your account.";

/** The user list screen. */
export function UserListPage() {
  const s = useAdminUsers();
  const online = useConnectivity((c) => c.online);
  const [filters] = useListFilters();
  const key = JSON.stringify(filters);
  useEffect(() => {
    // a status belongs to this visit (the detail screen may leave one for the next)
    return () => useAdminUsers.getState().say(null);
  }, []);
  useEffect(() => {
    // on opening, on a change of the address's filters, and again when the connection is back
    if (online) useAdminUsers.getState().setFilters(filters);
  }, [online, key]);
  const subtitle = s.loaded && s.everyone !== null
    ? `${s.total} of ${s.everyone} users`
    : undefined;
  const offline = !online || s.error?.offline === true;
  return (
    <AdminFrame title="User Management" subtitle={subtitle} need="manageUsers">
      <div className="users-page">
        <Link to="/apps/admin-apps/users/create" className="button-link primary full-width">
          Create New User
        </Link>
        {offline
          ? <LoginRequired message={s.error?.offline ? s.error.message : OFFLINE_TEXT} />
          : s.error !== null && !s.loaded
          ? <LoadFailed message={s.error.message} />
          : <UserList />}
      </div>
    </AdminFrame>
  );
}

function LoginRequired(props: { message: string }) {
  const navigate = useNavigate();
  return (
    <div className="empty users-state" role="alert">
      <h2>Login Required</h2>
      <p>{props.message}</p>
      <button type="button" className="primary" onClick={() => void navigate({ to: "/login" })}>
        Go to Login
      </button>
    </div>
  );
}

function LoadFailed(props: { message: string }) {
  const router = useRouter();
  return (
    <div className="empty users-state" role="alert">
      <h2>Error Loading Users</h2>
      <p>{props.message}</p>
      <div className="actions start">
        <button
          type="button"
          className="primary"
          onClick={() => void useAdminUsers.getState().load()}
        >
          Retry
        </button>
        <button type="button" onClick={() => router.history.back()}>Go Back</button>
      </div>
    </div>
  );
}

type Dialog = { kind: "reset" | "apps"; user: AdminUser } | null;

function UserList() {
  const actor = useSession((x) => x.user);
  const s = useAdminUsers();
  const [filters, setFilters] = useListFilters();
  const wide = useMedia(TABLE_MEDIA);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exporting, setExporting] = useState(false);
  const selectAll = useRef<HTMLInputElement>(null);
  const selectable = s.users.filter((u) => manageable(actor, u)).map((u) => u.employeeCode);
  const chosen = selectable.filter((c) => s.selected.includes(c)).length;
  const busy = s.bulk !== null || s.working !== null;
  // a quick reload shows nothing, so the rows do not flicker on every key of the search
  const reloading = useSlow(s.loading);
  useEffect(() => {
    if (selectAll.current !== null) {
      selectAll.current.indeterminate = chosen > 0 && chosen < selectable.length;
    }
  }, [chosen, selectable.length, wide]);
  if (actor === null) return null;

  async function exportCsv() {
    setExporting(true);
    try {
      const file = await useAdminUsers.getState().exportCsv();
      downloadFile(file.name, file.text, "text/csv;charset=utf-8");
      s.say({
        ok: true,
        text: `Exported ${file.count} user${file.count === 1 ? "" : "s"} to ${file.name}`,
      });
    } catch (err) {
      s.say({
        ok: false,
        text: `Failed to export users: ${err instanceof Error ? err.message : err}`,
      });
    } finally {
      setExporting(false);
    }
  }

  const sortBy = (key: SortKey) =>
    setFilters({
      sort: key,
      order: filters.sort === key && filters.order === "asc" ? "desc" : "asc",
    });
  const selectAllBox = (
    <input
      ref={selectAll}
      type="checkbox"
      checked={selectable.length > 0 && chosen === selectable.length}
      disabled={selectable.length === 0 || busy}
      aria-label={wide ? "Select all on this page" : undefined}
      onChange={(e) => s.selectPage(selectable, e.target.checked)}
    />
  );
  const filtered = filters.status !== "all" || filters.role !== "all" || filters.station !== "" ||
    filters.locked || filters.expiring !== "";

  return (
    <>
      <div className="users-toolbar" role="search">
        <label className="users-search">
          Search
          <input
            type="search"
            value={s.search}
            placeholder="Search by code, name, email, or station..."
            onChange={(e) => s.setSearch(e.target.value)}
          />
        </label>
        <CountedSelect
          label="Status"
          value={filters.status}
          options={STATUS_FILTERS}
          counts={s.counts}
          onChange={(status) => setFilters({ status })}
        />
        <CountedSelect
          label="Role"
          value={filters.role}
          options={ROLE_FILTERS}
          counts={s.counts}
          onChange={(role) => setFilters({ role })}
        />
        <label>
          Password
          <select
            value={filters.expiring}
            onChange={(e) => setFilters({ expiring: e.target.value as ExpiringFilter })}
          >
            {EXPIRING_FILTERS.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}
          </select>
        </label>
        {can(actor, "allStations") && (
          <StationFilter value={filters.station} onChange={setFilters} />
        )}
        <label className="toggle users-locked">
          <input
            type="checkbox"
            checked={filters.locked}
            onChange={(e) => setFilters({ locked: e.target.checked })}
          />
          Locked only{count(s.counts?.locked)}
        </label>
        {!wide && (
          <label>
            Sort by
            <select
              value={`${filters.sort}:${filters.order}`}
              onChange={(e) => {
                const [sort, order] = e.target.value.split(":") as [SortKey, "asc" | "desc"];
                setFilters({ sort, order });
              }}
            >
              {COLUMNS.flatMap((c) => [
                <option key={`${c.key}:asc`} value={`${c.key}:asc`}>{c.label}, ascending</option>,
                <option key={`${c.key}:desc`} value={`${c.key}:desc`}>
                  {c.label}, descending
                </option>,
              ])}
            </select>
          </label>
        )}
        <label>
          Per page
          <select
            value={s.limit}
            onChange={(e) => s.setLimit(Number(e.target.value) as PageSize)}
          >
            {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </label>
        <div className="users-toolbar-end">
          {filtered && (
            <button
              type="button"
              className="link-button"
              onClick={() =>
                setFilters({
                  status: "all",
                  role: "all",
                  station: "",
                  locked: false,
                  expiring: "",
                })}
            >
              Clear filters
            </button>
          )}
          <button type="button" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? "Exporting..." : "Export CSV"}
          </button>
        </div>
      </div>

      {s.error !== null && (
        <p className="error" role="alert">
          {s.error.message}{" "}
          <button type="button" className="link-button" onClick={() => void s.load()}>
            Retry
          </button>
        </p>
      )}
      <div className="users-sticky">
        <UserStatusLine status={s.status} onClose={() => s.say(null)} />
        <BulkBar />
      </div>

      {!s.loaded
        ? <p className="loading" role="status">Loading users...</p>
        : s.users.length === 0
        ? (
          <div className="empty users-state">
            <h2>No users found</h2>
            <p>Try adjusting your search or filters</p>
          </div>
        )
        : wide
        ? (
          <>
            {reloading && <p className="notice users-reloading" role="status">Loading users...</p>}
            <UserTable
              users={s.users}
              actor={actor}
              selected={s.selected}
              working={s.working}
              disabled={busy}
              busy={s.loading}
              filters={filters}
              onSort={sortBy}
              selectAll={selectAllBox}
              onToggle={(u) => s.toggle(u.employeeCode)}
              onActive={(u, active) => void s.setActive(u, active)}
              onReset={(u) => setDialog({ kind: "reset", user: u })}
              onUnlock={(u) => void s.unlock(u)}
              onApps={(u) => setDialog({ kind: "apps", user: u })}
            />
          </>
        )
        : (
          <>
            <div className="users-select-all">
              <label className="toggle">
                {selectAllBox}
                Select all on this page
              </label>
              {reloading && <span className="notice" role="status">Loading users...</span>}
            </div>
            <ul className="user-cards" aria-label="Users" aria-busy={s.loading}>
              {s.users.map((u) => (
                <li key={u.employeeCode}>
                  <UserCard
                    user={u}
                    actor={actor}
                    selected={s.selected.includes(u.employeeCode)}
                    working={s.working === u.employeeCode}
                    disabled={busy}
                    onToggle={() => s.toggle(u.employeeCode)}
                    onActive={(active) => void s.setActive(u, active)}
                    onReset={() => setDialog({ kind: "reset", user: u })}
                    onUnlock={() => void s.unlock(u)}
                    onApps={() => setDialog({ kind: "apps", user: u })}
                  />
                </li>
              ))}
            </ul>
          </>
        )}

      {s.loaded && s.users.length > 0 && (
        <Pagination page={s.page} pages={s.pages} onPage={s.setPage} />
      )}

      {dialog?.kind === "reset" && (
        <ConfirmDialog
          title="Reset Password"
          text={`Reset the password of ${dialog.user.fullName} (${dialog.user.employeeCode}) to the default password? They are signed out and must change it at their next sign-in.`}
          confirmLabel="Reset Password"
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            const user = dialog.user;
            setDialog(null);
            void s.resetPassword(user);
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

/** The station filter (admins who see every station): three letters, applied when complete. */
function StationFilter(
  props: { value: string; onChange: (patch: Partial<ListFilters>) => void },
) {
  const [draft, setDraft] = useState(props.value);
  useEffect(() => setDraft(props.value), [props.value]);
  return (
    <label className="users-station">
      Station
      <input
        value={draft}
        maxLength={3}
        placeholder="All"
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(e) => {
          const station = e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, "");
          setDraft(station);
          if (station.length === 0 || station.length === 3) props.onChange({ station });
        }}
      />
    </label>
  );
}
