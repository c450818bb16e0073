// The user list's toolbar: search, the filters with their counts (status, role, two-factor sign-in,
// password expiry, station for admins who see every station, locked), the sort on narrow screens,
// the page size, 'Clear filters' and the CSV export.

import { useEffect, useState } from "react";
import { useSession } from "../../stores/session.ts";
import { PAGE_SIZES, type PageSize, useAdminUsers } from "../../stores/user_list.ts";
import { downloadFile } from "../download.ts";
import { can } from "../../../../api/rules/access.ts";
import {
  COLUMNS,
  type ExpiringFilter,
  type ListFilters,
  NO_FILTERS,
  type RoleFilter,
  type SortKey,
  type StatusFilter,
  type TwoFactorFilter,
} from "../../stores/user_filters.ts";
import type { UserCounts } from "../../stores/user_list.ts";
import "./admin_users.css";
import { formatCount } from "../../numbers.ts";

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

const TWO_FACTOR_FILTERS: readonly { value: TwoFactorFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "on", label: "On" },
  { value: "off", label: "Off" },
];

/** The two-factor filter's counts: the server counts those with a second factor among all. */
export function twoFactorCounts(
  counts: UserCounts | null,
): Partial<Record<TwoFactorFilter, number>> | null {
  if (counts === null || counts.twoFactor === undefined) return null;
  return { all: counts.all, on: counts.twoFactor, off: counts.all - counts.twoFactor };
}

const EXPIRING_FILTERS: readonly { value: ExpiringFilter; label: string }[] = [
  { value: "", label: "Any expiry" },
  { value: "7", label: "Expired or within 7 days" },
  { value: "30", label: "Expired or within 30 days" },
];

/** A filter select whose options show how many users each one matches, e.g. `Active (12)`. */
function CountedSelect<T extends StatusFilter | RoleFilter | TwoFactorFilter>(props: {
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
const count = (n: number | undefined) => (n === undefined ? "" : ` (${formatCount(n)})`);

/** Props of the toolbar: the address's filters and the way to change them. */
export interface UserListToolbarProps {
  filters: ListFilters;
  setFilters: (patch: Partial<ListFilters>) => void;
  /** The table is shown (its headers sort): no 'Sort by' here. */
  wide: boolean;
}

/** The toolbar above the list. */
export function UserListToolbar(props: UserListToolbarProps) {
  const { filters, setFilters, wide } = props;
  const search = useAdminUsers((s) => s.search);
  const limit = useAdminUsers((s) => s.limit);
  const { setSearch, setLimit } = useAdminUsers.getState();
  const filtered = filters.status !== "all" || filters.role !== "all" || filters.station !== "" ||
    filters.locked || filters.expiring !== "" || filters.twoFactor !== "all";

  return (
    <div className="users-toolbar" role="search">
      <label className="users-search">
        Search
        <input
          type="search"
          value={search}
          placeholder="Search by code, name, email, or station..."
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <FilterFields filters={filters} setFilters={setFilters} />
      {!wide && <SortSelect filters={filters} setFilters={setFilters} />}
      <label>
        Per page
        <select value={limit} onChange={(e) => setLimit(Number(e.target.value) as PageSize)}>
          {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      <div className="users-toolbar-end">
        {filtered && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              const { status, role, station, locked, expiring, twoFactor } = NO_FILTERS;
              setFilters({ status, role, station, locked, expiring, twoFactor });
            }}
          >
            Clear filters
          </button>
        )}
        <ExportButton />
      </div>
    </div>
  );
}

/** The filters with their counts: status, role, two-factor, password expiry, station and locked. */
function FilterFields(props: Omit<UserListToolbarProps, "wide">) {
  const { filters, setFilters } = props;
  const actor = useSession((x) => x.user);
  const counts = useAdminUsers((s) => s.counts);
  return (
    <>
      <CountedSelect
        label="Status"
        value={filters.status}
        options={STATUS_FILTERS}
        counts={counts}
        onChange={(status) => setFilters({ status })}
      />
      <CountedSelect
        label="Role"
        value={filters.role}
        options={ROLE_FILTERS}
        counts={counts}
        onChange={(role) => setFilters({ role })}
      />
      <CountedSelect
        label="Two-factor"
        value={filters.twoFactor}
        options={TWO_FACTOR_FILTERS}
        counts={twoFactorCounts(counts)}
        onChange={(twoFactor) => setFilters({ twoFactor })}
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
      {can(actor, "allStations") && <StationFilter value={filters.station} onChange={setFilters} />}
      <label className="toggle users-locked">
        <input
          type="checkbox"
          checked={filters.locked}
          onChange={(e) => setFilters({ locked: e.target.checked })}
        />
        Locked only{count(counts?.locked)}
      </label>
    </>
  );
}

/** The sort of narrow screens (the table's headers sort on wide ones). */
function SortSelect(props: Omit<UserListToolbarProps, "wide">) {
  const { filters, setFilters } = props;
  return (
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
  );
}

/** Export CSV: the store says how it went; the file is downloaded here. */
function ExportButton() {
  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    const file = await useAdminUsers.getState().exportCsv();
    if (file !== null) downloadFile(file.name, file.text, "text/csv;charset=utf-8");
    setExporting(false);
  }
  return (
    <button type="button" onClick={() => void exportCsv()} disabled={exporting}>
      {exporting ? "Exporting..." : "Export CSV"}
    </button>
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
