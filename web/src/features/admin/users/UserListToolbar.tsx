// The user list's toolbar: search, the filters with their counts (UserListFilters.tsx), the sort
// on narrow screens, the page size, 'Clear filters', the table's columns and the CSV export. On
// narrow screens the filters fold behind a 'Filters' button that says how many are set, so the
// first screen shows users (issue 27).

import { useId, useState } from "react";
import { PAGE_SIZES, type PageSize, useAdminUsers } from "./user_list.ts";
import { CSV_TYPE } from "./user_list_query.ts";
import { downloadFile } from "../../../lib/download.ts";
import { COLUMNS, type ListFilters, NO_FILTERS, type SortKey } from "./user_filters.ts";
import { useColumnLabel } from "./user_columns.ts";
import { activeFilters, FilterFields } from "./UserListFilters.tsx";
import { ColumnsMenu } from "./ColumnsMenu.tsx";
import { COMMON } from "../../../i18n/areas/common.ts";
import { ULIST_PAGE } from "./texts/ulist_page.ts";
import { useT } from "../../../i18n/i18n.ts";
import "../admin_users.css";

/** Props of the toolbar: the address's filters and the way to change them. */
export interface UserListToolbarProps {
  filters: ListFilters;
  setFilters: (patch: Partial<ListFilters>) => void;
  /** The table is shown (its headers sort): no 'Sort by' here. */
  wide: boolean;
}

/** The toolbar above the list. */
export function UserListToolbar(props: UserListToolbarProps) {
  const t = useT(ULIST_PAGE);
  const common = useT(COMMON);
  const { filters, setFilters, wide } = props;
  const search = useAdminUsers((s) => s.search);
  const limit = useAdminUsers((s) => s.limit);
  const { setSearch, setLimit } = useAdminUsers.getState();
  const set = activeFilters(filters);
  const [open, setOpen] = useState(false);
  const fieldsId = useId();
  const shown = wide || open;

  return (
    <div className="users-toolbar" role="search">
      <label className="users-search">
        {common("search")}
        <input
          type="search"
          value={search}
          placeholder={t("searchPlaceholder")}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      {!wide && (
        <button
          type="button"
          className="users-filters-toggle"
          aria-expanded={open}
          aria-controls={fieldsId}
          onClick={() => setOpen(!open)}
        >
          {set > 0 ? t("filtersCount", { count: set }) : t("filters")}
        </button>
      )}
      <div id={fieldsId} className="users-filter-fields" hidden={!shown}>
        <FilterFields filters={filters} setFilters={setFilters} />
        {!wide && <SortSelect filters={filters} setFilters={setFilters} />}
        <label>
          {t("perPage")}
          <select value={limit} onChange={(e) => setLimit(Number(e.target.value) as PageSize)}>
            {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </label>
      </div>
      <div className="users-toolbar-end">
        {wide && <ColumnsMenu />}
        {set > 0 && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              const { status, role, station, locked, expiring, twoFactor } = NO_FILTERS;
              setFilters({ status, role, station, locked, expiring, twoFactor });
            }}
          >
            {t("clearFilters")}
          </button>
        )}
        <ExportButton />
      </div>
    </div>
  );
}

/** The sort of narrow screens (the table's headers sort on wide ones). */
function SortSelect(props: Omit<UserListToolbarProps, "wide">) {
  const t = useT(ULIST_PAGE);
  const label = useColumnLabel();
  const { filters, setFilters } = props;
  return (
    <label>
      {t("sortBy")}
      <select
        value={`${filters.sort}:${filters.order}`}
        onChange={(e) => {
          const [sort, order] = e.target.value.split(":") as [SortKey, "asc" | "desc"];
          setFilters({ sort, order });
        }}
      >
        {COLUMNS.flatMap((c) => {
          const column = label(c.key);
          return [
            <option key={`${c.key}:asc`} value={`${c.key}:asc`}>
              {t("ascending", { column })}
            </option>,
            <option key={`${c.key}:desc`} value={`${c.key}:desc`}>
              {t("descending", { column })}
            </option>,
          ];
        })}
      </select>
    </label>
  );
}

/** Export CSV: the store says how it went; the file is downloaded here. */
function ExportButton() {
  const t = useT(ULIST_PAGE);
  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    const file = await useAdminUsers.getState().exportCsv();
    if (file !== null) downloadFile(file.name, file.text, CSV_TYPE);
    setExporting(false);
  }
  return (
    <button type="button" onClick={() => void exportCsv()} disabled={exporting}>
      {t(exporting ? "exporting" : "exportCsv")}
    </button>
  );
}
