// The user list's filters and sort as they stand in the address (/apps/admin-apps/users?locked=true
// &expiring=30&twoFactor=off&sort=passwordExpiry), so that the dashboard's alerts link to a
// filtered list and Back returns to the filters the admin left. Pure and small: the route reads it
// before the screen loads.

import type { Role } from "../../../../../api/rules/roles.ts";
import type { api } from "../../../lib/api/client.ts";

/** A column the list sorts by: one of the API's sort keys (the type comes from its query). */
export type SortKey = NonNullable<
  Parameters<typeof api.api.users.paginated.$get>[0]["query"]["sort"]
>;

/** The table's sortable columns in order, by sort key (their header texts are the screens'). */
export const COLUMNS: readonly { key: SortKey }[] = [
  { key: "employeeCode" },
  { key: "fullName" },
  { key: "station" },
  { key: "role" },
  { key: "isActive" },
  { key: "lastLogin" },
  { key: "passwordExpiry" },
];

const SORT_KEYS = COLUMNS.map((c) => c.key);

/** The status filter of the list. */
export type StatusFilter = "all" | "active" | "inactive";

/** The role filter of the list. */
export type RoleFilter = "all" | Role;

/** The password expiry filter: expired only, within 7 or 30 days (expired included), or any. */
export type ExpiringFilter = "" | "7" | "30" | "expired";

/** The two-factor filter: with a second factor ('on'), without ('off'), or either. */
export type TwoFactorFilter = "all" | "on" | "off";

/** Everything that narrows or orders the list, besides the search text and the page. */
export interface ListFilters {
  status: StatusFilter;
  role: RoleFilter;
  /** A 3-letter station, '' for every station the admin may see. */
  station: string;
  locked: boolean;
  expiring: ExpiringFilter;
  twoFactor: TwoFactorFilter;
  sort: SortKey;
  order: "asc" | "desc";
}

/** No filter, by employee code ascending (the API's default order). */
export const NO_FILTERS: ListFilters = {
  status: "all",
  role: "all",
  station: "",
  locked: false,
  expiring: "",
  twoFactor: "all",
  sort: "employeeCode",
  order: "asc",
};

/** The address's search of the list: only what differs from no filter, with the search text
 * (`q`) and the page, so that Back and a reload return to the same page of the same search. */
export interface UserListSearch {
  q?: string;
  page?: number;
  status?: "active" | "inactive";
  role?: Role;
  station?: string;
  locked?: boolean;
  /** A number, so that the address reads `expiring=30` (the router quotes strings of digits). */
  expiring?: 7 | 30 | "expired";
  twoFactor?: "on" | "off";
  sort?: SortKey;
  order?: "desc";
}

/** 7, 30 or 'expired' from an address's value, whether the router gives a number or a string. */
function expiringDays(value: unknown): 7 | 30 | "expired" | undefined {
  const text = String(value).replace(/"/g, "");
  if (text === "expired") return "expired";
  const n = Number(text);
  return n === 7 || n === 30 ? n : undefined;
}

/** The address's page: a whole number from 2 on (page 1 is left out). */
function pageOf(value: unknown): number | undefined {
  const n = Number(String(value).replace(/"/g, ""));
  return Number.isInteger(n) && n > 1 && n <= 100_000 ? n : undefined;
}

const oneOf = <T extends string>(values: readonly T[], v: unknown): T | undefined =>
  values.includes(v as T) ? v as T : undefined;

/** Reads the address's search, dropping anything that is not a known value. */
export function validateUserListSearch(raw: Record<string, unknown>): UserListSearch {
  const station = typeof raw.station === "string" ? raw.station.trim().toUpperCase() : "";
  const q = typeof raw.q === "string" || typeof raw.q === "number" ? String(raw.q) : "";
  const search: UserListSearch = {
    q: q.trim() === "" ? undefined : q.slice(0, 100),
    page: raw.page === undefined ? undefined : pageOf(raw.page),
    status: oneOf(["active", "inactive"], raw.status),
    role: oneOf(["super_admin", "admin", "user"], raw.role),
    station: /^[A-Z0-9]{1,3}$/.test(station) ? station : undefined,
    locked: raw.locked === true || raw.locked === "true" ? true : undefined,
    expiring: raw.expiring === undefined ? undefined : expiringDays(raw.expiring),
    twoFactor: oneOf(["on", "off"], raw.twoFactor),
    sort: oneOf(SORT_KEYS, raw.sort),
    order: raw.order === "desc" ? "desc" : undefined,
  };
  for (const key of Object.keys(search) as (keyof UserListSearch)[]) {
    if (search[key] === undefined) delete search[key];
  }
  return search;
}

/** The filters an address's search stands for. */
export function filtersOf(search: UserListSearch): ListFilters {
  return {
    status: search.status ?? "all",
    role: search.role ?? "all",
    station: search.station ?? "",
    locked: search.locked === true,
    expiring: search.expiring === undefined ? "" : String(search.expiring) as ExpiringFilter,
    twoFactor: search.twoFactor ?? "all",
    sort: search.sort ?? "employeeCode",
    order: search.order ?? "asc",
  };
}

/** The address's search of these filters. */
export function searchOf(filters: ListFilters): UserListSearch {
  return validateUserListSearch({
    status: filters.status,
    role: filters.role,
    station: filters.station,
    locked: filters.locked,
    expiring: filters.expiring === "" ? undefined : filters.expiring,
    twoFactor: filters.twoFactor,
    sort: filters.sort === "employeeCode" ? undefined : filters.sort,
    order: filters.order,
  });
}

/** Whether two sets of filters ask the same of the server. */
export function sameFilters(a: ListFilters, b: ListFilters): boolean {
  return (Object.keys(a) as (keyof ListFilters)[]).every((k) => a[k] === b[k]);
}
